import Foundation
import PushBus

/// A clock that moves only when told: tests advance it instead of sleeping.
///
/// ```swift
/// let clock = ManualClock()
/// clock.advance(by: 25)   // runs every action that fell due, in due order, on this thread
/// ```
public final class ManualClock: PushClock {
    private struct Pending {
        let due: Date
        let sequence: UInt64
        let token: ScheduledAction
        let action: @Sendable () -> Void
    }

    private struct State {
        var now: Date
        var sequence: UInt64 = 0
        var pending: [Pending] = []
    }

    private let state: LockedState<State>

    /// Starts at `start` (default: 2026-01-01T00:00:00Z, so tests are reproducible).
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        state = LockedState(State(now: start))
    }

    public var now: Date { state.withLock { $0.now } }

    @discardableResult
    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let token = ScheduledAction()
        state.withLock { state in
            state.sequence += 1
            state.pending.append(
                Pending(
                    due: state.now.addingTimeInterval(max(0, delay)), sequence: state.sequence, token: token,
                    action: action))
        }
        return token
    }

    /// Moves time forward by `interval` seconds, running each action that falls due at its due time, in order
    /// (actions scheduled by those actions run too if they fall due within the interval).
    public func advance(by interval: TimeInterval) {
        let target = now.addingTimeInterval(max(0, interval))
        advance(to: target)
    }

    /// Moves time forward to `date` (never backwards), running due actions as ``advance(by:)`` does.
    public func advance(to date: Date) {
        while true {
            let next: Pending? = state.withLock { state in
                let due = state.pending.filter { $0.due <= date }
                guard let first = due.min(by: { ($0.due, $0.sequence) < ($1.due, $1.sequence) }) else {
                    if date > state.now { state.now = date }
                    return nil
                }
                state.pending.removeAll { $0.sequence == first.sequence }
                if first.due > state.now { state.now = first.due }
                return first
            }
            guard let next else { return }
            if !next.token.isCancelled { next.action() }
        }
    }

    /// Runs the actions already due without moving time.
    public func runDueActions() { advance(by: 0) }

    /// How many actions wait (cancelled ones included until they fall due).
    public var pendingCount: Int { state.withLock { $0.pending.filter { !$0.token.isCancelled }.count } }
}
