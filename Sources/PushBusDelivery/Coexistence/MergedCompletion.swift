@_spi(PushBusInternals) package import PushBusCore

/// One system completion handler shared by several answerers (PushBus and the other SDKs' delegates it forwards
/// to): the handler runs **exactly once**, with the answers merged, when every answerer has answered or at the
/// deadline, whichever comes first.
///
/// Each answerer gets its own closure from ``answerer()``; a second call of that closure is ignored, and so is
/// any answer after the handler ran (late). An answerer that never calls is waited for until the deadline.
package final class MergedCompletion<Value: Sendable>: Sendable {
    private struct State {
        var waiting: Int
        var merged: Value
        var deadline: ScheduledAction?
        var isFinished = false
    }

    private let state: LockedState<State>
    private let merge: @Sendable (Value, Value) -> Value
    private let completion: OnceCompletion<Value>

    /// - Parameters:
    ///   - answerers: How many answers to wait for (`0` finishes at once with `initial`).
    ///   - initial: The answer when nobody answered by the deadline.
    ///   - merge: How two answers combine (for presentation options: the union).
    ///   - completion: The system's handler.
    package init(
        answerers: Int, initial: Value, merge: @escaping @Sendable (Value, Value) -> Value,
        completion: @escaping @Sendable (Value) -> Void
    ) {
        self.state = LockedState(State(waiting: max(0, answerers), merged: initial))
        self.merge = merge
        self.completion = OnceCompletion(completion)
        if answerers <= 0 { self.completion.finish(initial) }
    }

    /// Finishes with the answers so far `seconds` from now on `clock`, unless everyone answered before.
    package func startDeadline(_ seconds: Double, clock: any PushClock) {
        guard !completion.isFinished else { return }
        let token = clock.schedule(after: seconds) { [self] in expire() }
        let isFinished = state.withLock { state in
            state.deadline = token
            return state.isFinished
        }
        if isFinished { token.cancel() }
    }

    /// A closure for one answerer: its first call counts, later calls are ignored.
    package func answerer() -> @Sendable (Value) -> Void {
        let once = OnceCompletion<Value> { [self] value in answer(value) }
        return { once.finish($0) }
    }

    /// A Boolean value indicating whether the system's handler has run.
    package var isFinished: Bool { completion.isFinished }

    private func answer(_ value: Value) {
        let outcome = state.withLock { state -> (Value, ScheduledAction?)? in
            guard !state.isFinished else { return nil }
            state.merged = merge(state.merged, value)
            state.waiting -= 1
            guard state.waiting <= 0 else { return nil }
            state.isFinished = true
            return (state.merged, state.deadline)
        }
        guard let (merged, deadline) = outcome else { return }
        deadline?.cancel()
        completion.finish(merged)
    }

    private func expire() {
        let merged = state.withLock { state -> Value? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            return state.merged
        }
        if let merged { completion.finish(merged) }
    }
}
