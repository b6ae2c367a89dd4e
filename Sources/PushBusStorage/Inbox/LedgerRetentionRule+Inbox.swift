internal import PushBusCore

/// The inbox's rule for the ledger's compaction: the inbox's own bounds decide when an entry leaves, not the
/// ledger's. It is in ``LedgerRetentionRule/all``, so it holds in every process that compacts the ledger, the
/// service extension included, which opens the ledger without an inbox.
extension LedgerRetentionRule {
    /// Every `inbox.added` and `inbox.removed` record of a message inside the ledger's bounds is kept (an entry, or a
    /// removal that must stay one); read and unread marks are kept by ``liveInboxRecords(_:)`` alone; and the inbox
    /// records of every entry that may still be shown are kept whatever the ledger's bounds.
    static let inboxEntries = LedgerRetentionRule(
        treatment: { record in
            switch record.event.kind {
            case .inboxAdded, .inboxRemoved: .keptWithMessage
            case .inboxRead, .inboxUnread: .leftToRule
            default: nil
            }
        },
        keep: liveInboxRecords)

    /// The inbox records compaction keeps whatever the message bounds: every `inbox.*` record of each message that
    /// may still have an entry, except read / unread marks another mark of the same entry superseded. An entry
    /// leaves only by an `inbox.removed` record (the user, or the inbox's age and count bounds); once every entry
    /// of a message is removed, compaction drops all of its inbox records.
    ///
    /// Whole messages are kept because the inbox folds each message's records on their own, and which
    /// `inbox.added` record is an entry depends on the inbox's correlation window, which the ledger does not know:
    /// a message's complete inbox history replays to the same entries under any window, so nothing is lost and
    /// nothing removed comes back. So a message counts as holding an entry while one of its `inbox.added` records
    /// is not named by an `inbox.removed`, unless it is certainly a duplicate: an entry of the message with the
    /// same request identifier was there when it was written (two processes adding one push at once), which the
    /// inbox ignores under any window. A duplicate that knows no request identifier keeps its message's few inbox
    /// records: keeping too much is safe, dropping an entry is not.
    static func liveInboxRecords(_ records: [DeliveryRecord]) -> Set<UInt64> {
        let inboxRecords = records.filter { $0.event.kind.isInbox }.sorted { $0.sequence < $1.sequence }
        guard !inboxRecords.isEmpty else { return [] }
        // The entries each message may hold, by the sequence of their `inbox.added`, with their request identifier.
        var present: [PushMessage.ID: [UInt64: String?]] = [:]
        var removed = Set<UInt64>()
        for record in inboxRecords {
            switch record.event.kind {
            case .inboxAdded:
                let request = record.requestIdentifier.map(SeenDeliveries.identifierKey)
                let isDuplicate =
                    request != nil && (present[record.messageID]?.values.contains { $0 == request } ?? false)
                if !isDuplicate { present[record.messageID, default: [:]][record.addedEntryID] = request }
            case .inboxRemoved:
                guard let entry = record.entryReference else { continue }
                removed.insert(entry)
                present[record.messageID]?.removeValue(forKey: entry)
            default:
                continue
            }
        }
        var kept = Set<UInt64>()
        var latestMark: [UInt64: UInt64] = [:]
        for record in inboxRecords where !(present[record.messageID]?.isEmpty ?? true) {
            if record.event.kind == .inboxRead || record.event.kind == .inboxUnread {
                guard let entry = record.entryReference, !removed.contains(entry) else { continue }
                latestMark[entry] = max(latestMark[entry] ?? 0, record.sequence)
            } else {
                kept.insert(record.sequence)
            }
        }
        kept.formUnion(latestMark.values)
        return kept
    }
}
