import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// The ledger's bounds count every message (silent pushes included); the inbox's entries are kept by the inbox's
/// own bounds. A compaction that drops records never drops an entry the inbox still shows, nor its read state,
/// and never brings a removed entry back.
@Suite struct InboxSurvivesLedgerCompactionTests {
    let clock = ManualClock()

    func ledgerConfiguration(maximumMessages: Int) -> DeliveryLedger.Configuration {
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        configuration.maximumMessages = maximumMessages
        return configuration
    }

    @Test func aCompactionDrivenBySilentPushesKeepsEveryEntryAndItsReadState() throws {
        // Given: an inbox of 10 entries (3 read, 1 removed) in a ledger that keeps 20 messages
        let directory = try InboxFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory, configuration: ledgerConfiguration(maximumMessages: 20))
        let inbox = PushInbox(ledger: ledger)
        for index in 0..<10 {
            try inbox.add(InboxFixture.alert("n\(index)", requestIdentifier: "r\(index)", date: clock.now))
            clock.advance(by: 1)
        }
        let entries = inbox.entries()
        for entry in entries.suffix(3) { try inbox.markRead(entry.id) }
        try inbox.remove(entries[0].id)
        let shown = inbox.entries()
        // When: 100 silent pushes (each a message of its own) push the ledger past its bounds
        for index in 0..<100 {
            clock.advance(by: 1)
            let silent = PushMessage(
                content: PushContent(userInfo: ["aps": ["content-available": 1], "n": index]), date: clock.now)
            try ledger.record(.received, for: silent)
        }
        // Then: compaction dropped records (silent ones), but the running inbox and a relaunched one agree
        #expect(ledger.count < 100)
        let relaunched = PushInbox(
            ledger: try DeliveryLedger(directory: directory, configuration: ledgerConfiguration(maximumMessages: 20)))
        #expect(relaunched.entries() == shown)
        #expect(relaunched.count == 9)
        #expect(relaunched.unreadCount == 6)
        #expect(inbox.entries() == shown)
    }

    @Test func compactionDropsTheRecordsOfAMessageWhoseEntriesWereRemoved() throws {
        let ledger = DeliveryLedger(configuration: ledgerConfiguration(maximumMessages: 1))
        let inbox = PushInbox(ledger: ledger)
        let entry = try #require(try inbox.add(InboxFixture.alert("gone", requestIdentifier: "g", date: clock.now)))
        try inbox.markRead(entry.id)
        try inbox.remove(entry.id)
        // A later message is the one the ledger's bound (one message) keeps
        try inbox.add(InboxFixture.alert("kept", requestIdentifier: "k", date: clock.now))
        try ledger.compact()
        #expect(ledger.history(of: entry.messageID).isEmpty)
        #expect(PushInbox(ledger: ledger).entries().map(\.title) == ["kept"])
    }

    @Test func aRacingDuplicateOfARemovedEntryNeverComesBack() throws {
        let ledger = DeliveryLedger(configuration: ledgerConfiguration(maximumMessages: 1))
        let inbox = PushInbox(ledger: ledger)
        let entry = try #require(try inbox.add(InboxFixture.alert("gone", requestIdentifier: "g", date: clock.now)))
        // A racing process's duplicate add of the same delivery (the fold keeps the first)
        try ledger.append(
            DeliveryRecord(
                messageID: entry.messageID, requestIdentifier: "g", notificationDate: entry.date,
                event: DeliveryEvent(kind: .inboxAdded), summary: DeliverySummary(title: "gone")))
        try inbox.remove(entry.id)
        try inbox.add(InboxFixture.alert("kept", requestIdentifier: "k", date: clock.now))
        try ledger.compact()
        #expect(ledger.history(of: entry.messageID).isEmpty)
        #expect(PushInbox(ledger: ledger).entries().map(\.title) == ["kept"])
    }

    @Test func anEntryAddedAgainAfterItsRemovalIsKept() throws {
        // Given: the user removed an entry, then tapped its notification (the tap adds it again, read)
        let ledger = DeliveryLedger(configuration: ledgerConfiguration(maximumMessages: 1))
        let inbox = PushInbox(ledger: ledger)
        let entry = try #require(try inbox.add(InboxFixture.alert("again", requestIdentifier: "a", date: clock.now)))
        try inbox.remove(entry.id)
        try inbox.note(InboxFixture.alert("again", requestIdentifier: "a", kind: .remoteTapped, date: clock.now))
        let shown = inbox.entries()
        // When: other messages push this one out of the ledger's bound and it compacts
        try inbox.add(InboxFixture.alert("other", requestIdentifier: "o", date: clock.now))
        try ledger.compact()
        // Then: a reload shows the same entries, read state included
        #expect(PushInbox(ledger: ledger).entries() == inbox.entries())
        #expect(inbox.entries().count == shown.count + 1)
    }

    @Test func theInboxCountLimitStillRemovesTheOldestFirst() throws {
        let ledger = DeliveryLedger(configuration: ledgerConfiguration(maximumMessages: 2))
        var configuration = PushInbox.Configuration()
        configuration.maximumCount = 3
        let inbox = PushInbox(ledger: ledger, configuration: configuration)
        for index in 0..<5 {
            try inbox.add(InboxFixture.alert("n\(index)", requestIdentifier: "r\(index)", date: clock.now))
            clock.advance(by: 1)
        }
        try ledger.compact()
        #expect(PushInbox(ledger: ledger, configuration: configuration).entries().map(\.title) == ["n4", "n3", "n2"])
    }
}
