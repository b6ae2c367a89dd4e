import Foundation
import PushBus
import PushBusRouting
import PushBusTestSupport
import Testing

/// A cold-start tap taken by another subscription before the router attached is never lost silently (issue 17).
@Suite struct TapTakenBeforeAttachTests {
    @Test func aRouterAttachedAfterAnAnalyticsSubscriptionTookTheTapReportsIt() throws {
        // Given analytics subscribed in the app delegate (a consumer, not a monitor) and the cold-start tap
        let center = PushCenter()
        let analytics = center.subscribe { _ in }
        center.post(ColdStartTests.tap(ColdStartTests.seedPayload))

        // When the router attaches later
        let router = PushRouter(schemes: ["app"], isReady: false)
        let requests = Recorder<RouteRequest>()
        try router.record("app://product/:id", into: requests)
        let events = Recorder<String>()
        let observation = router.observe { event in
            if case .tapTakenBeforeAttach(let tap) = event { events.record(tap.takenBy.joined(separator: ", ")) }
        }
        let subscription = router.attach(to: center)
        router.setReady(true)

        // Then the tap is not routed, but the router says so, naming the subscription and its filter
        #expect(requests.count == 0)
        #expect(events.values == ["subscribe .all"])
        #expect(
            router.notifications.diagnose().contains { $0.contains("was taken before attach(to:) by subscribe .all") })
        _ = (analytics, observation, subscription)
    }

    @Test func aSequenceMadeButNeverIteratedThatTookTheTapIsReportedToo() throws {
        // Given an inbox screen's `messages()` sequence made at launch but not iterated yet: it takes the tap
        let center = PushCenter()
        let inbox = center.messages()
        center.post(ColdStartTests.tap(ColdStartTests.seedPayload))

        // When the router attaches
        let router = PushRouter(schemes: ["app"], isReady: false)
        try router.register("app://product/:id") { _ in }
        let subscription = router.attach(to: center)

        // Then the router says which consumer took it
        #expect(router.notifications.diagnose().contains { $0.contains("was taken before attach(to:) by messages()") })
        _ = (inbox, subscription)
    }

    @Test func aMonitorMadeFirstLeavesTheTapToTheRouterAndNothingIsReported() throws {
        let center = PushCenter()
        let analytics = center.monitor { _, _ in }
        center.post(ColdStartTests.tap(ColdStartTests.seedPayload))

        let router = PushRouter(schemes: ["app"])
        let requests = Recorder<RouteRequest>()
        try router.record("app://product/:id", into: requests)
        let subscription = router.attach(to: center)

        #expect(requests.count == 1)
        #expect(router.notifications.diagnose().count == 1, "only the readiness line")
        _ = (analytics, subscription)
    }

    @Test func reattachingTheSameRouterDoesNotReportItsOwnTap() throws {
        let center = PushCenter()
        center.post(ColdStartTests.tap(ColdStartTests.seedPayload))
        let router = PushRouter(schemes: ["app"])
        try router.register("app://product/:id") { _ in }
        router.attach(to: center).cancel()
        let second = router.attach(to: center)
        #expect(router.notifications.diagnose().count == 1)
        _ = second
    }
}
