import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

/// The ledger's writer: callers hand records over and go on; one thread does the file work, waits for other
/// processes' locks (never the caller), and writes everything waiting in one group.
@Suite(.timeLimit(.minutes(2))) struct LedgerWriterTests {
    static let message = PushMessage(
        content: PushContent(userInfo: ["aps": ["alert": "Sale"], "gcm.message_id": "m-1"]), requestIdentifier: "r-1")

    /// `count` alerts, each its own delivery (request identifiers r0, r1, …).
    static func alerts(_ count: Int) -> [PushMessage] {
        (0..<count).map { index in
            PushMessage(content: PushContent(userInfo: ["aps": ["alert": "n\(index)"]]), requestIdentifier: "r\(index)")
        }
    }

    /// A ledger in `directory` whose file another process holds locked until the returned lock is released.
    static func lockedLedger(in directory: LedgerDirectory) throws -> (DeliveryLedger, ForeignLedgerLock) {
        (try DeliveryLedger(directory: directory.url, configuration: configuration()), try ForeignLedgerLock(directory))
    }

    /// Expects the file to hold one `received` record of each of `messages`, numbered from 1 in their order.
    static func expectWritten(_ messages: [PushMessage], in directory: LedgerDirectory) throws {
        let written = try DeliveryLedger(directory: directory.url).allRecords
        #expect(written.map(\.sequence) == Array(1...UInt64(messages.count)))
        #expect(written.map(\.requestIdentifier) == messages.map(\.requestIdentifier))
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
        let lock = try ForeignLedgerLock(directory)

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
        let lock = try ForeignLedgerLock(directory)

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
        let (ledger, lock) = try Self.lockedLedger(in: directory)
        let messages = Self.alerts(50)
        for message in messages { ledger.enqueue(.received, for: message) }
        lock.release()

        ledger.waitForWrites()

        try Self.expectWritten(messages, in: directory)
    }

    @Test func recordsKeptForARetryAreWrittenBeforeTheOnesHandedOverAfterThem() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let (ledger, lock) = try Self.lockedLedger(in: directory)
        let messages = Self.alerts(10)
        // Given five records the writer tried and kept (the lock is held), then five more handed over after
        for message in messages.prefix(5) { ledger.enqueue(.received, for: message) }
        ledger.waitForWrites()
        #expect(ledger.unwrittenCount == 5)
        for message in messages.suffix(5) { ledger.enqueue(.received, for: message) }

        // When the lock is free
        lock.release()
        ledger.waitForWrites()

        // Then all ten are written once, in the order they were handed over
        try Self.expectWritten(messages, in: directory)
        #expect(ledger.unwrittenCount == 0)
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
