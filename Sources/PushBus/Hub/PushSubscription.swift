/// Something a ``PushSubscription`` cancels: the hub's own subscriber, or a closure.
protocol CancellationToken: AnyObject, Sendable {
    /// Stops deliveries. Idempotent.
    func cancel()
    /// A Boolean value indicating whether ``cancel()`` has run.
    var isCancelled: Bool { get }
}

/// A live subscription. Cancelled by ``cancel()`` or when released, like Combine's `AnyCancellable`.
///
/// Keep it (for example with ``store(in:)``) for as long as you want messages:
///
/// ```swift
/// var subscriptions = Set<PushSubscription>()
/// center.subscribe(.tapped) { message in … }.store(in: &subscriptions)
/// ```
///
/// Once ``cancel()`` returns, the handler is not called again. Called from outside any handler, `cancel()`
/// also waits for a delivery already running on another thread to finish. Called from inside a handler it does
/// not wait (that could deadlock): no new delivery starts, but one already running elsewhere may finish.
public final class PushSubscription: Sendable, Hashable {
    private let token: any CancellationToken

    /// Creates a subscription that runs `onCancel` once, on the first ``cancel()`` or on deinit.
    public convenience init(onCancel: @escaping @Sendable () -> Void) {
        self.init(token: ClosureToken(onCancel))
    }

    init(token: any CancellationToken) {
        self.token = token
    }

    deinit { token.cancel() }

    /// Stops deliveries. Idempotent; callable from any thread, also from inside the handler.
    public func cancel() { token.cancel() }

    /// A Boolean value indicating whether ``cancel()`` has run.
    public var isCancelled: Bool { token.isCancelled }

    /// Keeps the subscription alive in `set` (the Combine idiom).
    public func store(in set: inout Set<PushSubscription>) { set.insert(self) }

    /// Keeps the subscription alive in `array`.
    public func store(in array: inout [PushSubscription]) { array.append(self) }

    public static func == (lhs: PushSubscription, rhs: PushSubscription) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Runs a closure once, on the first cancel.
private final class ClosureToken: CancellationToken {
    private let onCancel: LockedState<(@Sendable () -> Void)?>

    init(_ onCancel: @escaping @Sendable () -> Void) { self.onCancel = LockedState(onCancel) }

    func cancel() {
        let action = onCancel.withLock { state -> (@Sendable () -> Void)? in
            defer { state = nil }
            return state
        }
        action?()
    }

    var isCancelled: Bool { onCancel.withLock { $0 == nil } }
}
