/// What happened to a posted message.
public enum PostReceipt: Sendable, Hashable {
    /// Delivered to this many subscriptions.
    case delivered(Int)
    /// No subscription matched; the message waits for one (see ``ReplayPolicy/parked``).
    case parked
    /// The same delivery was seen within the de-duplication window; dropped.
    case duplicate
}
