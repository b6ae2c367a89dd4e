import Foundation

/// The de-duplication gate's memory: the keys seen recently, bounded by age and by count.
///
/// A key is a duplicate while it is remembered: from its first sighting until it is older than `window`
/// seconds or `capacity` newer keys have been recorded after it. A duplicate does not refresh the key.
/// Lookup and insertion cost one hash; eviction is first-in first-out from a ring buffer.
struct DeduplicationWindow: Sendable {
    private struct Entry: Sendable {
        var key: PushMessage.DeduplicationKey
        var seenAt: Date
        var sequence: UInt64
    }

    let window: TimeInterval
    let capacity: Int
    private var latest: [PushMessage.DeduplicationKey: UInt64] = [:]
    private var ring: [Entry?] = []
    private var head = 0
    private var count = 0
    private var sequence: UInt64 = 0

    init(window: TimeInterval, capacity: Int) {
        self.window = window
        self.capacity = max(0, capacity)
    }

    /// A Boolean value indicating whether the gate is on (a positive window and capacity).
    var isEnabled: Bool { window > 0 && capacity > 0 }

    /// Records `key` seen at `now`; returns `false` (and records nothing) if it is a duplicate.
    mutating func record(_ key: PushMessage.DeduplicationKey, at now: Date) -> Bool {
        evict(before: now)
        sequence &+= 1
        if let previous = latest.updateValue(sequence, forKey: key) {
            latest[key] = previous
            return false
        }
        if ring.isEmpty { ring = Array(repeating: nil, count: capacity) }
        if count == capacity { evictOldest() }
        ring[(head + count) % capacity] = Entry(key: key, seenAt: now, sequence: sequence)
        count += 1
        return true
    }

    private mutating func evict(before now: Date) {
        while count > 0, let oldest = ring[head], now.timeIntervalSince(oldest.seenAt) > window {
            evictOldest()
        }
    }

    private mutating func evictOldest() {
        guard let oldest = ring[head] else { return }
        if latest[oldest.key] == oldest.sequence { latest[oldest.key] = nil }
        ring[head] = nil
        head = (head + 1) % capacity
        count -= 1
    }
}
