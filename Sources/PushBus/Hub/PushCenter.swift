import Foundation

/// The hub every ``PushMessage`` goes through: de-duplication, fan-out to subscriptions, parking for cold starts.
///
/// ```swift
/// let subscription = PushCenter.shared.subscribe(.tapped) { message in print(message.kind) }
/// for await message in PushCenter.shared.messages(.silent) { … }
/// ```
///
/// - Handlers run synchronously on the posting thread, in subscription order; every subscription that is live
///   when a message is posted gets it exactly once, and one poster's messages arrive in the order posted.
/// - A message no subscription matches is parked; a later subscription made with ``ReplayPolicy/parked``
///   receives the parked messages its filter matches, in order, before live ones (on the subscribing thread).
/// - A message whose ``PushMessage/deduplicationKey`` was seen within the configured window is dropped.
/// - Handlers may post, subscribe and cancel: no lock is held while user code (handlers, filters) runs.
///
/// See `Docs/Architecture.md` for the threading model.
public final class PushCenter: Sendable {
    /// The process-wide center the Apple glue uses unless told otherwise.
    public static let shared = PushCenter()

    /// The limits and clock this center was created with.
    public let configuration: Configuration

    let storage: HubStorage

    /// State shared by the adapters built on this center (pending launch payloads, async handlers,
    /// completion deadlines, presentation policy, categories), so independently created adapters agree.
    package let adapters = AdapterEnvironment()

    /// Passive observers of every post (see ``monitor(_:)``).
    private let monitors = LockedState<[UInt64: @Sendable (PushMessage, PostReceipt) -> Void]>([:])
    private let nextMonitorID = LockedState<UInt64>(0)

    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        storage = HubStorage(configuration: configuration)
    }

    deinit { storage.terminate() }

    /// Posts a message to every matching subscription, synchronously on this thread, in subscription order.
    ///
    /// - Returns: ``PostReceipt/delivered(_:)`` with the number of subscriptions reached,
    ///   ``PostReceipt/parked`` when none matched, or ``PostReceipt/duplicate`` when the gate dropped it.
    @discardableResult
    public func post(_ message: PushMessage) -> PostReceipt {
        let receipt = storage.post(message)
        let observers = monitors.withLock { $0.isEmpty ? nil : Array($0.values) }
        if let observers {
            for observer in observers { observer(message, receipt) }
        }
        return receipt
    }

    /// Watches every post and its outcome without being a subscription: a monitor never receives replays,
    /// never counts as a match, and so never stops a message from being parked. Use it for analytics, logging
    /// and recorders (`SimulatedDevice`) so that a cold-start tap still waits for the router. Called on the
    /// posting thread after the fan-out.
    public func monitor(_ observer: @escaping @Sendable (PushMessage, PostReceipt) -> Void) -> PushSubscription {
        let id = nextMonitorID.withLock { value -> UInt64 in
            value += 1
            return value
        }
        monitors.withLock { $0[id] = observer }
        return PushSubscription { [weak self] in
            self?.monitors.withLock { _ = $0.removeValue(forKey: id) }
        }
    }

    /// Subscribes a closure, called on the posting thread for every message `filter` matches.
    ///
    /// - Parameters:
    ///   - filter: Which messages to receive.
    ///   - replay: ``ReplayPolicy/parked`` (the default) first delivers the matching parked messages, in order,
    ///     on this thread, before this call returns; ``ReplayPolicy/none`` receives live messages only.
    ///   - handler: Called once per message. It may post, subscribe or cancel.
    /// - Returns: The subscription; deliveries stop when it is cancelled or released.
    public func subscribe(
        _ filter: PushFilter = .all, replay: ReplayPolicy = .parked,
        _ handler: @escaping @Sendable (PushMessage) -> Void
    ) -> PushSubscription {
        storage.subscribe(filter, replay: replay, handler)
    }

    /// The messages as an `AsyncSequence`. The subscription starts now, so nothing posted after this call is
    /// missed; the sequence ends when the consuming task is cancelled or the center is released.
    ///
    /// ```swift
    /// let tap = await center.messages(.tapped).first { $0.deepLink != nil }
    /// ```
    ///
    /// - Parameters:
    ///   - filter: Which messages to receive.
    ///   - replay: Whether to start with the matching parked messages.
    ///   - bufferingPolicy: What to keep while the consumer is busy (unbounded by default); drops are counted
    ///     in ``statistics``.
    public func messages(
        _ filter: PushFilter = .all, replay: ReplayPolicy = .parked,
        bufferingPolicy: PushMessages.BufferingPolicy = .unbounded
    ) -> PushMessages {
        PushMessages(storage: storage, filter: filter, replay: replay, bufferingPolicy: bufferingPolicy)
    }

    /// The parked messages, oldest first (expired ones are dropped first).
    public var parkedMessages: [PushMessage] {
        let now = storage.clock.now
        return storage.state.withLock { $0.parkedMessages(at: now) }
    }

    /// Drops every parked message.
    public func clearParked() { storage.state.withLock { $0.clearParked() } }

    /// Posts a registration outcome; the latest one is replayed to later registration subscribers.
    public func post(registration event: RegistrationEvent) {
        storage.post(registration: event)
    }

    /// Subscribes to registration outcomes; the latest one, if any, is delivered first, on this thread.
    public func subscribeRegistration(
        _ handler: @escaping @Sendable (RegistrationEvent) -> Void
    ) -> PushSubscription {
        storage.subscribeRegistration(handler)
    }

    /// The device token of the latest registration outcome, or `nil` if there is none or it was a failure.
    public var deviceToken: DeviceToken? {
        storage.state.withLock { state in
            if case .registered(let token)? = state.latestRegistration { return token }
            return nil
        }
    }
}
