/// A live subscription. Cancelled by ``cancel()`` or when released, like Combine's `AnyCancellable`.
///
/// Keep it (for example with ``store(in:)``) for as long as you want messages.
public final class PushSubscription: Sendable, Hashable {
    private let onCancel: LockedState<(@Sendable () -> Void)?>

    /// Creates a subscription that runs `onCancel` once, on the first ``cancel()`` or on deinit.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = LockedState(onCancel)
    }

    deinit { cancel() }

    /// Stops deliveries. Idempotent; callable from any thread, also from inside the handler.
    public func cancel() {
        let action = onCancel.withLock { state -> (@Sendable () -> Void)? in
            defer { state = nil }
            return state
        }
        action?()
    }

    /// A Boolean value indicating whether ``cancel()`` has run.
    public var isCancelled: Bool { onCancel.withLock { $0 == nil } }

    /// Keeps the subscription alive in `set` (the Combine idiom).
    public func store(in set: inout Set<PushSubscription>) { set.insert(self) }

    /// Keeps the subscription alive in `array`.
    public func store(in array: inout [PushSubscription]) { array.append(self) }

    public static func == (lhs: PushSubscription, rhs: PushSubscription) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
