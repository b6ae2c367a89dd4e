import Foundation
import PushBus
import PushBusRouting
import PushBusTestSupport
import PushBusTesting
import Testing

/// The seeds' cold-start problem: a tap arrives before any UI or router exists, and must open exactly once.
@Suite struct ColdStartTests {
    /// The seeds' payload: `route` plus `parameters`.
    static var seedPayload: [AnyHashable: Any] {
        [
            "aps": ["alert": ["title": "新商品上架", "body": "iPhone 16 Pro 现已开售"], "badge": 1, "sound": "default"],
            "route": "app://product/12345",
            "parameters": ["name": "iPhone 16 Pro", "price": "7999"],
        ]
    }

    static func tap(_ userInfo: [AnyHashable: Any], action: PushResponse.Action = .open) -> PushMessage {
        PushMessage(
            kind: .remoteTapped, content: PushContent(userInfo: userInfo), response: PushResponse(action: action),
            appState: .notRunning, path: .launchOptions
        )
    }

    @Test func tapPostedBeforeAttachAndBeforeReadyOpensExactlyOnceAfterReady() throws {
        // Given: the tap arrives during launch, before the router exists.
        let center = PushCenter()
        #expect(center.post(Self.tap(Self.seedPayload)) == .parked)

        // When: the router attaches while the UI is not ready…
        let router = PushRouter(schemes: ["app"], isReady: false)
        let requests = Recorder<RouteRequest>()
        try router.record("app://product/:id", into: requests)
        let subscription = router.attach(to: center)
        defer { subscription.cancel() }
        #expect(requests.count == 0)
        #expect(router.deferredCount == 1)

        // Then: it opens once the first screen says so, exactly once.
        router.setReady(true)
        router.setReady(true)
        #expect(requests.count == 1)
        let request = try #require(requests.values.first)
        #expect(request.url == "app://product/12345")
        #expect(request.source == .push)
        #expect(request.parameters == ["id": "12345", "name": "iPhone 16 Pro", "price": "7999"])
        #expect(request.message?.kind == .remoteTapped)
    }

    @Test func reattachingDoesNotOpenTheSameTapTwice() throws {
        let center = PushCenter()
        center.post(Self.tap(Self.seedPayload))
        let router = PushRouter(schemes: ["app"])
        let requests = Recorder<RouteRequest>()
        try router.record("app://product/:id", into: requests)
        let first = router.attach(to: center)
        first.cancel()
        let second = router.attach(to: center)
        defer { second.cancel() }
        #expect(requests.count == 1)
    }

    @Test func aRepeatingNotificationDeliveredAgainLaterOpensAgain() throws {
        let clock = ManualClock()
        let router = PushRouter(configuration: PushRouter.Configuration(schemes: ["app"], clock: clock))
        let requests = Recorder<RouteRequest>()
        try router.record("app://product/:id", into: requests)
        let content = PushContent(userInfo: Self.seedPayload)
        let tap = PushMessage(kind: .localTapped, content: content, date: clock.now)
        router.notifications.route(tap)
        router.notifications.route(tap)
        clock.advance(by: 86_400)
        router.notifications.route(PushMessage(kind: .localTapped, content: content, date: clock.now))
        #expect(requests.count == 2)
    }

    @Test func theRoutedMemoryRunsOnTheMonotonicClockNotOnReportDates() throws {
        // Given a tap routed once, and its repeat reported with a date a day later (a wall clock that jumped).
        let clock = ManualClock()
        let router = PushRouter(configuration: PushRouter.Configuration(schemes: ["app"], clock: clock))
        let requests = Recorder<RouteRequest>()
        try router.record("app://product/:id", into: requests)
        let content = PushContent(userInfo: Self.seedPayload)
        router.notifications.route(
            PushMessage(kind: .localTapped, content: content, date: Date(timeIntervalSince1970: 0)))
        router.notifications.route(
            PushMessage(kind: .localTapped, content: content, date: Date(timeIntervalSince1970: 86_400)))
        // Then it is the same report within the window: no monotonic time passed.
        #expect(requests.count == 1)
    }

    @Test func tapWhileRunningOpensImmediately() throws {
        let center = PushCenter()
        let router = PushRouter(schemes: ["app"])
        let requests = Recorder<RouteRequest>()
        try router.record("app://product/:id", into: requests)
        let subscription = router.attach(to: center)
        defer { subscription.cancel() }
        center.post(Self.tap(Self.seedPayload))
        #expect(requests.count == 1)
    }

    @Test func relativeRouteInAPushMatchesSchemeLessPatterns() throws {
        let center = PushCenter()
        let router = PushRouter(schemes: ["app"])
        let requests = Recorder<RouteRequest>()
        try router.record("product/:id", into: requests)
        let subscription = router.attach(to: center)
        defer { subscription.cancel() }
        center.post(Self.tap(["aps": ["alert": "x"], "route": "product/12345", "parameters": ["price": 7999]]))
        #expect(requests.values.first?.parameters == ["id": "12345", "price": "7999"])
    }

    @Test func dismissAndCustomActionsAreNotRouted() throws {
        let center = PushCenter()
        let router = PushRouter(schemes: ["app"])
        let requests = Recorder<RouteRequest>()
        try router.record("app://product/:id", into: requests)
        let subscription = router.attach(to: center)
        defer { subscription.cancel() }
        center.post(Self.tap(Self.seedPayload, action: .dismiss))
        center.post(Self.tap(Self.seedPayload, action: .custom("LIKE")))
        #expect(requests.count == 0)
    }

    @Test func receivedButNotTappedMessagesAreNotRouted() throws {
        let center = PushCenter()
        let router = PushRouter(schemes: ["app"])
        let requests = Recorder<RouteRequest>()
        try router.record("app://product/:id", into: requests)
        let subscription = router.attach(to: center)
        defer { subscription.cancel() }
        center.post(PushMessage(kind: .remote, content: PushContent(userInfo: Self.seedPayload)))
        #expect(requests.count == 0)
    }

    @Test func internalRouteFromAPushIsRejected() throws {
        let center = PushCenter()
        let router = PushRouter(schemes: ["app"])
        let requests = Recorder<RouteRequest>()
        let failures = Recorder<RouteError>()
        try router.record("app://product/:id", access: .internal, into: requests)
        let observation = router.observe { if case .didFail(let failure) = $0 { failures.record(failure.error) } }
        let subscription = router.attach(to: center)
        defer {
            subscription.cancel()
            observation.cancel()
        }
        center.post(Self.tap(Self.seedPayload))
        #expect(requests.count == 0)
        #expect(failures.values == [.accessDenied(pattern: "app://product/:id", source: .push)])
    }

    @Test func linkExtractionIsConfigurable() throws {
        let center = PushCenter()
        let router = PushRouter(schemes: ["app"])
        let requests = Recorder<RouteRequest>()
        try router.record("app://chat/:id", into: requests)
        let options = PushRouter.AttachOptions(
            filter: .all, shouldRoute: { _ in true },
            link: { message in
                message.content.customData["chat"]?.stringValue.map { PushRouteLink(url: "app://chat/\($0)") }
            },
            source: .custom("chat-push")
        )
        let subscription = router.attach(to: center, options: options)
        defer { subscription.cancel() }
        center.post(PushMessage(kind: .remote, content: PushContent(userInfo: ["aps": ["alert": "hi"], "chat": "7"])))
        #expect(requests.values.first?.source == .custom("chat-push"))
        #expect(requests.values.first?.parameters["id"] == "7")
    }
}
