import PushBus
import PushBusRouting
import Testing

@Suite struct PushRouteLinkTests {
    static func message(_ payload: [AnyHashable: Any]) -> PushMessage {
        PushMessage(kind: .remoteTapped, content: PushContent(userInfo: payload))
    }

    @Test func seedsPayloadGivesRouteAndStringParameters() throws {
        let link = try #require(
            PushRouteLink.default(
                in: Self.message([
                    "aps": ["alert": "x"], "route": "app://product/8888",
                    "parameters": ["name": "测试商品", "price": "99"],
                ])))
        #expect(link.url == "app://product/8888")
        #expect(link.parameters == ["name": "测试商品", "price": "99"])
    }

    @Test func nonStringParametersAreWrittenOut() {
        let parameters = PushRouteLink.parameters(
            in: ["price": 7999, "ratio": 0.5, "whole": 3.0, "vip": true, "none": .null, "tags": ["a", "b"]])
        #expect(parameters == ["price": "7999", "ratio": "0.5", "whole": "3", "vip": "true", "tags": "[\"a\",\"b\"]"])
    }

    @Test func relativeRouteIsFoundWhenTheCoreSeesNoURL() throws {
        let message = Self.message(["aps": ["alert": "x"], "route": "product/12345"])
        #expect(PushRouteLink.default(in: message)?.url == "product/12345")
    }

    @Test func noLinkMeansNothingToRoute() {
        let router = PushRouter(schemes: ["app"])
        let message = Self.message(["aps": ["alert": "x"], "route": ""])
        #expect(PushRouteLink.default(in: message) == nil)
        #expect(router.notifications.route(message) == nil)
    }
}
