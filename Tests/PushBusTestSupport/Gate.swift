@_spi(PushBusInternals) import PushBusCore

/// A one-shot gate an async handler can wait on; `open()` releases every waiter (and later ones at once).
public final class Gate: Sendable {
    private let state = LockedState<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    public init() {}

    public func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// A Boolean value indicating whether a handler is blocked here now: the point from which "its completion has
    /// not run yet" is a fact, not a race.
    public var hasWaiter: Bool { state.withLock { !$0.waiters.isEmpty } }

    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
