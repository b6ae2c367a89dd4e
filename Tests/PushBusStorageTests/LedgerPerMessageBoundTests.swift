import Foundation
import PushBusCore
import PushBusTestSupport
import PushBusTesting
import Testing

@testable import PushBusStorage

/// The records of one message are bounded (issue 23, item 9): a message pushed again and again, or a periodic silent
/// push with a fixed payload, no longer grows the file forever, and what the queries need is kept.
@Suite(.timeLimit(.minutes(2))) struct LedgerPerMessageBoundTests {
    @Test func manyAppendsToFewMessagesStayBoundedAndAnswerTheSameQueries() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let clock = LedgerFixture.clock()
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        let ledger = try DeliveryLedger(directory: directory.url, configuration: configuration)
        // Given 6,000 appends to 3 messages: the same silent push over and over, and a few distinct events
        try ledger.append(LedgerFixture.record("m0", .opened(action: "reply", userText: "first")))
        for index in 0..<6_000 {
            clock.advance(by: 1)
            var record = LedgerFixture.record("m\(index % 3)", request: "r-\(index % 3)")
            if index % 1_000 == 0 { record.event = .routed(URL(string: "app://x/\(index)")!) }
            try ledger.append(record)
        }
        let last = ledger.lastSequence
        // Then compaction on its own kept each message within twice its bound, and an explicit one within it
        #expect(ledger.count <= 3 * 2 * configuration.maximumRecordsPerMessage)
        try ledger.compact()
        let size = try FileManager.default.attributesOfItem(atPath: directory.dataFile.path)[.size] as? Int ?? 0
        #expect(ledger.count <= 3 * configuration.maximumRecordsPerMessage)
        #expect(size < 3 * configuration.maximumRecordsPerMessage * 200)
        // And every query answers as before: the open, each routed URL, the first and latest write, numbering
        let reader = try DeliveryLedger(directory: directory.url)
        #expect(reader.hasRecorded(.opened, messageID: PushMessage.ID(rawValue: "m0")))
        #expect(reader.state(of: PushMessage.ID(rawValue: "m0"))?.openedActions == ["reply"])
        #expect(reader.history(of: PushMessage.ID(rawValue: "m0")).filter { $0.event.kind == .routed }.count == 2)
        #expect(reader.state(of: PushMessage.ID(rawValue: "m2"))?.lastWrittenAt == LedgerCodec.rounded(clock.now))
        #expect(reader.hasRecorded(.received, messageID: PushMessage.ID(rawValue: "m1"), requestIdentifier: "R-1"))
        #expect(reader.lastSequence == last)
        #expect(try reader.append(LedgerFixture.record("m1")).sequence == last + 1)
    }

    @Test func aMessageUnderItsBoundKeepsEveryRecord() {
        let history = (1...50).map { index -> DeliveryRecord in
            var record = LedgerFixture.record("m")
            record.sequence = UInt64(index)
            return record
        }
        #expect(LedgerStore.bounded(history, to: 100) == Set(1...50))
        // Over the bound, identical events collapse to their first, plus the latest record.
        #expect(LedgerStore.bounded(history, to: 10) == [1, 50])
    }
}
