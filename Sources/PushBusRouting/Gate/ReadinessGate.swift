/// The readiness gate as a pure state machine; ``PushRouter`` runs it under its lock and acts on the result
/// after unlocking.
struct ReadinessGate: Sendable {
    /// A request waiting for the app.
    struct Pending: Sendable {
        let attempt: RouteAttempt
    }

    private(set) var isReady: Bool
    let policy: DeferralPolicy
    private(set) var pending: [Pending] = []

    init(isReady: Bool, policy: DeferralPolicy) {
        self.isReady = isReady
        self.policy = policy
    }

    /// Queues `request`; returns the requests the policy dropped to make room (oldest first).
    mutating func enqueue(_ request: Pending) -> [Pending] {
        pending.append(request)
        return trim()
    }

    /// Marks the app ready and hands over every queued request, in order.
    mutating func open() -> [Pending] {
        isReady = true
        defer { pending.removeAll() }
        return pending
    }

    /// Marks the app not ready; later requests queue.
    mutating func close() { isReady = false }

    /// Puts back requests taken by ``open()`` that could not run because the app became not ready again;
    /// they go before anything queued since. Returns the requests the policy dropped.
    mutating func requeue(_ requests: [Pending]) -> [Pending] {
        pending.insert(contentsOf: requests, at: 0)
        return trim()
    }

    private mutating func trim() -> [Pending] {
        guard let limit = policy.limit, pending.count > limit else { return [] }
        let dropped = Array(pending.prefix(pending.count - limit))
        pending.removeFirst(pending.count - limit)
        return dropped
    }
}
