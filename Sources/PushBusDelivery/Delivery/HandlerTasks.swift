@_spi(PushBusInternals) internal import PushBusCore

/// Starts the tasks that run a delivery's async handlers, and knows when they have all ended.
///
/// The one place a `PushDelivery` creates tasks (``HandlerRun`` asks it for each handler), so a test can wait
/// for the handlers explicitly (``PushDelivery/waitForHandlers()``) instead of yielding a guessed number of times.
package final class HandlerTasks: Sendable {
    private struct State {
        var running = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedState(State())

    package init() {}

    /// Starts `body` in a new task, counted until it ends.
    package func start(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        state.withLock { $0.running += 1 }
        return Task {
            await body()
            self.ended()
        }
    }

    /// Returns once no task started here is running (at once when none is).
    package func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isIdle = state.withLock { state -> Bool in
                guard state.running > 0 else { return true }
                state.waiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
    }

    private func ended() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
