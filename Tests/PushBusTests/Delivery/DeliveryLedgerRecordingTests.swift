import Foundation
import PushBus
import PushBusRouting
import PushBusTestSupport
import PushBusTesting
import Testing

/// The delivery writes what it classifies into its ledger, and an open recorded in one launch is never delivered
/// (counted, routed) again in the next.
@Suite(.timeLimit(.minutes(2))) struct DeliveryLedgerRecordingTests {
    let date = Date(timeIntervalSince1970: 1_800_000_000)

    func snapshot(_ id: String = "REQ-1", date: Date? = nil) -> NotificationSnapshot {
        NotificationSnapshot(
            requestIdentifier: id, date: date ?? self.date, trigger: .push,
            content: PushContent(userInfo: Payloads.alert))
    }

    /// One launch of the app: a center, a delivery on `ledger`, an adapter, and a recorder of what subscribers get.
    struct Launch {
        let center: PushCenter
        let delivery: PushDelivery
        let adapter: UserNotificationAdapter
        let received = Recorder<PushMessage>()
        let subscription: PushCancellable

        init(ledger: DeliveryLedger, clock: ManualClock) {
            center = PushCenter(configuration: .init(clock: clock))
            delivery = PushDelivery(center: center, ledger: ledger)
            delivery.completionClock = clock
            adapter = UserNotificationAdapter(delivery: delivery)
            let received = received
            subscription = center.subscribe { received.record($0) }
        }
    }

    func ledger(_ directory: URL? = nil, clock: ManualClock) throws -> DeliveryLedger {
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        guard let directory else { return DeliveryLedger(configuration: configuration) }
        return try DeliveryLedger(directory: directory, configuration: configuration)
    }

    @Test func arrivalsPresentationsAndResponsesAreRecordedOnce() async throws {
        let clock = ManualClock()
        let launch = Launch(ledger: try ledger(clock: clock), clock: clock)
        _ = await launch.adapter.willPresent(snapshot())
        await launch.adapter.didReceive(
            ResponseSnapshot(notification: snapshot(), actionIdentifier: "REPLY", userText: "on my way"),
            appState: .active)
        await launch.adapter.didReceive(  // the same response reported again
            ResponseSnapshot(notification: snapshot(), actionIdentifier: "REPLY", userText: "on my way"),
            appState: .active)
        let records = launch.delivery.ledger.allRecords
        #expect(records.map(\.event.kind) == [.received, .presented, .opened])
        #expect(records.last?.event.action == "REPLY")
        #expect(records.last?.event.userText == "on my way")
        #expect(records.allSatisfy { $0.requestIdentifier == "REQ-1" && $0.notificationDate == date })
    }

    @Test func aDismissalIsRecordedAsDismissed() async throws {
        let clock = ManualClock()
        let launch = Launch(ledger: try ledger(clock: clock), clock: clock)
        await launch.adapter.didReceive(
            ResponseSnapshot(
                notification: snapshot(), actionIdentifier: "com.apple.UNNotificationDismissActionIdentifier"),
            appState: .background)
        #expect(launch.delivery.ledger.allRecords.map(\.event.kind) == [.dismissed])
    }

    @Test func anOpenRecordedInOneLaunchIsNotDeliveredAgainInTheNext() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        let tap = ResponseSnapshot(
            notification: snapshot(), actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier")
        // Given: the first launch handled the tap
        do {
            let first = Launch(ledger: try ledger(directory.url, clock: clock), clock: clock)
            await first.adapter.didReceive(tap, appState: .inactive)
            #expect(first.received.count == 1)
            first.delivery.ledger.waitForWrites()  // the process's writes are done before it can be suspended
        }
        // When: the app is killed, relaunched, and iOS (or an SDK) reports the same tap again
        clock.advance(by: 120)
        let second = Launch(ledger: try ledger(directory.url, clock: clock), clock: clock)
        let monitored = Recorder<PostReceipt>()
        let monitor = second.center.monitor { _, receipt in monitored.record(receipt) }
        defer { monitor.cancel() }
        let completed = Recorder<Void>()
        second.adapter.didReceive(tap, appState: .inactive) { completed.record() }
        // Then: nobody gets it again, and the completion still runs once
        #expect(await eventually { completed.count == 1 })
        #expect(second.received.count == 0)
        // Not silently: monitors see it as a duplicate, and the hub counts it
        #expect(monitored.values == [.duplicate])
        #expect(second.center.statistics.duplicates == 1)
        // But a new delivery of the same payload (another request) is delivered
        await second.adapter.didReceive(
            ResponseSnapshot(
                notification: snapshot("REQ-2", date: clock.now),
                actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier"),
            appState: .inactive)
        #expect(second.received.count == 1)
    }

    @Test func theRouterRecordsTheRouteItTookInTheDeliverysLedger() async throws {
        let clock = ManualClock()
        let launch = Launch(ledger: try ledger(clock: clock), clock: clock)
        let router = PushRouter(schemes: ["myapp"], isReady: false)
        try router.register("myapp://order/:id") { _ in }
        let attached = router.attach(to: launch.delivery.center, options: .init(ledger: launch.delivery.ledger))
        await launch.adapter.didReceive(
            ResponseSnapshot(
                notification: snapshot(), actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier"),
            appState: .inactive)
        let routed = launch.delivery.ledger.allRecords.filter { $0.event.kind == .routed }
        #expect(routed.map(\.event.url?.absoluteString) == ["myapp://order/42"])
        attached.cancel()
    }
}
