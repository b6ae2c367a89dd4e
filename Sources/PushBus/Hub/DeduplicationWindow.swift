import Foundation

/// The de-duplication gate's memory: the keys seen recently, bounded by age and by count.
///
/// A key is a duplicate while it is remembered: from its first sighting until it is older than `window`
/// seconds or `capacity` newer keys have been recorded after it. A duplicate does not refresh the key.
///
/// Each recorded key gets a sequence number; `seenAt` keeps the time of the last `capacity` ones in a ring
/// indexed by sequence. A key is remembered if its sequence is among the last `capacity` and its time is within
/// the window, so forgetting needs no work: stale entries are swept from the dictionary in one pass once they
/// reach `capacity`, which keeps the common path at one hash per post (a `Set` removal would rehash its probe
/// chain on every eviction).
struct DeduplicationWindow: Sendable {
    let window: TimeInterval
    let capacity: Int
    private var sequences: [HashedKey: Int] = [:]
    private var seenAt: [Date] = []
    private var nextSequence = 0

    init(window: TimeInterval, capacity: Int) {
        self.window = window
        self.capacity = max(0, capacity)
    }

    /// A Boolean value indicating whether the gate is on (a positive window and capacity).
    var isEnabled: Bool { window > 0 && capacity > 0 }

    /// Records `key` seen at `now`; returns `false` (and records nothing) if it is a duplicate.
    mutating func record(_ key: PushMessage.DeduplicationKey, at now: Date) -> Bool {
        let key = HashedKey(key)
        let sequence = nextSequence
        if let previous = sequences.updateValue(sequence, forKey: key), isRemembered(previous, at: now) {
            sequences[key] = previous
            return false
        }
        if seenAt.isEmpty {
            seenAt = Array(repeating: now, count: capacity)
            sequences.reserveCapacity(sweepThreshold)
        }
        seenAt[sequence % capacity] = now
        nextSequence += 1
        if sequences.count >= sweepThreshold { sweep(at: now) }
        return true
    }

    /// How many keys the dictionary holds before forgotten ones are swept: at most `capacity` are remembered,
    /// so a sweep runs at most once per `capacity` posts.
    private var sweepThreshold: Int { 2 * capacity + 16 }

    private func isRemembered(_ sequence: Int, at now: Date) -> Bool {
        sequence >= nextSequence - capacity && now.timeIntervalSince(seenAt[sequence % capacity]) <= window
    }

    /// Drops the forgotten keys from the dictionary.
    private mutating func sweep(at now: Date) {
        var remembered = [HashedKey: Int](minimumCapacity: sweepThreshold)
        for (key, sequence) in sequences where isRemembered(sequence, at: now) { remembered[key] = sequence }
        sequences = remembered
    }
}

/// A key with its hash computed once per post, so the dictionary's lookups and sweeps rehash only an `Int`.
private struct HashedKey: Hashable, Sendable {
    let key: PushMessage.DeduplicationKey
    let hash: Int

    init(_ key: PushMessage.DeduplicationKey) {
        self.key = key
        var hasher = Hasher()
        hasher.combine(key.id.rawValue)
        switch key.kind {
        case .remote: hasher.combine(0 as UInt8)
        case .local: hasher.combine(1 as UInt8)
        case .remoteTapped: hasher.combine(2 as UInt8)
        case .localTapped: hasher.combine(3 as UInt8)
        }
        switch key.action {
        case nil: hasher.combine(0 as UInt8)
        case .open?: hasher.combine(1 as UInt8)
        case .dismiss?: hasher.combine(2 as UInt8)
        case .custom(let identifier)?:
            hasher.combine(3 as UInt8)
            hasher.combine(identifier)
        }
        hash = hasher.finalize()
    }

    static func == (lhs: HashedKey, rhs: HashedKey) -> Bool { lhs.hash == rhs.hash && lhs.key == rhs.key }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
