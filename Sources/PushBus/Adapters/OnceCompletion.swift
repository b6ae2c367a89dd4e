/// A completion handler that runs at most once, whoever calls it first and however often.
///
/// The adapters wrap every system completion handler in one, so the fan-out, the async handlers, the
/// deadline and another SDK sharing the callback can all try to finish it without calling it twice.
package final class OnceCompletion<Value: Sendable>: Sendable {
    private let handler: LockedState<(@Sendable (Value) -> Void)?>
    private let onFinish: LockedState<[@Sendable () -> Void]>

    package init(_ handler: @escaping @Sendable (Value) -> Void) {
        self.handler = LockedState(handler)
        self.onFinish = LockedState([])
    }

    /// Calls the wrapped handler with `value` if nobody did before.
    ///
    /// - Returns: `true` if this call ran the handler.
    @discardableResult
    package func finish(_ value: Value) -> Bool {
        let taken = handler.withLock { state -> (@Sendable (Value) -> Void)? in
            defer { state = nil }
            return state
        }
        guard let taken else { return false }
        let cleanups = onFinish.withLock { state -> [@Sendable () -> Void] in
            defer { state = [] }
            return state
        }
        for cleanup in cleanups { cleanup() }
        taken(value)
        return true
    }

    /// A Boolean value indicating whether the handler has run.
    package var isFinished: Bool { handler.withLock { $0 == nil } }

    /// Runs `cleanup` when the handler runs (at once if it already has), for example to cancel a deadline.
    package func whenFinished(_ cleanup: @escaping @Sendable () -> Void) {
        let runNow = handler.withLock { state -> Bool in
            if state == nil { return true }
            onFinish.withLock { $0.append(cleanup) }
            return false
        }
        if runNow { cleanup() }
    }
}

extension OnceCompletion where Value == Void {
    package convenience init(_ handler: @escaping @Sendable () -> Void) {
        self.init { (_: Void) in handler() }
    }

    @discardableResult
    package func finish() -> Bool { finish(()) }
}
