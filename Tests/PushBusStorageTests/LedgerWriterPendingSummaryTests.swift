import Foundation
import PushBusCore
import Testing

@testable import PushBusStorage

/// Whether a record waiting to be written carries its message's summary (asked on each record a tap makes, so that
/// the summary is kept once per message) follows the records as they arrive, leave for room and are written.
@Suite struct LedgerWriterPendingSummaryTests {
    static let sale = PushMessage.ID(rawValue: "fcm:sale")

    static func record(_ messageID: PushMessage.ID, summary: Bool) -> DeliveryRecord {
        DeliveryRecord(
            messageID: messageID, notificationDate: Date(timeIntervalSince1970: 0), event: .received,
            summary: summary ? DeliverySummary(title: "Sale", body: "50% off") : nil)
    }

    static func filler(_ index: Int) -> DeliveryRecord {
        record(PushMessage.ID(rawValue: "digest:\(index)"), summary: false)
    }

    /// A commit that is never called: nothing wakes the writer.
    static let neverCommitted: LedgerWriter.Commit = { _ in [:] }

    @Test func aWaitingRecordWithTheSummaryIsSeenUntilItLeavesForRoom() {
        let writer = LedgerWriter(label: "pending-summary-test")
        // Given the message's first record (with the summary) and a later one (without), among others
        _ = writer.enqueue(Self.record(Self.sale, summary: true), wakes: false, commit: Self.neverCommitted)
        #expect(writer.hasPendingSummary(of: Self.sale))
        #expect(!writer.hasPendingSummary(of: Self.filler(0).messageID))
        for index in 0..<(LedgerWriter.maximumPending - 2) {
            _ = writer.enqueue(Self.filler(index), wakes: false, commit: Self.neverCommitted)
        }
        _ = writer.enqueue(Self.record(Self.sale, summary: false), wakes: false, commit: Self.neverCommitted)
        #expect(writer.hasPendingSummary(of: Self.sale))

        // When the bound is passed, the oldest leave, the summary's record with them
        let (_, dropped) = writer.enqueue(Self.filler(-1), wakes: false, commit: Self.neverCommitted)
        #expect(dropped.first?.messageID == Self.sale)

        // Then the later record still waits, without a summary: the next record of the message must carry it
        #expect(writer.pending(of: Self.sale).map { $0.summary == nil } == [true])
        #expect(!writer.hasPendingSummary(of: Self.sale))
    }

    @Test func aWrittenRecordNoLongerCountsAsWaiting() throws {
        let writer = LedgerWriter(label: "pending-summary-written-test")
        let writesAll: LedgerWriter.Commit = { group in
            Dictionary(uniqueKeysWithValues: group.map { ($0.ticket, .success($0.record)) })
        }
        // Given two waiting records of the message, the summary on the first
        _ = writer.enqueue(Self.record(Self.sale, summary: true), wakes: false, commit: Self.neverCommitted)
        _ = writer.enqueue(Self.record(Self.sale, summary: false), wakes: false, commit: Self.neverCommitted)

        // When a write takes everything waiting
        _ = try writer.write(Self.record(Self.sale, summary: false), commit: writesAll)

        // Then nothing of the message waits (the ledger's store has the summary now)
        #expect(writer.pendingCount == 0)
        #expect(!writer.hasPendingSummary(of: Self.sale))
    }
}
