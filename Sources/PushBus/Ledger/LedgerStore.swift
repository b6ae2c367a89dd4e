import Foundation

/// The in-memory side of a ``DeliveryLedger``: its records in sequence order, an index by message, the issues
/// found, and the event subscribers' read positions. A plain value, used under the ledger's state lock.
struct LedgerStore {
    /// A consumer of ``DeliveryLedger/events(after:bufferingPolicy:)`` and the last sequence it was given.
    struct Subscriber {
        var continuation: AsyncStream<DeliveryRecord>.Continuation
        var delivered: UInt64
    }

    private(set) var records: [DeliveryRecord] = []
    private(set) var byMessage: [PushMessage.ID: [DeliveryRecord]] = [:]
    /// The highest sequence ever seen (records or a compacted file's base).
    private(set) var lastSequence: UInt64 = 0
    private(set) var issues: [DeliveryLedgerIssue] = []
    private var knownIssues: Set<DeliveryLedgerIssue> = []
    var subscribers: [UInt64: Subscriber] = [:]
    var nextSubscriberID: UInt64 = 0
    /// Called (outside every lock) after this process wrote or read new records: how a ``PushInbox`` on the ledger
    /// notices a ``DeliveryLedger/refresh()`` it did not call.
    var changeObservers: [UInt64: @Sendable () -> Void] = [:]
    var isDraining = false
    /// When the age bound last triggered a compaction in this process.
    private var lastAgeCompaction: Date?

    /// Adds records newer than ``lastSequence`` (older ones were already read); returns how many were new.
    @discardableResult
    mutating func append<Records: Sequence>(_ newRecords: Records) -> Int where Records.Element == DeliveryRecord {
        var added = 0
        for record in newRecords where record.sequence > lastSequence {
            records.append(record)
            byMessage[record.messageID, default: []].append(record)
            lastSequence = record.sequence
            added += 1
        }
        return added
    }

    /// Replaces every record (a compacted or first-read file); `base` is the file's sequence floor.
    mutating func replace(with newRecords: [DeliveryRecord], base: UInt64) {
        let isSorted = zip(newRecords, newRecords.dropFirst()).allSatisfy { $0.sequence < $1.sequence }
        records = isSorted ? newRecords : newRecords.sorted { $0.sequence < $1.sequence }
        byMessage = Dictionary(grouping: records, by: \.messageID)
        lastSequence = max(lastSequence, base, records.last?.sequence ?? 0)
    }

    /// Records `issue` once; returns whether it is new.
    mutating func report(_ issue: DeliveryLedgerIssue) -> Bool {
        guard knownIssues.insert(issue).inserted else { return false }
        issues.append(issue)
        return true
    }

    /// Reserves the next sequence number (in-memory ledgers only; a file ledger takes it from the file).
    mutating func nextSequence() -> UInt64 { lastSequence + 1 }

    // MARK: Bounds

    /// The records inside the bounds: every record of the `maximumMessages` most recently active messages whose
    /// latest record is younger than `maximumAge` at `now`, and the records of every entry an inbox on these records
    /// still holds (``liveInboxRecords(_:)``): the inbox's own bounds decide when an entry leaves, not the ledger's.
    static func kept(_ records: [DeliveryRecord], within bounds: DeliveryLedger.Configuration, now: Date)
        -> Set<UInt64>
    {
        keptByMessage(records, within: bounds, now: now).union(liveInboxRecords(records))
    }

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
        let inboxRecords = records.filter { $0.event.kind.rawValue.hasPrefix("inbox.") }.sorted {
            $0.sequence < $1.sequence
        }
        guard !inboxRecords.isEmpty else { return [] }
        // The entries each message may hold, by the sequence of their `inbox.added`, with their request identifier.
        var present: [PushMessage.ID: [UInt64: String?]] = [:]
        var removed = Set<UInt64>()
        for record in inboxRecords {
            switch record.event.kind {
            case .inboxAdded:
                let request = record.requestIdentifier?.lowercased()
                let isDuplicate =
                    request != nil && (present[record.messageID]?.values.contains { $0 == request } ?? false)
                if !isDuplicate { present[record.messageID, default: [:]][record.sequence] = request }
            case .inboxRemoved:
                guard let entry = InboxIndex.entryID(record) else { continue }
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
                guard let entry = InboxIndex.entryID(record), !removed.contains(entry) else { continue }
                latestMark[entry] = max(latestMark[entry] ?? 0, record.sequence)
            } else {
                kept.insert(record.sequence)
            }
        }
        kept.formUnion(latestMark.values)
        return kept
    }

    /// The records of the `maximumMessages` most recently active messages younger than `maximumAge`.
    private static func keptByMessage(
        _ records: [DeliveryRecord], within bounds: DeliveryLedger.Configuration, now: Date
    ) -> Set<UInt64> {
        let (maximumMessages, maximumAge) = (bounds.maximumMessages, bounds.maximumAge)
        var latest: [PushMessage.ID: DeliveryRecord] = [:]
        for record in records { latest[record.messageID] = record }
        let oldest = now.addingTimeInterval(-maximumAge)
        let keptMessages = Set(
            latest.values.filter { $0.writtenAt >= oldest }.sorted { $0.sequence > $1.sequence }
                .prefix(max(0, maximumMessages)).map(\.messageID))
        return Set(records.filter { keptMessages.contains($0.messageID) }.map(\.sequence))
    }

    /// A Boolean value indicating whether the records have grown past the bounds by more than the slack that
    /// keeps compaction rare: a quarter of `maximumMessages` (at least 16) messages, or a day past the age.
    /// The age check runs at most once a day per process (``lastAgeCompaction``): a message that stays active
    /// keeps its old first record, which must not trigger a compaction on every append.
    mutating func exceedsBounds(_ bounds: DeliveryLedger.Configuration, now: Date) -> Bool {
        let (maximumMessages, maximumAge) = (bounds.maximumMessages, bounds.maximumAge)
        if byMessage.count > maximumMessages + max(16, maximumMessages / 4) { return true }
        guard let first = records.first, first.writtenAt < now.addingTimeInterval(-maximumAge - 86_400) else {
            return false
        }
        if let last = lastAgeCompaction, now.timeIntervalSince(last) < 86_400 { return false }
        lastAgeCompaction = now
        return true
    }

    /// Keeps only the records inside `bounds` (an in-memory ledger's compaction).
    mutating func trim(to bounds: DeliveryLedger.Configuration, now: Date) {
        let kept = Self.kept(records, within: bounds, now: now)
        replace(with: records.filter { kept.contains($0.sequence) }, base: 0)
    }

    // MARK: Events

    /// The records each subscriber has not been given yet, advancing their positions.
    mutating func takeUndelivered() -> [(AsyncStream<DeliveryRecord>.Continuation, [DeliveryRecord])] {
        var batches: [(AsyncStream<DeliveryRecord>.Continuation, [DeliveryRecord])] = []
        for (id, subscriber) in subscribers where subscriber.delivered < lastSequence {
            let start = firstIndex(after: subscriber.delivered)
            let batch = Array(records[start...])
            subscribers[id]?.delivered = lastSequence
            if !batch.isEmpty { batches.append((subscriber.continuation, batch)) }
        }
        return batches
    }

    /// The index of the first record with a sequence above `sequence` (binary search).
    func firstIndex(after sequence: UInt64) -> Int {
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].sequence <= sequence { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
