/// What happened to a posted message.
public enum PostReceipt: Sendable, Hashable {
    /// Delivered to this many subscriptions.
    case delivered(Int)
    /// No subscription matched; the message waits in the parking lot for the first matching subscription made
    /// with ``ReplayPolicy/parked``, which takes it (see ``PushCenter/subscribe(_:replay:_:)``).
    case parked
    /// The same delivery was seen within the de-duplication window; dropped.
    case duplicate
    /// No subscription matched and nothing was kept: parking is off (``PushCenter/Configuration/parkingCapacity``
    /// is 0) or the center is gone. Counted in `PushCenter.statistics`.
    case dropped
    /// Posted from a handler nested deeper than the hub's bound (16 levels of handlers that post): the message
    /// is delivered, in order, once this thread's outer deliveries return. Monitors see its final receipt then.
    case queued
}
