import Foundation
@_spi(PushBusInternals) public import PushBusCore

/// The Live Activity token channel of a `PushCenter` (`PushCenter.liveActivities`): token events posted like
/// registration events, delivered in post order, the latest state replayed to each new subscriber.
///
/// ```swift
/// // At launch, after starting the Apple glue (LiveActivityObserver):
/// let store = try LiveActivityTokenStore(directory: ledgerDirectory)
/// let changes = try center.liveActivities.reconcile(with: store)
/// server.register(changes.toRegister)
/// server.retract(changes.toRetract)
/// let subscription = center.liveActivities.subscribe { event in server.send(event) }
/// ```
///
/// - Posting the same token twice, a token for an activity that already ended, or a second end is ignored, so
///   the glue can re-post everything it sees at each launch.
/// - Handlers run on the posting thread, never under a lock; one poster's events arrive in the order posted.
public final class LiveActivityTokens: Sendable {
    private struct Core: Sendable {
        var machine = LiveActivityStateMachine()
        var store: LiveActivityTokenStore?
        var version: UInt64 = 0
    }

    private typealias PostAction = LiveActivityStateMachine.PostAction
    private typealias PendingSave = (store: LiveActivityTokenStore, state: LiveActivityTokenState, version: UInt64)

    /// Guards the token state; `subscribers` is reached under it (never the other way round), so a new
    /// subscriber's replay and the posts it then gets never overlap.
    private let core = LockedState(Core())
    private let subscribers = ObserverRegistry<Handler>()
    private let persistence = LockedState<StoreFileError?>(nil)

    package init() {}

    /// Posts a token event; every subscriber gets it on this thread, in subscription order.
    ///
    /// - Returns: `true` when it changed the state and was delivered; `false` when it was ignored (the same
    ///   token again, an activity that already ended).
    @discardableResult
    public func post(_ event: LiveActivityEvent) -> Bool {
        let (action, receivers, save) = core.withLock { core -> (PostAction, Receivers?, PendingSave?) in
            let action = core.machine.post(event)
            guard case .deliver = action else { return (action, nil, nil) }
            core.version += 1
            let save = core.store.map { ($0, core.machine.state, core.version) }
            return (action, subscribers.snapshot(), save)
        }
        guard case .deliver(let normalized) = action, let receivers else { return false }
        if let (store, state, version) = save { persist(state, version: version, to: store) }
        subscribers.notify(receivers) { handler in handler(normalized) }
        return true
    }

    /// Subscribes to token events. The latest state is delivered first, on this thread, before this returns
    /// (`LiveActivityStateMachine.replay()`: current push-to-start tokens, running activities and their
    /// tokens, then the activities that ended in this process); then every change, as posted.
    ///
    /// > Warning: An event posted from another thread while the replay runs may reach the handler before the
    /// > replay ends. Subscribe before starting the glue, or from the thread that posts.
    public func subscribe(_ handler: @escaping @Sendable (LiveActivityEvent) -> Void) -> PushCancellable {
        let (token, replay) = core.withLock { (subscribers.add(handler), $0.machine.replay()) }
        for event in replay { token.call { handler in handler(event) } }
        return token.subscription
    }

    private typealias Handler = @Sendable (LiveActivityEvent) -> Void
    private typealias Receivers = ObserverRegistry<Handler>.Snapshot

    /// The token events as an `AsyncStream`: the replay of the latest state, then each change. The
    /// subscription ends when the consuming task is cancelled or the stream is released.
    public func events() -> AsyncStream<LiveActivityEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LiveActivityEvent.self)
        let subscription = subscribe { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }

    /// The tokens held now.
    public var state: LiveActivityTokenState { core.withLock { $0.machine.state } }

    /// Compares the tokens `store` saved at the end of the last run with the tokens held now, saves the current
    /// ones, and from then on saves after every change. Call it once per launch, after the glue has posted
    /// what ActivityKit reports (`LiveActivityObserver.start()` posts the current activities synchronously).
    ///
    /// - Returns: What the server must register and retract. An empty result means it holds the right tokens.
    /// - Throws: `StoreFileError` when the file cannot be read or written; nothing is attached then.
    public func reconcile(with store: LiveActivityTokenStore) throws -> LiveActivityReconciliation {
        let saved = try store.load() ?? LiveActivityTokenState()
        let (current, version) = core.withLock { core -> (LiveActivityTokenState, UInt64) in
            core.store = store
            return (core.machine.state, core.version)
        }
        do {
            try store.save(current, version: version)
            persistence.withLock { $0 = nil }
        } catch let error as StoreFileError {
            core.withLock { $0.store = nil }
            throw error
        }
        return LiveActivityReconciliation(saved: saved, current: current)
    }

    /// What a process end does to the channel: forgets every token and detaches the store (subscriptions stay).
    /// For `SimulatedDevice`, whose hub outlives the simulated process.
    package func forgetProcessState() {
        core.withLock { core in
            core.machine = LiveActivityStateMachine()
            core.store = nil
        }
    }

    /// The error of the latest failed save after ``reconcile(with:)``; `nil` once a save succeeds again.
    /// Deliveries go on while saving fails.
    public var persistenceError: StoreFileError? { persistence.withLock { $0 } }

    private func persist(_ state: LiveActivityTokenState, version: UInt64, to store: LiveActivityTokenStore) {
        do {
            // An older snapshot never overwrites a newer one when posts race.
            try store.save(state, version: version)
            persistence.withLock { $0 = nil }
        } catch let error as StoreFileError {
            persistence.withLock { $0 = error }
        } catch {
            let wrapped = StoreFileError(.writeFailed, path: store.fileURL.path, "\(error)")
            persistence.withLock { $0 = wrapped }
        }
    }
}
