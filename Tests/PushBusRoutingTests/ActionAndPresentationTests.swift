import Foundation
import PushBusRouting
import PushBusTestSupport
import Testing

@Suite struct ActionAndPresentationTests {
    let router = PushRouter(schemes: ["myapp"])

    @Test func actionRoutesRunWorkWithoutAScreen() throws {
        let requests = Recorder<RouteRequest>()
        try router.registerAction("myapp://abc_action") { requests.record($0) }
        #expect(router.open("myapp://abc_action").match != nil)
        let request = try #require(requests.values.first)
        #expect(request.isAction)
        #expect(request.presentation == .none)
    }

    @Test func screenRoutesCarryTheirPreferredPresentation() throws {
        let requests = Recorder<RouteRequest>()
        try router.register("myapp://settings", options: RouteOptions(presentation: .present)) { requests.record($0) }
        try router.register("myapp://sheet", options: RouteOptions(presentation: .custom("sheet"))) {
            requests.record($0)
        }
        try router.record("myapp://user", into: requests)
        router.open("myapp://settings")
        router.open("myapp://sheet")
        router.open("myapp://user")
        #expect(requests.values.map(\.presentation) == [.present, .custom("sheet"), .automatic])
        #expect(requests.values.map(\.isAction) == [false, false, false])
    }

    @Test func contextReachesTheHandlerAndItsParametersSitBetweenQueryAndPath() throws {
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://product/:id", into: requests)
        let context = RouteContext(parameters: ["id": "999", "name": "from context", "ref": "ctx"], values: ["n": 7])
        router.open("myapp://product/1?ref=query&page=2", source: .widget, context: context)
        let request = try #require(requests.values.first)
        #expect(request.parameters == ["id": "1", "name": "from context", "ref": "ctx", "page": "2"])
        #expect(request.context["n"] as? Int == 7)
        #expect(request.source == .widget)
    }

    @Test func extraParametersMergeBelowPathParameters() throws {
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://product/:id", into: requests)
        router.open("myapp://product/1", context: RouteContext(parameters: ["id": "2", "name": "iPhone"]))
        #expect(requests.values.first?.parameters == ["id": "1", "name": "iPhone"])
    }

    @Test func foundationURLsOpenByTheirText() throws {
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://user/:id", into: requests)
        router.open(URL(string: "myapp://user/5")!.absoluteString, source: .urlScheme)
        #expect(requests.values.first?.parameters["id"] == "5")
    }

    @Test func surroundingWhitespaceFromAPayloadIsForgiven() throws {
        try router.register("myapp://user/:id") { _ in }
        #expect(router.match(" myapp://user/5\n")?.parameters["id"] == "5")
    }

    @Test func typedAccessorReadsIntegers() throws {
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://p/:id", into: requests)
        router.open("myapp://p/12?n=x")
        #expect(requests.values.first?.int("id") == 12)
        #expect(requests.values.first?.int("n") == nil)
        #expect(requests.values.first?["id"] == "12")
    }
}
