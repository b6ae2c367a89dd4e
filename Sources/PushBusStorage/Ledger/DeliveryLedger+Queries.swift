public import Foundation
@_spi(PushBusInternals) public import PushBusCore

extension DeliveryLedger {
    /// Every record of `messageID`, oldest first, then those waiting to be written (sequence
    /// ``DeliveryRecord/unwritten``).
    public func history(of messageID: PushMessage.ID) -> [DeliveryRecord] {
        // Both read in one section of the store's lock: the writer moves a record from waiting to written inside it.
        store.withLock { store in
            let written = store.history(of: messageID)
            guard let writer else { return written }
            return written + writer.pending(of: messageID)
        }
    }

    /// The messages opened or dismissed in the written records, and the last sequence, read together: at launch,
    /// what a tap asks first whether an earlier launch answered (most taps are of messages no launch answered, and
    /// then the tap takes no lock the writer shares).
    package func answeredMessages() -> (messages: Set<PushMessage.ID>, lastSequence: UInt64) {
        store.withLock { ($0.answeredMessages, $0.lastSequence) }
    }

    /// The written records of `messageID` numbered `sequence` or lower, oldest first: what was written before a
    /// launch's `lastSequence`. Unlike ``history(of:)`` it leaves the records waiting to be written (never numbered
    /// that low) and the writer's lock alone: a tap of a message answered before asks it before iOS is answered.
    package func history(of messageID: PushMessage.ID, writtenUpTo sequence: UInt64) -> [DeliveryRecord] {
        store.withLock { $0.history(of: messageID) }.filter { $0.sequence <= sequence }
    }

    /// The newest records first (those waiting to be written before all), at most `limit`, optionally only those
    /// written at or after `date`.
    public func recent(limit: Int, since date: Date? = nil) -> [DeliveryRecord] {
        store.withLock { store in
            let waiting = writer?.pendingRecords ?? []
            var result: [DeliveryRecord] = []
            for record in waiting.reversed() + store.records.reversed() {
                guard result.count < limit else { break }
                if let date, record.writtenAt < date { continue }
                result.append(record)
            }
            return result
        }
    }

    /// The records with a sequence above `sequence`, oldest first: where an analytics consumer that saved the last
    /// sequence it handled picks up.
    public func records(after sequence: UInt64) -> [DeliveryRecord] {
        store.withLock { Array($0.records[$0.firstIndex(after: sequence)...]) }
    }

    /// Every written record, oldest first.
    public var allRecords: [DeliveryRecord] { store.withLock { $0.records } }

    /// What the ledger knows about `messageID`: received by whom, presented, opened with which actions, routed,
    /// dismissed, removed; `nil` when it has no record of it.
    public func state(of messageID: PushMessage.ID) -> MessageDeliveryState? {
        MessageDeliveryState(history(of: messageID))
    }

    /// A Boolean value indicating whether an event of `kind` was recorded for the delivery of `messageID`,
    /// narrowed to `requestIdentifier` and `notificationDate` when given: how a delivery asks "was this opened (or
    /// routed) already, maybe in an earlier launch?".
    public func hasRecorded(
        _ kind: DeliveryEvent.Kind, messageID: PushMessage.ID, requestIdentifier: String? = nil,
        notificationDate: Date? = nil
    ) -> Bool {
        history(of: messageID).contains {
            $0.event.kind == kind
                && $0.isAbout(
                    messageID: messageID, requestIdentifier: requestIdentifier, notificationDate: notificationDate)
        }
    }

    /// The highest sequence number written so far (0 for an empty ledger).
    public var lastSequence: UInt64 { store.withLock { $0.lastSequence } }

    /// How many written records the ledger holds (``unwrittenCount`` more wait to be written).
    public var count: Int { store.withLock { $0.records.count } }

    /// How many distinct messages the ledger holds records of.
    public var messageCount: Int { store.withLock { $0.messageCount } }

    /// The damaged or torn parts of the file found so far, each once, in the order found.
    public var issues: [DeliveryLedgerIssue] { store.withLock { $0.issues } }
}
