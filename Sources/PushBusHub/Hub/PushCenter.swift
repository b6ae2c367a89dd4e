import Foundation
public import PushBusCore

/// The hub every `PushMessage` goes through: de-duplication, fan-out to subscriptions, parking for cold starts.
///
/// ```swift
/// let subscription = PushCenter.shared.subscribe(.tapped) { message in print(message.kind) }
/// let logging = PushCenter.shared.monitor { message, receipt in log(message, receipt) }  // takes nothing
/// for await message in PushCenter.shared.messages(.silent) { await refresh(for: message) }
/// ```
///
/// - Handlers run synchronously on the posting thread, in subscription order; every subscription that is live
///   when a message is posted gets it exactly once, and one poster's messages arrive in the order posted.
/// - A message no subscription matches is parked and **handed over once**: the first later subscription made
///   with ``ReplayPolicy/parked`` whose filter matches receives it (in order, before live ones, on the
///   subscribing thread) and it leaves the lot. A screen that subscribes again each time it appears never gets
///   that tap twice.
/// - ``monitor(_:_:)`` watches every post without taking anything: use it for logging, analytics and recorders,
///   so a cold-start tap still waits for the router.
/// - A message whose delivery identity was seen within the configured window is dropped.
/// - Handlers may post, subscribe and cancel: no lock is held while user code (handlers, filters) runs.
///
/// See `Docs/Hub.md` for the threading model.
public final class PushCenter: Sendable {
    /// The process-wide center the Apple glue uses unless told otherwise.
    public static let shared = PushCenter()

    /// The limits and clock this center was created with.
    public let configuration: Configuration

    let storage: HubStorage

    /// Creates a center of its own (a test, a separate part of the app); the Apple glue posts to ``shared`` unless it
    /// is given another center.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        storage = HubStorage(configuration: configuration)
    }

    deinit { storage.terminate() }

    /// Posts a message to every matching subscription, synchronously on this thread, in subscription order, then
    /// to the matching monitors with the receipt.
    ///
    /// - Returns: ``PostReceipt/delivered(_:)`` with the number of subscriptions reached, ``PostReceipt/parked``
    ///   when none matched, ``PostReceipt/dropped`` when none matched and parking is off,
    ///   ``PostReceipt/duplicate`` when the gate dropped it, or ``PostReceipt/queued`` when handlers nested posts
    ///   too deep (delivered after the outer handlers return).
    @discardableResult
    public func post(_ message: PushMessage) -> PostReceipt {
        storage.post(message)
    }

    /// Reports a message its delivery already knows to be a duplicate (its ledger holds the same response from an
    /// earlier launch or another process): counted as posted and duplicate, shown to the monitors with
    /// ``PostReceipt/duplicate``, delivered to no subscription. What the gate does to a repeat it recognizes itself.
    @discardableResult
    package func postKnownDuplicate(_ message: PushMessage) -> PostReceipt {
        storage.postKnownDuplicate(message)
    }

    /// Watches the posts `filter` matches, with their outcome, without being a subscription: the observing
    /// counterpart of ``subscribe(_:replay:_:)``.
    ///
    /// A monitor never receives replays, never counts as a match, never takes a parked message and so never stops
    /// a cold-start tap from waiting for the router. Use it for logging, analytics, inbox counters and recorders:
    ///
    /// ```swift
    /// let analytics = center.monitor(.tapped) { message, receipt in track("opened", message.id) }
    /// ```
    ///
    /// - Parameters:
    ///   - filter: Which posts to observe (default: all, duplicates included).
    ///   - observer: Called on the posting thread after the fan-out, with the post's ``PostReceipt``.
    /// - Returns: The monitor's handle; observing stops when it is cancelled or released.
    public func monitor(
        _ filter: PushFilter = .all, _ observer: @escaping @Sendable (PushMessage, PostReceipt) -> Void
    ) -> PushCancellable {
        storage.monitor(filter, observer)
    }

    /// Subscribes a closure, called on the posting thread for every message `filter` matches.
    ///
    /// - Parameters:
    ///   - filter: Which messages to receive.
    ///   - replay: ``ReplayPolicy/parked`` (the default) first takes the matching parked messages and delivers
    ///     them, in order, on this thread, before this call returns (they leave the lot: no later subscription
    ///     gets them); ``ReplayPolicy/none`` receives live messages only.
    ///   - handler: Called once per message. It may post, subscribe or cancel.
    /// - Returns: The subscription; deliveries stop when it is cancelled or released.
    ///
    /// > Warning: A subscription is a consumer: made before the router attaches (analytics in the app delegate),
    /// > it takes the cold-start tap and the router never opens it. Observe with ``monitor(_:_:)`` instead.
    public func subscribe(
        _ filter: PushFilter = .all, replay: ReplayPolicy = .parked,
        _ handler: @escaping @Sendable (PushMessage) -> Void
    ) -> PushCancellable {
        storage.subscribe(filter, replay: replay, handler)
    }

    /// The messages as an `AsyncSequence`. The subscription starts now, so nothing posted after this call is
    /// missed (and with ``ReplayPolicy/parked`` it takes the matching parked messages now, even if iteration
    /// starts later); the sequence ends when the consuming task is cancelled or the center is released.
    ///
    /// ```swift
    /// let tap = await center.messages(.tapped).first { $0.deepLink != nil }
    /// ```
    ///
    /// - Parameters:
    ///   - filter: Which messages to receive.
    ///   - replay: Whether to start with the matching parked messages.
    ///   - bufferingPolicy: What to keep while the consumer is busy. The default,
    ///     ``PushMessages/BufferingPolicy/default`` (the oldest 256), bounds a sequence that is made but never
    ///     iterated and keeps what came first (a cold-start tap): later messages are dropped while it is full, and
    ///     ``PushMessages/bufferedCount`` tells how many wait.
    public func messages(
        _ filter: PushFilter = .all, replay: ReplayPolicy = .parked,
        bufferingPolicy: PushMessages.BufferingPolicy = .default
    ) -> PushMessages {
        PushMessages(storage: storage, filter: filter, replay: replay, bufferingPolicy: bufferingPolicy)
    }

    /// The parked messages, oldest first (expired ones are dropped first).
    public var parkedMessages: [PushMessage] {
        let now = storage.clock.uptime
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
    ) -> PushCancellable {
        storage.subscribeRegistration(handler)
    }

    /// The device token of the latest registration outcome, or `nil` if there is none or it was a failure.
    public var deviceToken: PushToken? {
        storage.state.withLock { state in
            if case .registered(let token)? = state.latestRegistration { return token }
            return nil
        }
    }
}
