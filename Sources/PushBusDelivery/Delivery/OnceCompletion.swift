@_spi(PushBusInternals) internal import PushBusCore

/// A completion handler that runs at most once, whoever calls it first and however often.
///
/// The adapters wrap every system completion handler in one, so the fan-out, the async handlers, the
/// deadline and another SDK sharing the callback can all try to finish it without calling it twice.
package final class OnceCompletion<Value: Sendable>: Sendable {
    private let handler: LockedState<(@Sendable (Value) -> Void)?>

    package init(_ handler: @escaping @Sendable (Value) -> Void) {
        self.handler = LockedState(handler)
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
        taken(value)
        return true
    }

    /// A Boolean value indicating whether the handler has run.
    package var isFinished: Bool { handler.withLock { $0 == nil } }
}

extension OnceCompletion where Value == Void {
    package convenience init(_ handler: @escaping @Sendable () -> Void) {
        self.init { (_: Void) in handler() }
    }

    @discardableResult
    package func finish() -> Bool { finish(()) }
}
