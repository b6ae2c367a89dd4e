@_spi(PushBusInternals) import PushBusCore

/// The hub's state machine behind its lock.
///
/// Like `LockedState`, but the property is exempt from the runtime's dynamic exclusivity check (two per post;
/// measurable at ~50 ns a post): the lock already makes every access exclusive. A stored property rather than a
/// pointer, because the machine is not copyable and Apple SDKs before Swift 6's standard library have no pointer to a
/// non-copyable value.
final class HubState: @unchecked Sendable {
    // Safe: `state` is read and written only inside `withLock`, between `lock.lock()` and `lock.unlock()`.
    private let lock = Lock()
    @exclusivity(unchecked) private var state: PushCenterStateMachine

    init(_ initial: consuming PushCenterStateMachine) {
        state = initial
    }

    /// Runs `body` with exclusive access to the state. `body` must not call out to user code.
    @inline(__always)
    func withLock<T>(_ body: (inout PushCenterStateMachine) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
