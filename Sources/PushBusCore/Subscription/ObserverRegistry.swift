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
package final class ObserverRegistry<Observer: Sendable>: Sendable {
    /// The observers registered when ``snapshot()`` was taken, in registration order.
    package struct Snapshot: Sendable {
        fileprivate let ids: [UInt64]

        /// A Boolean value indicating whether no observer was registered.
        package var isEmpty: Bool { ids.isEmpty }
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

    private struct Call: Sendable {
        let id: UInt64
        let owner: UInt
    }

    private struct Waiter: Sendable {
        let id: UInt64
        let owner: UInt
        let semaphore: DispatchSemaphore
    }

    private struct State: Sendable {
        /// Ordered by id (ids only grow), so a lookup is a binary search.
        var observers: [Entry<Observer>] = []
        /// The ids of `observers`, kept beside them so that a snapshot is a retain, not an allocation (a hub with
        /// monitors takes one on every post).
        var ids: [UInt64] = []
        var nextID: UInt64 = 0
        /// The calls running now, with the thread running each.
        var calls: [Call] = []
        var waiters: [Waiter] = []
        /// Set by ``close()``: later registrations are born cancelled.
        var isClosed = false

        func index(of id: UInt64) -> Int? {
            var low = 0
            var high = ids.count
            while low < high {
                let middle = (low + high) / 2
                if ids[middle] < id { low = middle + 1 } else { high = middle }
            }
            return low < ids.count && ids[low] == id ? low : nil
        }

        /// Ends the call of `id` on `owner`; returns the waiters to wake.
        mutating func end(_ id: UInt64, owner: UInt) -> [DispatchSemaphore] {
            if let index = calls.lastIndex(where: { $0.id == id && $0.owner == owner }) { calls.remove(at: index) }
            return waiters.isEmpty ? [] : waiters.filter { $0.id == id }.map(\.semaphore)
        }

        /// Starts a call of `id` on `owner` if it is still registered; returns the observer to call.
        mutating func begin(_ id: UInt64, owner: UInt) -> Observer? {
            guard let index = index(of: id) else { return nil }
            calls.append(Call(id: id, owner: owner))
            return observers[index].observer
        }
    }

    private let state = LockedState(State())

    package init() {}

    /// Registers `observer`; nothing is called. May be called while holding the owner's lock.
    package func add(_ observer: Observer) -> Token {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            if !state.isClosed {
                state.observers.append(Entry(id: state.nextID, observer: observer))
                state.ids.append(state.nextID)
            }
            return state.nextID
        }
        return Token(id: id, registry: self)
    }

    /// The observers registered now. May be called while holding the owner's lock.
    package func snapshot() -> Snapshot {
        state.withLock { Snapshot(ids: $0.ids) }
    }

    /// The observers registered now, in registration order (to copy them into another registry).
    package var registered: [Observer] { state.withLock { $0.observers.map { $0.observer } } }

    /// A Boolean value indicating whether no observer is registered.
    package var isEmpty: Bool { state.withLock { $0.observers.isEmpty } }

    /// Calls `body` with each observer registered now, in registration order, on this thread.
    package func forEach(_ body: (Observer) -> Void) { notify(snapshot(), body) }

    /// Calls `body` with each observer of `snapshot` that is still registered when its turn comes, in order, on
    /// this thread, outside the lock.
    package func notify(_ snapshot: Snapshot, _ body: (Observer) -> Void) {
        guard !snapshot.ids.isEmpty else { return }
        let owner = CurrentThread.owner
        var running: UInt64?
        for id in snapshot.ids {
            let (observer, wakeups) = state.withLock { state -> (Observer?, [DispatchSemaphore]) in
                let wakeups = running.map { state.end($0, owner: owner) } ?? []
                return (state.begin(id, owner: owner), wakeups)
            }
            for semaphore in wakeups { semaphore.signal() }
            running = observer == nil ? nil : id
            if let observer { body(observer) }
        }
        if let running {
            for semaphore in state.withLock({ $0.end(running, owner: owner) }) { semaphore.signal() }
        }
    }

    /// Removes every observer, and every later registration at once (the owner is gone).
    package func close() {
        let removed = state.withLock { state -> [Entry<Observer>] in
            state.isClosed = true
            defer {
                state.observers = []
                state.ids = []
            }
            return state.observers
        }
        _ = removed  // the observers are released here, outside the lock
    }

    // MARK: Tokens

    private func cancel(_ id: UInt64) {
        let removed = state.withLock { state -> Observer? in
            guard let index = state.index(of: id) else { return nil }
            state.ids.remove(at: index)
            return state.observers.remove(at: index).observer
        }
        _ = removed  // released here, outside the lock
    }

    private func isRegistered(_ id: UInt64) -> Bool { state.withLock { $0.index(of: id) != nil } }

    private func cancelAndWait(_ id: UInt64) {
        cancel(id)
        let owner = CurrentThread.owner
        let semaphore = DispatchSemaphore(value: 0)
        while true {
            let (mustWait, wakeups) = state.withLock { state -> (Bool, [DispatchSemaphore]) in
                state.waiters.removeAll { $0.semaphore === semaphore }
                let blocking = state.calls.contains { call in
                    call.id == id && call.owner != owner
                        && !state.waiters.contains { $0.id == id && $0.owner == call.owner }
                }
                guard blocking else { return (false, []) }
                state.waiters.append(Waiter(id: id, owner: owner, semaphore: semaphore))
                // A caller waiting from inside a call no longer blocks the others: let them check again.
                let isInside = state.calls.contains { $0.id == id && $0.owner == owner }
                let others = isInside ? state.waiters.filter { $0.id == id && $0.owner != owner } : []
                return (true, others.map(\.semaphore))
            }
            for other in wakeups { other.signal() }
            guard mustWait else { return }
            semaphore.wait()
        }
    }
}

/// One registration in ``ObserverRegistry``: a struct rather than a tuple, whose type metadata an unspecialized
/// generic caller would otherwise build at run time on every call.
private struct Entry<Observer: Sendable>: Sendable {
    let id: UInt64
    let observer: Observer
}
