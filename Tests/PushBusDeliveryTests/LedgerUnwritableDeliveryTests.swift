import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusDelivery
import PushBusHub
import PushBusStorage
import PushBusTestSupport
import Testing

/// A ledger that cannot be written (a record it refuses, a lock another process holds) never stops a delivery:
/// the tap reaches its subscribers and iOS is answered. The ledger's own side of both: `LedgerWriteFailureTests`,
/// `LedgerWriterTests` (PushBusStorageTests).
@Suite(.timeLimit(.minutes(2))) struct LedgerUnwritableDeliveryTests {
    private static let hugeText = String(repeating: "a", count: 2 << 20)

    private static func response(text: String) -> ResponseSnapshot {
        let content = PushContent(userInfo: ["aps": ["alert": "Reply?", "category": "CHAT"]])
        let notification = NotificationSnapshot(requestIdentifier: "chat-1", content: content)
        return ResponseSnapshot(notification: notification, actionIdentifier: "REPLY", userText: text)
    }

    @Test func aLedgerThatCannotBeWrittenNeverStopsADelivery() throws {
        // Given an app whose delivery is backed by a durable ledger
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let center = PushCenter()
        let delivery = PushDelivery(center: center, ledger: try DeliveryLedger(directory: directory.url))
        let received = LockedState<[PushMessage]>([])
        let subscription = center.subscribe(.tapped) { message in received.withLock { $0.append(message) } }
        let completed = LockedState(0)

        // When a response the ledger refuses arrives (typed text larger than a record may be)
        UserNotificationAdapter(delivery: delivery).didReceive(
            Self.response(text: Self.hugeText), appState: .active,
            completionHandler: { completed.withLock { $0 += 1 } })

        // Then the subscriber still gets it, the completion still runs, and the failure is a diagnostic once the
        // ledger's writer tried (the delivery never waits for it)
        delivery.ledger.waitForWrites()
        #expect(received.withLock { $0.map(\.response?.userText?.count) } == [Self.hugeText.count])
        #expect(delivery.deliveryDiagnostics.findings.map(\.code).contains("ledger.unwritable"))
        #expect(completed.withLock { $0 } == 1)
        withExtendedLifetime(subscription) {}
    }

    @Test func aTapIsDeliveredAndAnsweredWhileAnotherProcessHoldsTheLedger() throws {
        // Given an app whose delivery writes a durable ledger another process has locked
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let center = PushCenter()
        var configuration = DeliveryLedger.Configuration()
        configuration.maximumLockWait = 5
        let ledger = try DeliveryLedger(directory: directory.url, configuration: configuration)
        let delivery = PushDelivery(center: center, ledger: ledger)
        let taps = Recorder<PushMessage>()
        let subscription = center.subscribe(.tapped) { taps.record($0) }
        defer { subscription.cancel() }
        let lock = try ForeignLedgerLock(directory)
        let completed = LockedBox(0)

        // When the user taps the notification (the writer waits up to 5 s for the lock; the tap does not)
        let content = PushContent(userInfo: ["aps": ["alert": "Sale"], "gcm.message_id": "m-1"])
        UserNotificationAdapter(delivery: delivery).didReceive(
            ResponseSnapshot(
                notification: NotificationSnapshot(requestIdentifier: "r-1", content: content),
                actionIdentifier: PushResponse.Action.defaultActionIdentifier),
            appState: .active, completionHandler: { completed.withValue { $0 += 1 } })

        // Then the tap reached the app and iOS was answered, with the lock still held
        #expect(taps.count == 1)
        #expect(completed.value == 1)
        #expect(ledger.hasRecorded(.opened, messageID: taps.values[0].id))
        lock.release()
        ledger.waitForWrites()
        #expect(try DeliveryLedger(directory: directory.url).hasRecorded(.opened, messageID: taps.values[0].id))
    }
}
