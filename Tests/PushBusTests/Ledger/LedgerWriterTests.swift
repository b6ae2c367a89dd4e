import Foundation
import PushBus
import PushBusTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ledger's writer: callers hand records over and go on; one thread does the file work, waits for other
/// processes' locks (never the caller), and writes everything waiting in one group.
@Suite(.timeLimit(.minutes(2))) struct LedgerWriterTests {
    static let message = PushMessage(
        content: PushContent(userInfo: ["aps": ["alert": "Sale"], "gcm.message_id": "m-1"]), requestIdentifier: "r-1")

    /// Another process's exclusive lock on the ledger: a separate open of `ledger.lock` conflicts with the ledger's
    /// own, even in this process (`flock` locks belong to the open file).
    final class ForeignLock {
        let descriptor: Int32

        init(_ directory: LedgerDirectory) throws {
            descriptor = open(directory.url.appendingPathComponent("ledger.lock").path, O_RDWR)
            // blocking-ok: the ledger holds the lock only inside a write (microseconds); no test takes it while
            // another foreign lock holds it
            guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else { throw CocoaError(.fileLocking) }
        }

        func release() {
            _ = flock(descriptor, LOCK_UN)
            _ = close(descriptor)
        }
    }

    static func configuration(lockWait: TimeInterval = 0.05) -> DeliveryLedger.Configuration {
        var configuration = DeliveryLedger.Configuration()
        configuration.maximumLockWait = lockWait
        return configuration
    }

    @Test func anEnqueuedRecordIsSeenAtOnceAndIsOnDiskAfterTheWriterRan() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url)

        // When a record is handed to the writer
        ledger.enqueue(.received, for: Self.message)

        // Then this process's queries see it at once, and another process sees it once it is written
        #expect(ledger.history(of: Self.message.id).map(\.event.kind) == [.received])
        #expect(ledger.hasRecorded(.received, messageID: Self.message.id, requestIdentifier: "r-1"))
        ledger.waitForWrites()
        #expect(ledger.unwrittenCount == 0)
        let other = try DeliveryLedger(directory: directory.url)
        #expect(other.history(of: Self.message.id).map(\.sequence) == [1])
    }

    @Test func aLockHeldByAnotherProcessNeverHoldsUpTheCallerAndTheRecordIsWrittenOnceItIsFree() throws {
        // Given a ledger whose file another process keeps locked
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url, configuration: Self.configuration())
        let lock = try ForeignLock(directory)

        // When the app records a delivery: the call returns while the lock is still held
        ledger.enqueue(.received, for: Self.message)
        ledger.waitForWrites()  // the writer's attempt gives up after maximumLockWait

        // Then the record waits, visible, unnumbered
        #expect(ledger.unwrittenCount == 1)
        #expect(ledger.history(of: Self.message.id).map(\.sequence) == [DeliveryRecord.unwritten])

        // When the other process lets go: the next attempt writes it
        lock.release()
        ledger.waitForWrites()
        #expect(ledger.unwrittenCount == 0)
        #expect(ledger.history(of: Self.message.id).map(\.sequence) == [1])
        #expect(try DeliveryLedger(directory: directory.url).count == 1)
    }

    @Test func anAppendThatCannotGetTheLockFailsAfterTheWaitAndIsNotKept() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url, configuration: Self.configuration())
        let lock = try ForeignLock(directory)

        #expect(throws: DeliveryLedgerError.self) { try ledger.record(.received, for: Self.message) }
        lock.release()
        ledger.waitForWrites()

        // A caller told "not written" may retry: nothing of the failed append was kept to be written twice
        #expect(ledger.count == 0)
        #expect(ledger.history(of: Self.message.id).isEmpty)
    }

    @Test func manyRecordsHandedOverAtOnceAreWrittenInOrderWithConsecutiveNumbers() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url, configuration: Self.configuration())
        let lock = try ForeignLock(directory)
        let messages = (0..<50).map { index in
            PushMessage(content: PushContent(userInfo: ["aps": ["alert": "n\(index)"]]), requestIdentifier: "r\(index)")
        }
        for message in messages { ledger.enqueue(.received, for: message) }
        lock.release()

        ledger.waitForWrites()

        let written = try DeliveryLedger(directory: directory.url).allRecords
        #expect(written.map(\.sequence) == Array(1...50))
        #expect(written.map(\.requestIdentifier) == messages.map(\.requestIdentifier))
    }

    @Test func aTapIsDeliveredAndAnsweredWhileAnotherProcessHoldsTheLedger() throws {
        // Given an app whose delivery writes a durable ledger another process has locked
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let center = PushCenter()
        let ledger = try DeliveryLedger(directory: directory.url, configuration: Self.configuration(lockWait: 5))
        let delivery = PushDelivery(center: center, ledger: ledger)
        let taps = Recorder<PushMessage>()
        let subscription = center.subscribe(.tapped) { taps.record($0) }
        defer { subscription.cancel() }
        let lock = try ForeignLock(directory)
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

    @Test func thePowerLossLevelWritesTheSameRecords() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        var configuration = DeliveryLedger.Configuration()
        configuration.durability = .powerLoss
        let ledger = try DeliveryLedger(directory: directory.url, configuration: configuration)

        let written = try ledger.record(.received, for: Self.message)

        #expect(written.sequence == 1)
        #expect(try DeliveryLedger(directory: directory.url).count == 1)
    }
}

/// A write made from code the writer itself runs (an inbox change handler that marks the new entry read) is written
/// once, beside the group that triggered it, never with it again.
@Suite(.timeLimit(.minutes(2))) struct LedgerWriterReentryTests {
    @Test func aWriteFromAHandlerTheWriterCallsWritesEveryRecordOnce() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url)
        let inbox = PushInbox(ledger: ledger)
        let observation = inbox.observe { change in
            if case .inserted(let entry) = change { try? inbox.markRead(entry.id) }
        }
        defer { observation.cancel() }

        try inbox.add(LedgerWriterTests.message)
        ledger.waitForWrites()

        let written = try DeliveryLedger(directory: directory.url).allRecords
        #expect(written.map(\.event.kind) == [.inboxAdded, .inboxRead])
        #expect(written.map(\.sequence) == [1, 2])
        #expect(inbox.unreadCount == 0)
    }
}
