import Foundation
import PushBusCore

/// The hub's de-duplication gate: `SeenDeliveries` with the center's configured correlation window and
/// capacity, asked once per post.
///
/// A post is dropped when its report (`PushMessage.deduplicationKey`: id, kind, action, request identifier,
/// notification date) is a delivery already seen under the identity rules of `SeenDeliveries`. A duplicate does not
/// refresh what is remembered.
struct DeduplicationWindow: Sendable {
    private var seen: SeenDeliveries

    /// - Parameters:
    ///   - window: The correlation window for reports that share no evidence, in seconds.
    ///   - capacity: How many deliveries are remembered.
    init(window: TimeInterval, capacity: Int) {
        seen = SeenDeliveries(correlationWindow: window, capacity: capacity)
    }

    /// The correlation window, in seconds.
    var window: TimeInterval { seen.correlationWindow }
    /// How many deliveries are remembered at most.
    var capacity: Int { seen.capacity }

    /// A Boolean value indicating whether the gate is on (a positive window and capacity).
    var isEnabled: Bool { seen.isEnabled }

    /// Records `message` seen at `now`; returns `false` if it is a delivery already seen.
    mutating func record(_ message: PushMessage, at now: Date) -> Bool {
        seen.record(message, at: now)
    }

    /// Records the report `key` seen at `now`; returns `false` if it is a delivery already seen.
    mutating func record(_ key: PushMessage.DeduplicationKey, at now: Date) -> Bool {
        seen.record(key, at: now)
    }
}
