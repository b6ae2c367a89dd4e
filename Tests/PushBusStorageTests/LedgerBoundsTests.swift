import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// Compaction drops only what is outside the bounds (age, message count) and keeps numbering.
@Suite struct LedgerBoundsTests {
    private func configuration(clock: ManualClock, messages: Int = 1_000) -> DeliveryLedger.Configuration {
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        configuration.maximumMessages = messages
        configuration.maximumAge = 30 * 86_400
        return configuration
    }

    @Test func countBoundKeepsEveryRecordOfTheNewestMessages() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(
            directory: directory.url,
            configuration: configuration(
                clock: LedgerFixture.clock(), messages: 10))
        // Given 40 messages with two records each (past the bound plus slack, so compaction ran on its own)
        for index in 0..<40 {
            try ledger.append(LedgerFixture.record("m\(index)"))
            try ledger.append(LedgerFixture.record("m\(index)", .opened()))
        }
        try ledger.compact()
        // Then exactly the 10 newest messages remain, each whole, in both this and a fresh reader
        let expected = (30..<40).map { "m\($0)" }
        for reader in [ledger, try DeliveryLedger(directory: directory.url)] {
            #expect(Set(reader.allRecords.map(\.messageID.rawValue)) == Set(expected))
            #expect(reader.allRecords.count == 20)
            #expect(reader.lastSequence == 80)
        }
    }

    @Test func ageBoundDropsMessagesWhoseLatestRecordIsTooOld() throws {
        let clock = LedgerFixture.clock()
        let ledger = DeliveryLedger(configuration: configuration(clock: clock))
        try ledger.append(LedgerFixture.record("old"))
        try ledger.append(LedgerFixture.record("revived"))
        clock.advance(by: 20 * 86_400)
        try ledger.append(LedgerFixture.record("revived", .opened()))
        clock.advance(by: 15 * 86_400)
        try ledger.compact()
        #expect(ledger.allRecords.map(\.messageID.rawValue) == ["revived", "revived"])
    }

    @Test func numberingContinuesAfterEverythingAgedOut() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let clock = LedgerFixture.clock()
        let ledger = try DeliveryLedger(directory: directory.url, configuration: configuration(clock: clock))
        for index in 0..<5 { try ledger.append(LedgerFixture.record("m\(index)")) }
        clock.advance(by: 31 * 86_400)
        try ledger.compact()
        let reopened = try DeliveryLedger(directory: directory.url, configuration: configuration(clock: clock))
        #expect(reopened.count == 0 && reopened.lastSequence == 5)
        #expect(try reopened.append(LedgerFixture.record("new")).sequence == 6)
    }
}

/// A message that stays active for longer than the age bound keeps its old records and does not make every
/// append compact.
@Suite struct LedgerLongLivedMessageTests {
    @Test func ageCompactionRunsAtMostOnceADay() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let clock = LedgerFixture.clock()
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        let ledger = try DeliveryLedger(directory: directory.url, configuration: configuration)
        try ledger.append(LedgerFixture.record("long-lived"))
        var generations: Set<Data> = []
        // Given a message first recorded 32 days ago and still active every day since
        for _ in 0..<32 {
            clock.advance(by: 86_400)
            try ledger.append(LedgerFixture.record("long-lived", .presented))
        }
        // When it is recorded 40 more times within an hour
        for _ in 0..<40 {
            clock.advance(by: 60)
            try ledger.append(LedgerFixture.record("long-lived", .presented))
            generations.insert(try Data(contentsOf: directory.dataFile).subdata(in: 12..<20))
        }
        // Then the file was rewritten at most once in that hour, and the message kept whole
        #expect(generations.count == 1)
        #expect(ledger.history(of: PushMessage.ID(rawValue: "long-lived")).count == 73)
    }
}
