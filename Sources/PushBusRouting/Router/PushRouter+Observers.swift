import PushBus

extension PushRouter {
    /// Calls `handler` with every event, on the thread where it happens. Keep the returned subscription:
    /// releasing or cancelling it stops the calls.
    public func observe(_ handler: @escaping @Sendable (RouteEvent) -> Void) -> PushSubscription {
        observers.add(handler).subscription
    }

    /// Adds a will-open observer (ReerRouter's `willOpenURL`): return the URL to open (the same one, or a
    /// rewrite) or `nil` to veto it (``RouteError/vetoed(_:)``). Observers run in the order added, each
    /// seeing the previous one's URL, after the readiness gate and before matching.
    public func onWillOpen(_ body: @escaping @Sendable (RouteAttempt) -> String?) -> PushSubscription {
        willOpenHooks.add(body).subscription
    }

    /// Calls `body` after each handler runs.
    public func onDidOpen(_ body: @escaping @Sendable (RouteRequest) -> Void) -> PushSubscription {
        observe { event in if case .didOpen(let request) = event { body(request) } }
    }

    /// Calls `body` for each request that fails (unmatched, refused, rejected, vetoed, looped, superseded).
    public func onDidFail(_ body: @escaping @Sendable (RouteFailure) -> Void) -> PushSubscription {
        observe { event in if case .didFail(let failure) = event { body(failure) } }
    }

    /// Calls `body` when an unmatched URL falls back (the original URL, and the fallback request that opened).
    public func onDidFallBack(_ body: @escaping @Sendable (String, RouteRequest) -> Void) -> PushSubscription {
        observe { event in if case .didFallBack(let from, let request) = event { body(from, request) } }
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
