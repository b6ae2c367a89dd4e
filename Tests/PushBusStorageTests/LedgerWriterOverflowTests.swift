import Foundation
import PushBusCore
import Testing

@testable import PushBusStorage

/// Past `maximumPending` waiting records the writer lets the oldest go a tenth of the bound at once, oldest first, and
/// none a caller waits for: one pass per thousand records handed over, not one per record.
@Suite struct LedgerWriterOverflowTests {
    static func record(_ index: Int) -> DeliveryRecord {
        DeliveryRecord(
            messageID: PushMessage.ID(rawValue: "digest:\(index)"), notificationDate: Date(timeIntervalSince1970: 0),
            event: .received)
    }

    /// A commit that is never called: nothing wakes the writer.
    static let neverCommitted: LedgerWriter.Commit = { _ in [:] }

    @Test func theOldestThousandLeaveTogetherWhenTheBoundIsPassed() {
        let writer = LedgerWriter(label: "overflow-test")
        // Given a writer holding as many records as it keeps
        for index in 0..<LedgerWriter.maximumPending {
            let (_, dropped) = writer.enqueue(Self.record(index), wakes: false, commit: Self.neverCommitted)
            #expect(dropped.isEmpty)
        }

        // When one more is handed over, the oldest thousand leave, oldest first
        let (_, dropped) = writer.enqueue(
            Self.record(LedgerWriter.maximumPending), wakes: false, commit: Self.neverCommitted)
        #expect(LedgerWriter.droppedAtOnce == 1_000)
        #expect(dropped.map(\.messageID.rawValue) == (0..<1_000).map { "digest:\($0)" })
        #expect(writer.pendingCount == LedgerWriter.maximumPending + 1 - 1_000)
        #expect(writer.pending(of: PushMessage.ID(rawValue: "digest:0")).isEmpty)
        #expect(writer.pending(of: PushMessage.ID(rawValue: "digest:1000")).count == 1)
        #expect(writer.dropped(since: 0).tickets == (0..<1_000).map(UInt64.init))

        // Then the next 999 records are kept, and the one after them passes the bound again
        for index in 1..<1_000 {
            let (_, none) = writer.enqueue(
                Self.record(LedgerWriter.maximumPending + index), wakes: false, commit: Self.neverCommitted)
            #expect(none.isEmpty)
        }
        let (_, again) = writer.enqueue(Self.record(20_000), wakes: false, commit: Self.neverCommitted)
        #expect(again.first?.messageID.rawValue == "digest:1000")
        #expect(again.count == 1_000)
    }
}
