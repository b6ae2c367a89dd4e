package import Foundation
@_spi(PushBusInternals) package import PushBusCore

/// One run of the app's async handlers for one message, racing a deadline.
///
/// Each handler runs in its own `Task`, started by the given ``HandlerTasks``. When every handler has returned (or thrown), or when the deadline
/// fires on the clock, whichever is first, `finish` is called once with the outcomes so far; handlers still
/// running at the deadline are reported as `nil` and their tasks are cancelled (cooperatively: a handler that
/// ignores cancellation keeps running, but can no longer delay or repeat the completion).
package final class HandlerRun<Value: Sendable>: Sendable {
    /// A handler's outcome: its value, or `nil` if it threw or was still running at the deadline.
    package typealias Outcomes = [Value?]

    private struct State {
        var outcomes: [Value?]
        var remaining: Int
        var tasks: [Task<Void, Never>] = []
        var isFinished = false
        var deadline: ScheduledAction?
    }

    private let state: LockedState<State>
    private let finish: @Sendable (Outcomes) -> Void

    private init(count: Int, finish: @escaping @Sendable (Outcomes) -> Void) {
        state = LockedState(State(outcomes: Array(repeating: nil, count: count), remaining: count))
        self.finish = finish
    }

    /// Starts `handlers` on `message` and calls `finish` exactly once.
    ///
    /// With no handlers, `finish([])` runs at once on this thread and nothing is scheduled.
    /// - Parameter tasks: Starts each handler's task (a delivery passes the one ``PushDelivery/waitForHandlers()``
    ///   waits on).
    package static func start(
        _ handlers: [@Sendable (PushMessage) async throws -> Value], message: PushMessage,
        deadline: TimeInterval, clock: any PushClock, tasks: HandlerTasks,
        finish: @escaping @Sendable (Outcomes) -> Void
    ) {
        guard !handlers.isEmpty else {
            finish([])
            return
        }
        let run = HandlerRun(count: handlers.count, finish: finish)
        let token = clock.schedule(after: deadline) { [run] in run.expire() }
        run.state.withLock { $0.deadline = token }
        for (index, handler) in handlers.enumerated() {
            let task = tasks.start {
                let outcome: Value?
                do { outcome = try await handler(message) } catch { outcome = nil }
                run.record(outcome, at: index)
            }
            run.state.withLock { state in
                if state.isFinished { task.cancel() } else { state.tasks.append(task) }
            }
        }
    }

    private func record(_ outcome: Value?, at index: Int) {
        let completed: (Outcomes, ScheduledAction?)? = state.withLock { state in
            guard !state.isFinished else { return nil }
            state.outcomes[index] = outcome
            state.remaining -= 1
            guard state.remaining == 0 else { return nil }
            state.isFinished = true
            state.tasks = []
            return (state.outcomes, state.deadline)
        }
        guard let (outcomes, deadline) = completed else { return }
        deadline?.cancel()
        finish(outcomes)
    }

    private func expire() {
        let expired: (Outcomes, [Task<Void, Never>])? = state.withLock { state in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            defer { state.tasks = [] }
            return (state.outcomes, state.tasks)
        }
        guard let (outcomes, tasks) = expired else { return }
        for task in tasks { task.cancel() }
        finish(outcomes)
    }
}
