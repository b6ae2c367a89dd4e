import PushBusCore

/// Messages no subscription matched when they were posted, oldest first, bounded by count and age.
///
/// A parked message is handed over once: ``take(_:)`` removes the ones a subscriber claimed, so a later
/// subscriber never receives them again. It also leaves when older than `maximumAge` (measured on the clock's
/// monotonic time, so a wall-clock change neither expires nor keeps it), when `capacity` newer ones push it out,
/// or on ``clear()``.
struct ParkingLot: Sendable {
    struct Entry: Sendable {
        var message: PushMessage
        /// `PushClock.uptime` when parked.
        var parkedAt: Double
        /// Identifies the entry while a subscriber's filter decides (outside the lock) whether to claim it.
        var sequence: UInt64
    }

    let capacity: Int
    let maximumAge: Double
    private(set) var entries: [Entry] = []
    private var nextSequence: UInt64 = 0

    init(capacity: Int, maximumAge: Double) {
        self.capacity = max(0, capacity)
        self.maximumAge = maximumAge
    }

    /// A Boolean value indicating whether messages can be kept at all (`capacity` above 0).
    var isEnabled: Bool { capacity > 0 }

    /// Parks `message`; returns how many older messages the capacity pushed out. Parks nothing when disabled.
    mutating func park(_ message: PushMessage, at now: Double) -> Int {
        guard capacity > 0 else { return 0 }
        nextSequence += 1
        entries.append(Entry(message: message, parkedAt: now, sequence: nextSequence))
        let overflow = entries.count - capacity
        guard overflow > 0 else { return 0 }
        entries.removeFirst(overflow)
        return overflow
    }

    /// Drops the messages older than the maximum age; returns how many.
    mutating func expire(at now: Double) -> Int {
        guard !entries.isEmpty else { return 0 }
        let expired = entries.prefix { now - $0.parkedAt > maximumAge }.count
        if expired > 0 { entries.removeFirst(expired) }
        return expired
    }

    /// Removes and returns the entries with these sequence numbers that are still parked, oldest first. An entry
    /// claimed by someone else meanwhile (or expired) is not returned: each message is handed over once.
    mutating func take(_ sequences: [UInt64]) -> [PushMessage] {
        guard !sequences.isEmpty else { return [] }
        let wanted = Set(sequences)
        var taken: [PushMessage] = []
        entries.removeAll { entry in
            guard wanted.contains(entry.sequence) else { return false }
            taken.append(entry.message)
            return true
        }
        return taken
    }

    /// Drops every parked message.
    mutating func clear() { entries.removeAll() }

    var isEmpty: Bool { entries.isEmpty }

    /// The parked messages, oldest first.
    var messages: [PushMessage] { entries.map(\.message) }
}
