import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

/// The messages a ledger holds an `opened` or `dismissed` record of, which a tap asks first whether an earlier launch
/// answered it: they follow the records as they are written, read again at the next launch and compacted.
@Suite struct LedgerAnsweredMessagesTests {
    static func id(_ raw: String) -> PushMessage.ID { PushMessage.ID(rawValue: raw) }

    @Test func openedAndDismissedMessagesAreAnsweredOthersAreNot() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url)
        // Given one message only received, one opened, one dismissed
        try ledger.append(LedgerFixture.record("received"))
        try ledger.append(LedgerFixture.record("opened"))
        try ledger.append(LedgerFixture.record("opened", .opened()))
        try ledger.append(LedgerFixture.record("dismissed", .dismissed))

        // Then the answered ones are known, with the sequence they were read up to
        let answered = ledger.answeredMessages()
        #expect(answered.messages == [Self.id("opened"), Self.id("dismissed")])
        #expect(answered.lastSequence == 4)

        // And so they are at the next launch (read from the file), and after a compaction that keeps them
        let next = try DeliveryLedger(directory: directory.url)
        #expect(next.answeredMessages().messages == answered.messages)
        try next.compact()
        #expect(next.answeredMessages().messages == answered.messages)
        #expect(next.answeredMessages().lastSequence == 4)
    }

    @Test func aCompactionThatDropsAnAnsweredMessageForgetsIt() throws {
        var configuration = DeliveryLedger.Configuration()
        configuration.maximumMessages = 1
        let ledger = DeliveryLedger(configuration: configuration)
        // Given an opened message, then more messages than the ledger keeps
        try ledger.append(LedgerFixture.record("old", .opened(action: "reply")))
        for index in 0..<40 { try ledger.append(LedgerFixture.record("new-\(index)")) }

        // Then the compacted-away message is no longer answered
        #expect(!ledger.answeredMessages().messages.contains(Self.id("old")))
    }
}
