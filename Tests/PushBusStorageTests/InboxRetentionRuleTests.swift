import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// The inbox gives the ledger's compaction its rule: an entry's records are kept beyond the ledger's per-message
/// bounds (the most recent messages, the records per message) while the entry lives, and dropped once it is
/// removed. The rule holds in every process that compacts, the service extension too, which opens the ledger
/// without an inbox.
@Suite(.timeLimit(.minutes(1))) struct InboxRetentionRuleTests {
    let clock = ManualClock()

    /// Bounds an entry's message falls outside of: two messages, four records each.
    func tightBounds(role: DeliveryProcessRole = .app) -> DeliveryLedger.Configuration {
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        configuration.role = role
        configuration.maximumMessages = 2
        configuration.maximumRecordsPerMessage = 4
        return configuration
    }

    /// Ten silent pushes, each a message of its own, newer than everything before them.
    func silentPushes(into ledger: DeliveryLedger) throws {
        for index in 0..<10 {
            clock.advance(by: 1)
            let silent = PushMessage(
                content: PushContent(userInfo: ["aps": ["content-available": 1], "n": index]), date: clock.now)
            try ledger.record(.received, for: silent)
        }
    }

    /// An entry whose message has more records than the per-message bound: received, added, and read and unread
    /// marks, the last one read.
    func addEntryWithManyRecords(to inbox: PushInbox) throws -> InboxEntry {
        let message = InboxFixture.alert("kept", requestIdentifier: "k", date: clock.now)
        try inbox.ledger.record(.received, for: message)
        let entry = try #require(try inbox.add(message))
        for _ in 0..<4 {
            try inbox.markRead(entry.id)
            try inbox.markUnread(entry.id)
        }
        try inbox.markRead(entry.id)
        return try #require(inbox.entries().first { $0.id == entry.id })
    }

    @Test func aLiveEntryOutlivesTheLedgerBoundsAndLeavesWithItsRemoval() throws {
        let ledger = DeliveryLedger(configuration: tightBounds())
        let inbox = PushInbox(ledger: ledger)
        let entry = try addEntryWithManyRecords(to: inbox)
        // When: newer messages push the entry's message out of the ledger's bounds, and it compacts
        try silentPushes(into: ledger)
        try ledger.compact()
        // Then: the entry and its read state are there for an inbox folding the ledger anew
        let kinds = ledger.history(of: entry.messageID).map(\.event.kind)
        #expect(kinds.contains(.inboxAdded))
        #expect(kinds.last == .inboxRead)
        #expect(PushInbox(ledger: ledger).entries() == [entry])
        // When: the entry is removed and newer messages push the removal out of the bounds; Then: the next
        // compaction drops every record of its message
        try inbox.remove(entry.id)
        try silentPushes(into: ledger)
        try ledger.compact()
        #expect(ledger.history(of: entry.messageID).isEmpty)
        #expect(PushInbox(ledger: ledger).entries().isEmpty)
    }

    @Test func aLedgerOpenedWithoutAnInboxKeepsTheEntriesWhenItCompacts() throws {
        let directory = try InboxFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Given: the app's inbox holds a read entry
        let app = PushInbox(ledger: try DeliveryLedger(directory: directory, configuration: tightBounds()))
        let entry = try addEntryWithManyRecords(to: app)
        #expect(app.ledger.waitForWrites(timeout: 10))
        // When: the service extension, with no inbox on its ledger, records newer messages and compacts
        let serviceExtension = try DeliveryLedger(
            directory: directory, configuration: tightBounds(role: .serviceExtension))
        try silentPushes(into: serviceExtension)
        try serviceExtension.compact()
        // Then: the app, relaunched, shows the entry as it was
        let relaunched = PushInbox(ledger: try DeliveryLedger(directory: directory, configuration: tightBounds()))
        #expect(relaunched.entries() == [entry])
        // When: the app removes the entry, and the extension records newer messages and compacts again
        try relaunched.remove(entry.id)
        #expect(relaunched.ledger.waitForWrites(timeout: 10))
        try silentPushes(into: serviceExtension)
        try serviceExtension.compact()
        // Then: its message's records are gone
        let reader = try DeliveryLedger(directory: directory, configuration: tightBounds())
        #expect(reader.history(of: entry.messageID).isEmpty)
        #expect(PushInbox(ledger: reader).entries().isEmpty)
    }
}
