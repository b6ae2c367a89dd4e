import Foundation
import PushBusCore

/// The inbox folded from ledger records: a pure value, applied record by record in sequence order, so every
/// process that applies the same records agrees (which of two racing "added" records wins, for one).
struct InboxIndex: Sendable {
    private(set) var entries: [UInt64: InboxEntry] = [:]
    /// Entry ids, oldest first (by date, then id).
    private(set) var order: [UInt64] = []
    private(set) var unreadCount = 0
    /// The last ledger sequence applied.
    private(set) var appliedSequence: UInt64 = 0
    let correlationWindow: TimeInterval
    /// The deliveries whose entries were removed, by message: they never enter again (``wasRemoved(_:_:_:)``).
    private var removed: [PushMessage.ID: [Delivery]] = [:]

    /// How a removed entry's delivery is known again.
    private struct Delivery: Sendable {
        var evidence: SeenDeliveries.Evidence
        var reportedAt: Date
    }

    init(correlationWindow: TimeInterval) {
        self.correlationWindow = correlationWindow
    }

    /// Applies `record` (ignored if already applied) and returns what changed.
    mutating func apply(_ record: DeliveryRecord) -> [InboxChange] {
        guard record.sequence > appliedSequence else { return [] }
        appliedSequence = record.sequence
        switch record.event.kind {
        case .inboxAdded:
            guard entry(matching: record.messageID, record.evidence, reportedAt: record.reportedAt) == nil,
                !wasRemoved(record.messageID, record.evidence, reportedAt: record.reportedAt)
            else {
                return []  // the other process added it first, or the delivery's entry was removed: it stays removed
            }
            let entry = Self.entry(from: record)
            entries[entry.id] = entry
            insertOrdered(entry)
            unreadCount += 1
            return [.inserted(entry), .unreadCount(unreadCount)]
        case .inboxRead, .inboxUnread:
            let isRead = record.event.kind == .inboxRead
            guard let id = record.entryReference, var entry = entries[id], entry.isRead != isRead else { return [] }
            entry.isRead = isRead
            entries[id] = entry
            unreadCount += isRead ? -1 : 1
            return [.updated(entry), .unreadCount(unreadCount)]
        case .inboxRemoved:
            guard let id = record.entryReference, let entry = entries.removeValue(forKey: id) else { return [] }
            order.removeAll { $0 == id }
            removed[entry.messageID, default: []].append(
                Delivery(evidence: entry.evidence, reportedAt: entry.reportedAt))
            if !entry.isRead { unreadCount -= 1 }
            return [.removed(id), .unreadCount(unreadCount)]
        default:
            return []
        }
    }

    /// The entry for the delivery of `messageID` known by `evidence` and reported at `reportedAt`, by the one
    /// identity rule (`SeenDeliveries`) with the inbox's correlation window.
    func entry(matching messageID: PushMessage.ID, _ evidence: SeenDeliveries.Evidence, reportedAt: Date)
        -> InboxEntry?
    {
        for id in order.reversed() {
            guard let entry = entries[id], entry.messageID == messageID else { continue }
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
        while index > order.startIndex, let previous = entries[order[index - 1]],
            (previous.date, previous.id) > (entry.date, entry.id)
        {
            index -= 1
        }
        order.insert(entry.id, at: index)
    }

    static func entry(from record: DeliveryRecord) -> InboxEntry {
        let summary = record.summary
        var entry = InboxEntry(
            id: record.sequence, messageID: record.messageID, requestIdentifier: record.requestIdentifier,
            title: summary?.title, subtitle: record.event.values["subtitle"], body: summary?.body,
            date: record.notificationDate ?? record.reportedAt, deepLink: summary?.deepLink,
            categoryIdentifier: summary?.categoryIdentifier, threadIdentifier: summary?.threadIdentifier,
            provider: summary?.provider, customData: summary?.customData ?? [:], isRead: false)
        entry.evidence = record.evidence
        entry.reportedAt = record.reportedAt
        return entry
    }
}
