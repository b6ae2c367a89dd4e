import Dispatch
public import Foundation

/// A source of time that can also run work later: the one clock the hub, the completion deadlines, the
/// simulated scheduler and the simulated device share. Tests pass `ManualClock` (PushBusTesting) and advance it.
public protocol PushClock: Sendable {
    /// The current time (wall clock): dates stamped on messages.
    var now: Date { get }

    /// Seconds on a clock that only moves forward: ages and windows (how long a message has been parked) are
    /// measured on it, so changing the device's date or time zone neither expires nor prolongs them.
    ///
    /// The default derives it from ``now``, which suits a test clock that moves only when told (`ManualClock`);
    /// ``SystemPushClock`` reads the system's monotonic clock instead.
    var uptime: Double { get }

    /// Runs `action` once, `delay` seconds from now, unless the returned token is cancelled first.
    ///
    /// - Returns: A token whose ``ScheduledAction/cancel()`` stops the action if it has not run.
    @discardableResult
    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledAction
}

extension PushClock {
    public var uptime: Double { now.timeIntervalSinceReferenceDate }

    /// ``uptime`` as a `Date`, for windows measured with `Date` arithmetic (``SeenDeliveries``): only differences
    /// between two such instants mean anything, and a change of the wall clock never moves them.
    package var monotonicInstant: Date { Date(timeIntervalSinceReferenceDate: uptime) }
}

/// A pending action of a ``PushClock``.
public final class ScheduledAction: Sendable {
    private let cancelled = LockedState(false)

    /// Creates a token that is not cancelled, for a custom ``PushClock`` to return from `schedule(after:_:)`.
    public init() {}

    /// Prevents the action from running, if it has not started yet. Idempotent.
    public func cancel() { cancelled.withLock { $0 = true } }

    /// A Boolean value indicating whether ``cancel()`` was called: a clock checks it before it runs the action.
    public var isCancelled: Bool { cancelled.withLock { $0 } }
}

/// Wall-clock time for dates, the system's monotonic clock for ages; delayed actions run on a global dispatch
/// queue.
public struct SystemPushClock: PushClock {
    /// Creates the system clock; it has no state, so every instance reads the same time.
    public init() {}

    public var now: Date { Date() }

    /// The monotonic clock (`DispatchTime`, unaffected by changes to the date and time). On Apple platforms it
    /// does not advance while the device sleeps, so a parked message's age counts time the app was running.
    public var uptime: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000 }

    /// A monotonic instant precise to a few milliseconds, for windows of seconds read on every post (the hub's
    /// de-duplication gate): on Linux `CLOCK_MONOTONIC_COARSE`, several times cheaper than ``uptime``'s clock;
    /// elsewhere ``uptime``. Compare it only with other readings of this property.
    package static var coarseMonotonicInstant: Date {
        #if os(Linux)
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Date(timeIntervalSinceReferenceDate: Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000)
        #else
        return SystemPushClock().monotonicInstant
        #endif
    }

    @discardableResult
    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let token = ScheduledAction()
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, delay)) {
            if !token.isCancelled { action() }
        }
        return token
    }
}
