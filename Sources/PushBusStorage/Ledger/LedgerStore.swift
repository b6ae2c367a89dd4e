internal import Foundation
internal import PushBusCore

/// The in-memory side of a ``DeliveryLedger``: its records in sequence order, an index by message, the issues
/// found, and the event subscribers' read positions. A plain value, used under the ledger's state lock.
struct LedgerStore {
    /// A consumer of ``DeliveryLedger/events(after:bufferingPolicy:)`` and the last sequence it was given.
    struct Subscriber {
        var continuation: AsyncStream<DeliveryRecord>.Continuation
        var delivered: UInt64
    }

    /// ``DeliveryLedger/Configuration/maximumRecordsPerMessage``.
    let maximumRecordsPerMessage: Int
    private(set) var records: [DeliveryRecord] = []
    /// The positions in ``records`` of each message's records (positions, not copies: one record is stored once).
    private var positions: [PushMessage.ID: [Int]] = [:]
    /// Messages whose kept records after the last compaction exceeded the per-message bound (what a retention rule
    /// keeps is never cut): they trigger a compaction only after doubling again.
    private var recordsAfterCompaction: [PushMessage.ID: Int] = [:]
    /// A Boolean value indicating whether an appended record took its message past twice its bound.
    private var hasOvergrownMessage = false
    /// The messages with an `opened` or `dismissed` record: whether an earlier launch answered a tapped message is
    /// asked of a copy taken at launch (``DeliveryLedger/answeredMessages()``), without this store's lock.
    private(set) var answeredMessages: Set<PushMessage.ID> = []
    /// The highest sequence ever seen (records or a compacted file's base).
    private(set) var lastSequence: UInt64 = 0
    private(set) var issues: [DeliveryLedgerIssue] = []
    private var knownIssues: Set<DeliveryLedgerIssue> = []
    var subscribers: [UInt64: Subscriber] = [:]
    var nextSubscriberID: UInt64 = 0
    var isDraining = false
    /// When the age bound last triggered a compaction in this process.
    private var lastAgeCompaction: Date?

    init(maximumRecordsPerMessage: Int) { self.maximumRecordsPerMessage = maximumRecordsPerMessage }

    /// Adds records newer than ``lastSequence`` (older ones were already read); returns how many were new.
    @discardableResult
    mutating func append<Records: Sequence>(_ newRecords: Records) -> Int where Records.Element == DeliveryRecord {
        var added = 0
        for record in newRecords where record.sequence > lastSequence {
            add(record)
            lastSequence = record.sequence
            added += 1
        }
        return added
    }

    /// Stores `record` after the others; a message id or request identifier equal to one already held shares its
    /// storage (a ledger holds many records of few messages).
    ///
    /// Runs under the ledger's lock, which a tap takes too: one lookup of the message, no copy of another record.
    private mutating func add(_ record: DeliveryRecord) {
        var record = record
        let count: Int
        if let index = positions.index(forKey: record.messageID) {
            record.messageID = positions.keys[index]
            let firstRequest = records[positions.values[index][0]].requestIdentifier
            if let request = record.requestIdentifier, request == firstRequest {
                record.requestIdentifier = firstRequest
            }
            positions.values[index].append(records.count)
            count = positions.values[index].count
        } else {
            positions[record.messageID] = [records.count]
            count = 1
        }
        if Self.isAnswer(record) { answeredMessages.insert(record.messageID) }
        records.append(record)
        if count > 2 * maximumRecordsPerMessage,
            count > 2 * (recordsAfterCompaction[record.messageID] ?? 0)
        {
            hasOvergrownMessage = true
        }
    }

    /// A Boolean value indicating whether `record` is a response: the message was opened or dismissed.
    static func isAnswer(_ record: DeliveryRecord) -> Bool {
        record.event.kind == .opened || record.event.kind == .dismissed
    }

    /// Every record of `messageID`, oldest first.
    func history(of messageID: PushMessage.ID) -> [DeliveryRecord] {
        positions[messageID]?.map { records[$0] } ?? []
    }

    /// A Boolean value indicating whether a record of `messageID` carries the message's summary.
    func hasSummary(of messageID: PushMessage.ID) -> Bool {
        positions[messageID]?.contains { records[$0].summary != nil } ?? false
    }

    /// How many distinct messages the records are about.
    var messageCount: Int { positions.count }

    /// Replaces every record (a compacted or first-read file); `base` is the file's sequence floor.
    mutating func replace(with newRecords: [DeliveryRecord], base: UInt64) {
        let isSorted = zip(newRecords, newRecords.dropFirst()).allSatisfy { $0.sequence < $1.sequence }
        // The records are taken as they are (a scan already shares repeated strings): no second copy of each.
        records = isSorted ? newRecords : newRecords.sorted(by: { $0.sequence < $1.sequence })
        positions = [:]
        for (index, record) in records.enumerated() { positions[record.messageID, default: []].append(index) }
        answeredMessages = Set(records.lazy.filter(Self.isAnswer).map(\.messageID))
        recordsAfterCompaction = positions.filter { $0.value.count > maximumRecordsPerMessage }.mapValues(\.count)
        hasOvergrownMessage = false
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
    /// latest record is younger than `maximumAge` at `now`, cut to the per-message bound (``bounded(_:to:rules:)``),
    /// and every record a retention rule keeps whatever the bounds (the inbox's live entries: the inbox's own bounds
    /// decide when an entry leaves, not the ledger's).
    static func kept(
        _ records: [DeliveryRecord], within bounds: DeliveryLedger.Configuration, now: Date,
        rules: [LedgerRetentionRule] = LedgerRetentionRule.all
    ) -> Set<UInt64> {
        var kept = Set<UInt64>()
        for rule in rules { kept.formUnion(rule.keep(records)) }
        let messages = keptMessages(records, within: bounds, now: now)
        let histories = Dictionary(grouping: records.filter { messages.contains($0.messageID) }, by: \.messageID)
        for history in histories.values {
            kept.formUnion(bounded(history, to: bounds.maximumRecordsPerMessage, rules: rules))
        }
        return kept
    }

    /// The records of one message (oldest first) that compaction keeps when there are more than `bound`: the
    /// first, the latest and the latest with a summary; every record a retention rule keeps with its message (the
    /// inbox's `inbox.added` and `inbox.removed`, content answers and the records naming one); of the rest but those
    /// a rule keeps on its own (read marks), one record per distinct event — same kind, action, text, URL, values,
    /// role, request identifier, notification date and message kind: the first, which answers `hasRecorded` for
    /// every launch after it — and of those the newest, up to `bound` records in all.
    static func bounded(
        _ history: [DeliveryRecord], to bound: Int, rules: [LedgerRetentionRule] = LedgerRetentionRule.all
    ) -> Set<UInt64> {
        guard history.count > bound, let first = history.first, let last = history.last else {
            return Set(history.map(\.sequence))
        }
        var kept: Set<UInt64> = [first.sequence, last.sequence]
        if let summary = history.last(where: { $0.summary != nil }) { kept.insert(summary.sequence) }
        struct Repeat: Hashable {
            var event: DeliveryEvent
            var role: DeliveryProcessRole
            var request: String?
            /// When the delivery happened as best known (a repeat of one event is one record to keep).
            var date: Date
            var kind: PushMessage.Kind
        }
        var seen = Set<Repeat>()
        var distinct: [UInt64] = []
        for record in history {
            switch LedgerRetentionRule.treatment(of: record, under: rules) {
            case .keptWithMessage:
                kept.insert(record.sequence)
            case .leftToRule:
                continue
            case nil:
                let key = Repeat(
                    event: record.event, role: record.role,
                    request: record.requestIdentifier.map(SeenDeliveries.identifierKey),
                    date: record.notificationDate ?? record.reportedAt, kind: record.messageKind)
                if seen.insert(key).inserted { distinct.append(record.sequence) }
            }
        }
        kept.formUnion(distinct.filter { !kept.contains($0) }.suffix(max(0, bound - kept.count)))
        return kept
    }

    /// The `maximumMessages` most recently active messages younger than `maximumAge`.
    private static func keptMessages(
        _ records: [DeliveryRecord], within bounds: DeliveryLedger.Configuration, now: Date
    ) -> Set<PushMessage.ID> {
        let (maximumMessages, maximumAge) = (bounds.maximumMessages, bounds.maximumAge)
        var latest: [PushMessage.ID: DeliveryRecord] = [:]
        for record in records { latest[record.messageID] = record }
        let oldest = now.addingTimeInterval(-maximumAge)
        return Set(
            latest.values.filter { $0.writtenAt >= oldest }.sorted { $0.sequence > $1.sequence }
                .prefix(max(0, maximumMessages)).map(\.messageID))
    }

    /// A Boolean value indicating whether the records have grown past the bounds by more than the slack that
    /// keeps compaction rare: a quarter of `maximumMessages` (at least 16) messages, a message with twice its
    /// bound of records (or twice what the last compaction kept of it), or a day past the age.
    /// The age check runs at most once a day per process (``lastAgeCompaction``): a message that stays active
    /// keeps its old first record, which must not trigger a compaction on every append.
    mutating func exceedsBounds(_ bounds: DeliveryLedger.Configuration, now: Date) -> Bool {
        let (maximumMessages, maximumAge) = (bounds.maximumMessages, bounds.maximumAge)
        if positions.count > maximumMessages + max(16, maximumMessages / 4) || hasOvergrownMessage { return true }
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
