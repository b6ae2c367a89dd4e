import Dispatch

/// Something a ``PushCancellable`` cancels: the hub's own subscriber, an ``ObserverRegistry`` token, or a closure.
package protocol CancellationToken: AnyObject, Sendable {
    /// Stops deliveries without blocking. Idempotent.
    func cancel()
    /// Stops deliveries, then blocks until no delivery on another thread can still call the handler.
    func cancelAndWait()
    /// A Boolean value indicating whether ``cancel()`` has run.
    var isCancelled: Bool { get }
    /// A Boolean value indicating whether the token needs no cancel once only its subscription refers to it. True
    /// for the hub's subscribers: the hub holds each one for as long as anything can be delivered to it, so one
    /// nothing else holds is already out of the hub (cancelled, or the center is gone).
    var isInertWhenUnshared: Bool { get }
}

/// A live subscription. Cancelled by ``cancel()`` or when released, like Combine's `AnyCancellable`.
///
/// Keep it (for example with `store(in:)`) for as long as you want messages:
///
/// ```swift
/// var subscriptions = Set<PushCancellable>()
/// center.subscribe(.tapped) { message in print(message.kind) }.store(in: &subscriptions)
/// ```
///
/// ``cancel()`` never blocks: no delivery starts after it returns, but one already running on another thread may
/// still call the handler once. Releasing the subscription (deinit) and ending a `for await` loop cancel the same
/// way. ``cancelAndWait()`` also waits for those deliveries, for code that must not run the handler afterwards.
public final class PushCancellable: @unchecked Sendable, Hashable {
    // Safe: `token` is never reassigned. It is a `var` only so that `deinit`, which has the object to itself, can
    // ask whether the token is uniquely referenced (`isKnownUniquelyReferenced` takes its argument `inout`).
    @exclusivity(unchecked) private var token: any CancellationToken

    /// Creates a subscription that runs `onCancel` once, on the first ``cancel()`` or on deinit.
    public convenience init(onCancel: @escaping @Sendable () -> Void) {
        self.init(token: ClosureToken(onCancel))
    }

    package init(token: any CancellationToken) {
        self.token = token
    }

    deinit {
        // A released subscription that was cancelled already (or whose center is gone) is the last holder of its
        // subscriber: skip the second trip through the hub's lock, which would find nothing to do.
        if token.isInertWhenUnshared, isKnownUniquelyReferenced(&token) { return }
        token.cancel()
    }

    /// Stops deliveries. Idempotent; never blocks; callable from any thread, also from inside the handler.
    ///
    /// No delivery starts after `cancel()` returns, and on this thread the handler is not called again (also when
    /// a handler cancels a subscription later in the same fan-out). The handler and what it captures are released
    /// once no delivery can call it any more.
    ///
    /// > Warning: A delivery already running on another thread may still call the handler once after `cancel()`
    /// > returns. When that matters (the handler uses something you are about to tear down), call
    /// > ``cancelAndWait()``.
    public func cancel() { token.cancel() }

    /// Stops deliveries, then waits until no delivery running on another thread can still call the handler.
    ///
    /// It waits only for the deliveries that could call *this* handler (ones that began before the cancel and
    /// hold this subscription), never for later ones. It works the same for every kind of subscription: hub
    /// subscriptions and monitors, inbox, settings, Live Activity and router observers, and
    /// ``init(onCancel:)`` (it waits until a run of the closure another thread started has returned).
    ///
    /// From inside the handler it cannot wait for the call it is part of: it waits for the calls on other threads
    /// (for an observer registry, except those that are themselves waiting in `cancelAndWait()` of the same
    /// subscription), and the handler is not called again.
    ///
    /// > Warning: This blocks the calling thread. Do not call it where blocking is not allowed (the cooperative
    /// > thread pool of Swift concurrency, a `deinit`), and never from a thread that a running handler waits
    /// > for — for example on the main thread while a handler on a background thread hops synchronously to the
    /// > main thread: that deadlocks. ``cancel()`` never blocks.
    public func cancelAndWait() { token.cancelAndWait() }

    /// A Boolean value indicating whether ``cancel()`` has run.
    public var isCancelled: Bool { token.isCancelled }

    /// Keeps the subscription alive in `set` (the Combine idiom).
    public func store(in set: inout Set<PushCancellable>) { set.insert(self) }

    /// Keeps the subscription alive in `array`.
    public func store(in array: inout [PushCancellable]) { array.append(self) }

    public static func == (lhs: PushCancellable, rhs: PushCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Runs a closure once, on the first cancel; ``cancelAndWait()`` also waits for a run another thread started.
private final class ClosureToken: CancellationToken {
    private enum Phase: Sendable {
        case pending(@Sendable () -> Void)
        /// `owner` runs the closure; `waiters` block until it returns.
        case running(owner: UInt, waiters: [DispatchSemaphore])
        case done
    }

    private let phase: LockedState<Phase>

    init(_ onCancel: @escaping @Sendable () -> Void) { phase = LockedState(.pending(onCancel)) }

    func cancel() { run(waiting: false) }

    /// Runs the closure if nobody has, or waits until the run another thread started returns. From inside the
    /// closure itself (it cancels its own subscription) it returns at once.
    func cancelAndWait() { run(waiting: true) }

    private func run(waiting: Bool) {
        let owner = CurrentThread.owner
        let semaphore = waiting ? DispatchSemaphore(value: 0) : nil
        let action = phase.withLock { phase -> (@Sendable () -> Void)? in
            switch phase {
            case .pending(let action):
                phase = .running(owner: owner, waiters: [])
                return action
            case .running(let runner, var waiters):
                if let semaphore, runner != owner {
                    waiters.append(semaphore)
                    phase = .running(owner: runner, waiters: waiters)
                } else {
                    semaphore?.signal()
                }
                return nil
            case .done:
                semaphore?.signal()
                return nil
            }
        }
        guard let action else {
            semaphore?.wait()
            return
        }
        action()
        let waiters = phase.withLock { phase -> [DispatchSemaphore] in
            defer { phase = .done }
            guard case .running(_, let waiters) = phase else { return [] }
            return waiters
        }
        for waiter in waiters { waiter.signal() }
    }

    var isCancelled: Bool {
        phase.withLock { phase in
            if case .pending = phase { return false }
            return true
        }
    }

    /// Nothing else runs `onCancel`: the deinit of its subscription must.
    var isInertWhenUnshared: Bool { false }
}
