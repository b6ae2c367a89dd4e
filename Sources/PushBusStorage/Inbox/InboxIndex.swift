internal import Foundation
internal import PushBusCore

/// The inbox folded from ledger records: a pure value, applied record by record in sequence order, so every
/// process that applies the same records agrees (which of two racing "added" records wins, for one).
struct InboxIndex: Sendable {
    private(set) var entries: [UInt64: InboxEntry] = [:]
    /// Entry ids, oldest first (by date, then by the sequence of the record that added each).
    private(set) var order: [UInt64] = []
    private(set) var unreadCount = 0
    /// Per scope, the ids of its entries and how many of them are unread: kept by every path that changes an entry
    /// (``applyEvent(_:into:)``), so a scope's unread count is O(1) and its entries are found without a scan.
    private(set) var scopes: [PushScope: ScopeTally] = [:]
    /// The last written ledger sequence applied (records applied before they are written do not move it).
    private(set) var appliedSequence: UInt64 = 0
    /// The tie-break of entries with the same date: the sequence of the record that added each, so every process
    /// that folds the same records orders them alike; an entry whose record is not written yet comes after every
    /// written one (``unwrittenPositions`` on), until ``written(_:)`` gives it its sequence.
    private var positions: [UInt64: UInt64] = [:]
    private var nextUnwrittenPosition = Self.unwrittenPositions
    /// Above every sequence (at most `Int64.max`).
    private static let unwrittenPositions = UInt64(Int64.max) + 1
    /// Ids of `inbox.added` records that were duplicates of an entry already there (two processes adding one push
    /// at once), to that entry's id: a mark naming the duplicate reaches the entry.
    private var aliases: [UInt64: UInt64] = [:]
    /// Entry ids by message, oldest first: the identity rule looks at one message's entries, not all of them.
    private var byMessage: [PushMessage.ID: [UInt64]] = [:]
    let correlationWindow: TimeInterval
    /// The deliveries whose entries were removed, by message: they never enter again (``wasRemoved(_:_:_:)``).
    private var removed: [PushMessage.ID: [Delivery]] = [:]

    /// One scope's entries and unread count.
    struct ScopeTally: Sendable, Hashable {
        var ids: Set<UInt64> = []
        var unread = 0
    }

    /// How a removed entry's delivery is known again.
    private struct Delivery: Sendable {
        var evidence: SeenDeliveries.Evidence
        var reportedAt: Date
    }

    init(correlationWindow: TimeInterval) {
        self.correlationWindow = correlationWindow
    }

    /// Applies the written `record` (ignored if already applied) and appends what changed to `changes`.
    mutating func apply(_ record: DeliveryRecord, into changes: inout [InboxChange]) {
        guard record.sequence > appliedSequence else { return }
        appliedSequence = record.sequence
        applyEvent(record, into: &changes)
    }

    /// Notes that the written record `sequence` is applied already (it is this process's own, applied with
    /// ``applyUnwritten(_:)`` when it was handed to the writer).
    mutating func skip(to sequence: UInt64) {
        appliedSequence = max(appliedSequence, sequence)
    }

    /// Applies a record handed to the ledger's writer and not written yet: it has no sequence, so it leaves
    /// ``appliedSequence`` where it is.
    mutating func applyUnwritten(_ record: DeliveryRecord, into changes: inout [InboxChange]) {
        applyEvent(record, into: &changes)
    }

    /// The record applied by ``applyUnwritten(_:)`` is written as `record`: its entry takes the place its sequence
    /// gives it among entries of the same date (another process's entry of that date may have been written first).
    mutating func written(_ record: DeliveryRecord) {
        skip(to: record.sequence)
        let id = record.addedEntryID
        guard record.event.kind == .inboxAdded, let entry = entries[id], positions[id] != record.sequence,
            let index = order.lastIndex(of: id)  // an entry just added is near the end
        else { return }
        positions[id] = record.sequence
        func key(_ index: Int) -> (Date, UInt64) {
            let other = order[index]
            return (entries[other]?.date ?? .distantPast, positions[other] ?? 0)
        }
        let own = (entry.date, record.sequence)
        let isInPlace =
            (index == order.startIndex || key(index - 1) < own) && (index + 1 == order.endIndex || own < key(index + 1))
        guard !isInPlace else { return }
        order.remove(at: index)
        insertOrdered(entry)
    }

    /// Appends to `changes` rather than returning them: a tap applies two records, and each returned list (with
    /// the count appended to it) was two arrays allocated and freed on the tapping thread.
    private mutating func applyEvent(_ record: DeliveryRecord, into changes: inout [InboxChange]) {
        switch record.event.kind {
        case .inboxAdded:
            if let existing = entry(matching: record.messageID, record.evidence, reportedAt: record.reportedAt) {
                aliases[record.addedEntryID] = existing.id
                return  // the other process added it first: marks naming this record reach that entry
            }
            guard !wasRemoved(record.messageID, record.evidence, reportedAt: record.reportedAt) else {
                return  // the delivery's entry was removed: it stays removed
            }
            let entry = Self.entry(from: record)
            entries[entry.id] = entry
            if record.sequence == DeliveryRecord.unwritten {
                positions[entry.id] = nextUnwrittenPosition
                nextUnwrittenPosition += 1
            } else {
                positions[entry.id] = record.sequence
            }
            insertOrdered(entry)
            byMessage[entry.messageID, default: []].append(entry.id)
            unreadCount += 1
            changes.append(.inserted(entry))
            if let scope = entry.scope {
                scopes[scope, default: ScopeTally()].ids.insert(entry.id)
                scopes[scope]?.unread += 1
                changes.append(.scopeUnreadCount(scope, scopes[scope]?.unread ?? 0))
            }
            changes.append(.unreadCount(unreadCount))
        case .inboxRead, .inboxUnread:
            let isRead = record.event.kind == .inboxRead
            guard let id = target(of: record), var entry = entries[id], entry.isRead != isRead else { return }
            entry.isRead = isRead
            entries[id] = entry
            unreadCount += isRead ? -1 : 1
            changes.append(.updated(entry))
            if let scope = entry.scope, scopes[scope] != nil {
                scopes[scope]?.unread += isRead ? -1 : 1
                changes.append(.scopeUnreadCount(scope, scopes[scope]?.unread ?? 0))
            }
            changes.append(.unreadCount(unreadCount))
        case .inboxRemoved:
            guard let id = target(of: record), let entry = entries.removeValue(forKey: id) else { return }
            order.removeAll { $0 == id }
            positions.removeValue(forKey: id)
            byMessage[entry.messageID]?.removeAll { $0 == id }
            if byMessage[entry.messageID]?.isEmpty == true { byMessage[entry.messageID] = nil }
            removed[entry.messageID, default: []].append(
                Delivery(evidence: entry.evidence, reportedAt: entry.reportedAt))
            if !entry.isRead { unreadCount -= 1 }
            changes.append(.removed(id))
            if let scope = entry.scope, var tally = scopes[scope] {
                tally.ids.remove(id)
                if !entry.isRead { tally.unread -= 1 }
                scopes[scope] = tally.ids.isEmpty ? nil : tally
                if !entry.isRead { changes.append(.scopeUnreadCount(scope, tally.unread)) }
            }
            changes.append(.unreadCount(unreadCount))
        default:
            return
        }
    }

    /// The entry a mark names: its `entry` value, the entry that value was a duplicate of, or (a mark written
    /// before this process read the other's `inbox.added` of the same delivery) the delivery's entry.
    private func target(of record: DeliveryRecord) -> UInt64? {
        if let id = record.entryReference {
            if entries[id] != nil { return id }
            if let alias = aliases[id], entries[alias] != nil { return alias }
        }
        return entry(matching: record.messageID, record.evidence, reportedAt: record.reportedAt)?.id
    }

    /// The entry with `id`, or the one a duplicate `id` stands for.
    func entry(_ id: UInt64) -> InboxEntry? {
        entries[id] ?? aliases[id].flatMap { entries[$0] }
    }

    /// The entry for the delivery of `messageID` known by `evidence` and reported at `reportedAt`, by the one
    /// identity rule (`SeenDeliveries`) with the inbox's correlation window.
    func entry(matching messageID: PushMessage.ID, _ evidence: SeenDeliveries.Evidence, reportedAt: Date)
        -> InboxEntry?
    {
        for id in (byMessage[messageID] ?? []).reversed() {
            guard let entry = entries[id] else { continue }
            if isSame(entry.evidence, entry.reportedAt, evidence, reportedAt) { return entry }
        }
        return nil
    }

    /// A Boolean value indicating whether an entry for this delivery was in the inbox and was removed (by the user
    /// or the bounds): a later report of the same delivery (its tap, another process adding it) does not bring it
    /// back. The same identity rule as ``entry(matching:_:reportedAt:)``.
    func wasRemoved(_ messageID: PushMessage.ID, _ evidence: SeenDeliveries.Evidence, reportedAt: Date) -> Bool {
        removed[messageID]?.contains { isSame($0.evidence, $0.reportedAt, evidence, reportedAt) } ?? false
    }

    private func isSame(
        _ evidence: SeenDeliveries.Evidence, _ reportedAt: Date, _ other: SeenDeliveries.Evidence, _ otherAt: Date
    ) -> Bool {
        SeenDeliveries.isSameDelivery(
            evidence, reportedAt: reportedAt, other, reportedAt: otherAt, correlationWindow: correlationWindow)
    }

    /// What an observer of this index sees when it becomes `other`: removed, inserted and updated entries, then the
    /// unread count.
    func changes(to other: InboxIndex) -> [InboxChange] {
        var changes: [InboxChange] = []
        for id in order where other.entries[id] == nil { changes.append(.removed(id)) }
        for id in other.order {
            guard let entry = other.entries[id] else { continue }
            if let before = entries[id] {
                if before != entry { changes.append(.updated(entry)) }
            } else {
                changes.append(.inserted(entry))
            }
        }
        for scope in Set(scopes.keys).union(other.scopes.keys).sorted() {
            let count = other.unreadCount(in: scope)
            if count != unreadCount(in: scope) { changes.append(.scopeUnreadCount(scope, count)) }
        }
        if other.unreadCount != unreadCount || !changes.isEmpty { changes.append(.unreadCount(other.unreadCount)) }
        return changes
    }

    /// The unread entries of `scope`. O(1).
    func unreadCount(in scope: PushScope) -> Int { scopes[scope]?.unread ?? 0 }

    /// The entries of `scope`. O(1).
    func count(in scope: PushScope) -> Int { scopes[scope]?.ids.count ?? 0 }

    /// The unread counts, in all and per scope (the scopes with an unread entry). O(scopes).
    var unreadCounts: InboxUnreadCounts {
        InboxUnreadCounts(total: unreadCount, byScope: scopes.compactMapValues { $0.unread > 0 ? $0.unread : nil })
    }

    /// The entries of `scope`, newest first (by date, then by the sequence of the record that added each), skipping
    /// `offset`, at most `limit`. O(k log k) for the k entries of the scope.
    func page(in scope: PushScope, offset: Int, limit: Int) -> [InboxEntry] {
        guard let ids = scopes[scope]?.ids, offset < ids.count, limit > 0 else { return [] }
        let sorted = ids.compactMap { entries[$0] }.sorted {
            ($0.date, positions[$0.id] ?? 0) > ($1.date, positions[$1.id] ?? 0)
        }
        return Array(sorted.dropFirst(offset).prefix(limit))
    }

    /// The unread entries of `scope`, in no particular order. O(entries of the scope).
    func unreadEntries(in scope: PushScope) -> [InboxEntry] {
        guard let tally = scopes[scope], tally.unread > 0 else { return [] }
        return tally.ids.compactMap { id in entries[id].flatMap { $0.isRead ? nil : $0 } }
    }

    /// Entries newest first, skipping `offset`, at most `limit`.
    func page(offset: Int, limit: Int) -> [InboxEntry] {
        guard offset < order.count, limit > 0 else { return [] }
        let end = order.count - offset
        let start = max(0, end - limit)
        return order[start..<end].reversed().compactMap { entries[$0] }
    }

    /// Ids of the entries to remove for the bounds: older than `maximumAge`, then the oldest beyond `maximumCount`.
    func overflow(maximumCount: Int, maximumAge: TimeInterval, now: Date) -> [UInt64] {
        var result: [UInt64] = []
        for id in order {
            guard let entry = entries[id] else { continue }
            if now.timeIntervalSince(entry.date) > maximumAge || order.count - result.count > maximumCount {
                result.append(id)
            } else {
                break
            }
        }
        return result
    }

    private mutating func insertOrdered(_ entry: InboxEntry) {
        var index = order.endIndex
        let position = positions[entry.id] ?? 0
        while index > order.startIndex, let previous = entries[order[index - 1]],
            (previous.date, positions[previous.id] ?? 0) > (entry.date, position)
        {
            index -= 1
        }
        order.insert(entry.id, at: index)
    }

    static func entry(from record: DeliveryRecord) -> InboxEntry {
        let summary = record.summary
        var entry = InboxEntry(
            id: record.addedEntryID, messageID: record.messageID, requestIdentifier: record.requestIdentifier,
            title: summary?.title, subtitle: record.event.values["subtitle"], body: summary?.body,
            date: record.notificationDate ?? record.reportedAt, deepLink: summary?.deepLink,
            categoryIdentifier: summary?.categoryIdentifier, threadIdentifier: summary?.threadIdentifier,
            provider: summary?.provider, customData: summary?.customData ?? [:], isRead: false, scope: record.scope)
        entry.evidence = record.evidence
        entry.reportedAt = record.reportedAt
        return entry
    }
}
