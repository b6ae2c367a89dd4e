@_spi(PushBusInternals) public import PushBusCore

extension PushRouter {
    /// Calls `handler` with every event, on the thread where it happens. Keep the returned subscription:
    /// releasing or cancelling it stops the calls.
    ///
    /// ```swift
    /// let observation = router.observe { event in
    ///     if case .didFail(let failure) = event { log(failure.error) }
    /// }
    /// ```
    public func observe(_ handler: @escaping @Sendable (RouteEvent) -> Void) -> PushCancellable {
        observers.add(handler).subscription
    }

    /// The router's events as an `AsyncSequence`, from the moment iteration starts.
    public func events(
        bufferingPolicy: AsyncStream<RouteEvent>.Continuation.BufferingPolicy = .unbounded
    ) -> RouteEvents {
        RouteEvents(router: self, bufferingPolicy: bufferingPolicy)
    }

    /// Sends `events` to the current observers, outside the lock.
    func emit(_ events: [RouteEvent]) {
        let receivers = observers.snapshot()
        for event in events {
            observers.notify(receivers) { observer in observer(event) }
        }
    }

    /// Reports deferred requests the policy dropped.
    func report(superseded dropped: [ReadinessGate.Pending]) {
        guard !dropped.isEmpty else { return }
        emit(
            dropped.map { pending in
                let attempt = pending.attempt
                return .didFail(
                    RouteFailure(
                        url: attempt.url, source: attempt.source, error: .superseded(attempt.url),
                        context: attempt.context
                    )
                )
            }
        )
    }
}
