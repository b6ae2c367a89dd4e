/// One kind of subscriber (messages or registration events) as the state machine keeps them: in subscription
/// order, each with its phase, and what queued for it while it replayed.
///
/// Posts copy `entries` out as an immutable snapshot (one retain, no allocation). Cancelling the newest entry
/// removes it at once (with any tombstones it uncovers); any other cancelled entry stays as a tombstone until
/// enough accumulate, then one pass compacts them, so subscribe and cancel are O(1) amortized (plus a binary
/// search: ids grow with every subscribe, so the entries stay sorted by id).
struct SubscriberList<Target: DeliveryTarget>: Sendable {
    struct Entry: Sendable {
        let subscriber: Target
        var phase: SubscriberPhase
    }

    private(set) var entries: [Entry] = []
    private var tombstones = 0
    private var pending: [UInt64: [Target.Element]] = [:]

    mutating func append(_ subscriber: Target, phase: SubscriberPhase) {
        entries.append(Entry(subscriber: subscriber, phase: phase))
    }

    /// The entry's index, by binary search on the id (the newest first: a subscription cancelled right after it
    /// was made is the common case).
    func index(of id: UInt64) -> Int? {
        let count = entries.count
        if count > 0, entries[count - 1].subscriber.id == id { return count - 1 }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let candidate = entries[middle].subscriber.id
            if candidate == id { return middle }
            if candidate < id { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The phase of subscriber `id`; a subscriber no longer listed is cancelled.
    func phase(of id: UInt64) -> SubscriberPhase {
        index(of: id).map { entries[$0].phase } ?? .cancelled
    }

    /// Queues `element` for a replaying subscriber. Returns `nil` if it is live (deliver directly), `true` if
    /// queued, `false` if cancelled.
    mutating func enqueue(_ element: Target.Element, for id: UInt64) -> Bool? {
        switch phase(of: id) {
        case .live: return nil
        case .replaying:
            pending[id, default: []].append(element)
            return true
        case .cancelled: return false
        }
    }

    /// Takes what queued for a replaying subscriber; when nothing did, it goes live and `nil` is returned.
    mutating func drainPending(_ id: UInt64) -> [Target.Element]? {
        if let queued = pending.removeValue(forKey: id), !queued.isEmpty { return queued }
        if let index = index(of: id), entries[index].phase == .replaying { entries[index].phase = .live }
        return nil
    }

    /// Marks subscriber `id` cancelled; returns `true` the first time.
    mutating func cancel(_ id: UInt64) -> Bool {
        guard let index = index(of: id), entries[index].phase != .cancelled else { return false }
        if !pending.isEmpty { pending[id] = nil }  // only replaying subscribers queue: skip the hashing otherwise
        if index == entries.count - 1 {
            // The newest subscription (subscribe, then cancel): drop it and the tombstones behind it, no compaction.
            entries.removeLast()
            while let last = entries.last, last.phase == .cancelled {
                entries.removeLast()
                tombstones -= 1
            }
            return true
        }
        entries[index].phase = .cancelled
        tombstones += 1
        if tombstones > 8, tombstones * 2 > entries.count {
            entries.removeAll { $0.phase == .cancelled }
            tombstones = 0
        }
        return true
    }

    /// Empties the list (the center is gone); returns the subscribers that were not cancelled yet.
    mutating func removeAll() -> [Target] {
        defer {
            entries = []
            pending = [:]
            tombstones = 0
        }
        return entries.compactMap { $0.phase == .cancelled ? nil : $0.subscriber }
    }
}
