import Foundation
import PushBus
@_spi(PushBusInternals) import PushBusCore
import PushBusRouting
import Testing

/// The JPush seed's mapping as a library feature: payload values → a route with parameters.
@Suite struct PayloadRouteRuleTests {
    /// Seed 001: BusinessLine 1 is a flight order, 6 a train order; OrderID names the order.
    let rules = PayloadRouteRules([
        PayloadRouteRule(when: ["BusinessLine": "1"], open: "app://flight/order/{OrderID}"),
        PayloadRouteRule(when: ["BusinessLine": "6"], open: "app://train/order/{OrderID}"),
    ])

    func message(_ payload: [AnyHashable: Any]) -> PushMessage {
        PushMessage(kind: .remoteTapped, content: PushContent(userInfo: payload))
    }

    @Test func numbersAndStringsAlikeSelectTheRule() {
        let number = message(["aps": ["alert": "x"], "BusinessLine": 6, "OrderID": "T2024"])
        let text = message(["aps": ["alert": "x"], "BusinessLine": "1", "OrderID": 88])
        #expect(rules.link(for: number)?.url == "app://train/order/T2024")
        #expect(rules.link(for: text)?.url == "app://flight/order/88")
    }

    @Test func noRuleAppliesToAnUnknownLineOrAMissingPlaceholderKey() {
        #expect(rules.link(for: message(["BusinessLine": 3, "OrderID": "H1"])) == nil)
        #expect(rules.link(for: message(["BusinessLine": 6])) == nil)
    }

    @Test func aValueCannotClimbOrAddSegments() {
        let hostile = message(["BusinessLine": 1, "OrderID": "../../admin?x=1#y"])
        let url = rules.link(for: hostile)?.url
        #expect(url == "app://flight/order/..%2F..%2Fadmin%3Fx=1%23y")
        #expect(rules.link(for: message(["BusinessLine": 1, "OrderID": ".."]))?.url == "app://flight/order/%2E%2E")
    }

    @Test func theRouterOpensTheMappedRouteWithItsParameter() throws {
        let router = PushRouter(schemes: ["app"])
        let opened = LockedState<[String]>([])
        try router.register("app://train/order/:orderId") { request in
            opened.withLock { $0.append(request["orderId"] ?? "") }
        }
        let center = PushCenter()
        let subscription = router.attach(
            to: center, options: .init(link: { rules.link(for: $0) ?? PushRouteLink.default(in: $0) }))
        center.post(message(["aps": ["alert": "Train booked"], "BusinessLine": 6, "OrderID": "G1234"]))
        #expect(opened.withLock { $0 } == ["G1234"])
        subscription.cancel()
    }
}
