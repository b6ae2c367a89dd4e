public import Foundation
@_spi(PushBusInternals) public import PushBusCore

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

        func runsBefore(_ other: Pending) -> Bool { (due, sequence) < (other.due, other.sequence) }
    }

    private struct State {
        var now: Date
        var sequence: UInt64 = 0
        /// A binary min-heap by (due, sequence): scheduling and taking the next action are O(log n), so a long
        /// scenario (thousands of completion deadlines) stays linear overall.
        var pending: [Pending] = []
        /// Where the running ``advance(to:)`` stops, while it runs.
        var target: Date?

        mutating func push(_ entry: Pending) {
            pending.append(entry)
            var child = pending.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard pending[child].runsBefore(pending[parent]) else { break }
                pending.swapAt(child, parent)
                child = parent
            }
        }

        mutating func popFirst() -> Pending {
            pending.swapAt(0, pending.count - 1)
            let first = pending.removeLast()
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < pending.count, pending[left].runsBefore(pending[smallest]) { smallest = left }
                if right < pending.count, pending[right].runsBefore(pending[smallest]) { smallest = right }
                guard smallest != parent else { break }
                pending.swapAt(parent, smallest)
                parent = smallest
            }
            return first
        }
    }

    private let state: LockedState<State>

    /// Starts at `start` (default: 2026-01-01T00:00:00Z, so tests are reproducible).
    public init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        state = LockedState(State(now: start))
    }

    public var now: Date { state.withLock { $0.now } }

    /// Where the running ``advance(to:)`` will stop (`nil` when the clock is not advancing): a scheduler uses
    /// it to see every repetition of a trigger that falls within one advance.
    var advanceTarget: Date? { state.withLock { $0.target } }

    @discardableResult
    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let token = ScheduledAction()
        state.withLock { state in
            state.sequence += 1
            state.push(
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
        let outer = state.withLock { state -> Date? in
            let outer = state.target
            state.target = max(outer ?? date, date)
            return outer
        }
        defer { state.withLock { $0.target = outer } }
        while true {
            let next: Pending? = state.withLock { state in
                guard let first = state.pending.first, first.due <= date else {
                    if date > state.now { state.now = date }
                    return nil
                }
                _ = state.popFirst()
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
