import Dispatch
import Foundation

/// A source of time that can also run work later: the one clock the hub, the completion deadlines, the
/// simulated scheduler and the simulated device share. Tests pass `ManualClock` (PushBusTesting) and advance it.
public protocol PushClock: Sendable {
    /// The current time.
    var now: Date { get }

    /// Runs `action` once, `delay` seconds from now, unless the returned token is cancelled first.
    ///
    /// - Returns: A token whose ``ScheduledAction/cancel()`` stops the action if it has not run.
    @discardableResult
    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledAction
}

/// A pending action of a ``PushClock``.
public final class ScheduledAction: Sendable {
    private let cancelled = LockedState(false)

    public init() {}

    /// Prevents the action from running, if it has not started yet. Idempotent.
    public func cancel() { cancelled.withLock { $0 = true } }

    /// A Boolean value indicating whether ``cancel()`` was called.
    public var isCancelled: Bool { cancelled.withLock { $0 } }
}

/// Wall-clock time; delayed actions run on a global dispatch queue.
public struct SystemClock: PushClock {
    public init() {}

    public var now: Date { Date() }

    @discardableResult
    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let token = ScheduledAction()
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, delay)) {
            if !token.isCancelled { action() }
        }
        return token
    }
}
