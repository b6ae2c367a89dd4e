/// Whether a new subscription first receives the messages parked before it existed.
public enum ReplayPolicy: Sendable, Hashable {
    /// Deliver the parked messages the filter matches, in order, before live ones (the cold-start fix).
    case parked
    /// Live messages only.
    case none
}
