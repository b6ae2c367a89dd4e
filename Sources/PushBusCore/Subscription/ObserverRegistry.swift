import Dispatch

/// The package's one observer registry: register an observer and get a token; cancel it (never blocking) or
/// cancel and wait for its running calls; call every observer, in the order registered.
///
/// Every registry of the package (the hub's monitors, the inbox's change observers, the settings channel, the
/// Live Activity token channel, the router's observers, the ledger's change observers) is one of these, so that
/// one set of rules holds everywhere:
///
/// - Observers are called outside the registry's lock, so an observer may register, cancel or notify freely.
/// - Each call is started under the lock, and only if the observer is still registered: once ``Token/cancel()``
///   returns on a thread, no call starts later on any thread. A call that started before may still be running
///   on another thread.
/// - ``Token/cancelAndWait()`` also waits until no call of that observer runs on another thread. Called from
///   inside the observer's own call it cannot wait for that call: it waits for the calls on other threads,
///   except those that are themselves waiting in `cancelAndWait()` of the same token (two calls cancelling
///   each other never deadlock).
///
/// Replay-latest channels add the observer with ``add(_:)`` while holding their own lock (the same lock that
/// guards their latest value), then deliver the replay through ``Token/call(_:)``, which is gated like any
/// call. Lock order: an owner's lock may be held while calling into the registry, never the other way round.
///
/// SPI-public (`PushBusInternals`) for the reason `Lock` gives: its calls are compiled for each observer type in the
/// module that calls them only if they are `public` and `@inlinable`.
@_spi(PushBusInternals) public final class ObserverRegistry<Observer: Sendable>: Sendable {
    /// The observers registered when ``snapshot()`` was taken, in registration order.
    public struct Snapshot: Sendable {
        @usableFromInline let ids: [UInt64]

        @usableFromInline init(ids: [UInt64]) { self.ids = ids }

        /// A Boolean value indicating whether no observer was registered.
        public var isEmpty: Bool { ids.isEmpty }
    }

    /// One registration. `subscription` wraps it for the public API.
    package final class Token: CancellationToken {
        let id: UInt64
        let registry: ObserverRegistry

        fileprivate init(id: UInt64, registry: ObserverRegistry) {
            self.id = id
            self.registry = registry
        }

        /// Stops calls without blocking: no call starts after this returns. Idempotent.
        package func cancel() { registry.cancel(id) }

        /// Stops calls, then blocks until no call runs on another thread (see ``ObserverRegistry``).
        package func cancelAndWait() { registry.cancelAndWait(id) }

        /// A Boolean value indicating whether the observer is no longer registered.
        package var isCancelled: Bool { !registry.isRegistered(id) }

        /// The registry holds its observers by id, never this token: only ``cancel()`` removes one.
        package var isInertWhenUnshared: Bool { false }

        /// Calls `body` with this observer alone (a replay), unless it was cancelled.
        package func call(_ body: (Observer) -> Void) { registry.notify(Snapshot(ids: [id]), body) }

        /// The public handle: cancelling or releasing it cancels this registration.
        package var subscription: PushCancellable { PushCancellable(token: self) }
    }

    /// The observers, in the same order as `book.ids`.
    @usableFromInline struct State: Sendable {
        @usableFromInline var book = ObserverBook()
        @usableFromInline var observers: [Observer] = []
    }

    // Inlinable, with what they touch, so that each registry's calls are compiled for its observer type in the module
    // that owns it (a generic call across modules looks up type metadata on every call).
    @usableFromInline let state = LockedState(State())

    public init() {}

    /// Registers `observer`; nothing is called. May be called while holding the owner's lock.
    package func add(_ observer: Observer) -> Token {
        let id = state.withLock { state -> UInt64 in
            let (id, isRegistered) = state.book.add()
            if isRegistered { state.observers.append(observer) }
            return id
        }
        return Token(id: id, registry: self)
    }

    /// The observers registered now. May be called while holding the owner's lock.
    @inlinable
    public func snapshot() -> Snapshot {
        state.withLock { Snapshot(ids: $0.book.ids) }
    }

    /// The observers registered now, in registration order (to copy them into another registry).
    package var registered: [Observer] { state.withLock { $0.observers } }

    /// A Boolean value indicating whether no observer is registered.
    package var isEmpty: Bool { state.withLock { $0.observers.isEmpty } }

    /// Calls `body` with each observer registered now, in registration order, on this thread.
    @inlinable
    public func forEach(_ body: (Observer) -> Void) { notify(snapshot(), body) }

    /// Calls `body` with each observer of `snapshot` that is still registered when its turn comes, in order, on
    /// this thread, outside the lock.
    @inlinable
    public func notify(_ snapshot: Snapshot, _ body: (Observer) -> Void) {
        guard !snapshot.ids.isEmpty else { return }
        let owner = CurrentThread.owner
        var running: UInt64?
        for id in snapshot.ids {
            // The bookkeeping is not generic, so this section costs the same whatever `Observer` is.
            var wakeups = ObserverWakeups()
            let observer = state.withLock { state -> Observer? in
                if let running { wakeups = state.book.end(running, owner: owner) }
                return state.book.begin(id, owner: owner).map { state.observers[$0] }
            }
            wakeups.signal()
            running = observer == nil ? nil : id
            if let observer { body(observer) }
        }
        if let running { state.withLock { $0.book.end(running, owner: owner) }.signal() }
    }

    /// Removes every observer, and every later registration at once (the owner is gone).
    package func close() {
        let removed = state.withLock { state -> [Observer] in
            state.book.close()
            defer { state.observers = [] }
            return state.observers
        }
        _ = removed  // the observers are released here, outside the lock
    }

    // MARK: Tokens

    private func cancel(_ id: UInt64) {
        let removed = state.withLock { state -> Observer? in
            guard let index = state.book.remove(id) else { return nil }
            return state.observers.remove(at: index)
        }
        _ = removed  // released here, outside the lock
    }

    private func isRegistered(_ id: UInt64) -> Bool { state.withLock { $0.book.index(of: id) != nil } }

    private func cancelAndWait(_ id: UInt64) {
        cancel(id)
        let owner = CurrentThread.owner
        let semaphore = DispatchSemaphore(value: 0)
        while true {
            let (mustWait, wakeups) = state.withLock { $0.book.wait(for: id, owner: owner, semaphore: semaphore) }
            for other in wakeups { other.signal() }
            guard mustWait else { return }
            semaphore.wait()
        }
    }
}

/// What ``ObserverRegistry`` knows besides the observers themselves: their ids, the calls running and the threads
/// waiting for them. Not generic, so the registry's lock sections run code compiled for these types rather than
/// the unspecialized generic code every caller in another module would otherwise get.
@usableFromInline
struct ObserverBook: Sendable {
    @usableFromInline
    struct Call: Sendable {
        @usableFromInline let id: UInt64
        @usableFromInline let owner: UInt

        @inlinable init(id: UInt64, owner: UInt) {
            self.id = id
            self.owner = owner
        }
    }

    @usableFromInline
    struct Waiter: Sendable {
        let id: UInt64
        let owner: UInt
        let semaphore: DispatchSemaphore
    }

    @usableFromInline init() {}

    /// The registered ids, in registration order (ids only grow, so a lookup is a binary search). A snapshot
    /// shares this array: a retain, not an allocation (a hub with monitors takes one on every post).
    @usableFromInline var ids: [UInt64] = []
    private var nextID: UInt64 = 0
    /// The calls running now, with the thread running each.
    @usableFromInline var calls: [Call] = []
    @usableFromInline var waiters: [Waiter] = []
    /// Set by ``close()``: later registrations are born cancelled.
    private var isClosed = false

    @inlinable
    func index(of id: UInt64) -> Int? {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }

    /// Takes the next id and registers it, unless the registry is closed (then it is born cancelled).
    mutating func add() -> (id: UInt64, isRegistered: Bool) {
        nextID += 1
        guard !isClosed else { return (nextID, false) }
        ids.append(nextID)
        return (nextID, true)
    }

    /// Unregisters `id`; returns its index (the observer to remove) if it was registered.
    mutating func remove(_ id: UInt64) -> Int? {
        guard let index = index(of: id) else { return nil }
        ids.remove(at: index)
        return index
    }

    mutating func close() {
        isClosed = true
        ids = []
    }

    /// Starts a call of `id` on `owner` if it is still registered; returns the observer's index.
    @inlinable
    mutating func begin(_ id: UInt64, owner: UInt) -> Int? {
        guard let index = index(of: id) else { return nil }
        calls.append(Call(id: id, owner: owner))
        return index
    }

    /// Ends the call of `id` on `owner`; returns the waiters to wake.
    @inlinable
    mutating func end(_ id: UInt64, owner: UInt) -> ObserverWakeups {
        if calls.last?.id == id, calls.last?.owner == owner {
            calls.removeLast()
        } else {
            endOutOfOrder(id, owner: owner)
        }
        return waiters.isEmpty ? ObserverWakeups() : wakeups(for: id)
    }

    @usableFromInline
    mutating func endOutOfOrder(_ id: UInt64, owner: UInt) {
        if let index = calls.lastIndex(where: { $0.id == id && $0.owner == owner }) { calls.remove(at: index) }
    }

    @usableFromInline
    func wakeups(for id: UInt64) -> ObserverWakeups {
        ObserverWakeups(waiters.filter { $0.id == id }.map(\.semaphore))
    }

    /// One round of `cancelAndWait()` for `id` on `owner`: whether it must wait (on `semaphore`, registered here),
    /// and the other waiters to wake so that they check again.
    mutating func wait(for id: UInt64, owner: UInt, semaphore: DispatchSemaphore) -> (Bool, [DispatchSemaphore]) {
        waiters.removeAll { $0.semaphore === semaphore }
        let blocking = calls.contains { call in
            call.id == id && call.owner != owner && !waiters.contains { $0.id == id && $0.owner == call.owner }
        }
        guard blocking else { return (false, []) }
        waiters.append(Waiter(id: id, owner: owner, semaphore: semaphore))
        // A caller waiting from inside a call no longer blocks the others: let them check again.
        let isInside = calls.contains { $0.id == id && $0.owner == owner }
        let others = isInside ? waiters.filter { $0.id == id && $0.owner != owner } : []
        return (true, others.map(\.semaphore))
    }
}

/// The `cancelAndWait()` callers a call's end wakes, signalled outside the registry's lock.
@usableFromInline
struct ObserverWakeups {
    private var semaphores: [DispatchSemaphore] = []

    @usableFromInline init() {}

    init(_ semaphores: [DispatchSemaphore]) { self.semaphores = semaphores }

    @usableFromInline
    func signal() {
        for semaphore in semaphores { semaphore.signal() }
    }
}
