import Foundation

/// Messages no subscription matched when they were posted, oldest first, bounded by count and age.
///
/// A parked message stays until it is older than `maximumAge`, until `capacity` newer ones push it out, or
/// until ``clear()``; replaying it to a subscriber does not remove it, so every late subscriber gets it.
struct ParkingLot: Sendable {
    struct Entry: Sendable {
        var message: PushMessage
        var parkedAt: Date
    }

    let capacity: Int
    let maximumAge: TimeInterval
    private(set) var entries: [Entry] = []

    init(capacity: Int, maximumAge: TimeInterval) {
        self.capacity = max(0, capacity)
        self.maximumAge = maximumAge
    }

    /// Parks `message`; returns how many messages the capacity pushed out (the new one, if capacity is 0).
    mutating func park(_ message: PushMessage, at now: Date) -> Int {
        guard capacity > 0 else { return 1 }
        entries.append(Entry(message: message, parkedAt: now))
        let overflow = entries.count - capacity
        guard overflow > 0 else { return 0 }
        entries.removeFirst(overflow)
        return overflow
    }

    /// Drops the messages older than the maximum age; returns how many.
    mutating func expire(at now: Date) -> Int {
        guard !entries.isEmpty else { return 0 }
        let expired = entries.prefix { now.timeIntervalSince($0.parkedAt) > maximumAge }.count
        if expired > 0 { entries.removeFirst(expired) }
        return expired
    }

    /// Drops every parked message.
    mutating func clear() { entries.removeAll() }

    var isEmpty: Bool { entries.isEmpty }

    /// The parked messages, oldest first.
    var messages: [PushMessage] { entries.map(\.message) }
}
