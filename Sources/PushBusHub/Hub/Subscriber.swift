import PushBusCore

/// Where a subscription is in its life: replaying parked messages, live, or cancelled.
///
/// Owned by ``PushCenterStateMachine`` (in its ``SubscriberList``s) and changed only there, under the hub's lock.
/// A post reads it from the snapshot it copied out, never from the subscriber object.
enum SubscriberPhase: Sendable {
    /// Handlers run directly on the posting thread.
    case live
    /// Parked messages are being replayed on the subscribing thread; live messages queue meanwhile.
    case replaying
    /// Nothing more is delivered.
    case cancelled
}

/// What every subscriber has: an id and the way back to its storage. Immutable apart from the handler, which
/// the storage (never the state machine) clears once no delivery can still call it.
class SubscriberBase: @unchecked Sendable {
    // Safe: every stored property is immutable; subclasses add a handler cleared only by `HubStorage` after the
    // state machine said no delivery can still read it (see `releaseHandler()`).
    let id: UInt64
    /// Called once when the center is torn down (ends `for await` loops).
    let onTermination: (@Sendable () -> Void)?
    /// Held strongly (a strong reference costs less than a weak one on every subscribe and cancel). No cycle
    /// outlives the center: the storage holds a subscriber only while it is listed, and the center's `deinit`
    /// ends every subscription (``HubStorage/terminate()``), so a subscription kept afterwards keeps only the
    /// emptied storage.
    let storage: HubStorage

    init(id: UInt64, storage: HubStorage, onTermination: (@Sendable () -> Void)?) {
        self.id = id
        self.onTermination = onTermination
        self.storage = storage
    }

    /// Drops the handler (and whatever it captures). Called by the storage, outside the lock, once the state
    /// machine reported that no delivery can still call it.
    func releaseHandler() {}
}

/// A subscriber the storage can replay to, queue for and cancel, whatever it receives.
protocol DeliveryTarget: SubscriberBase, CancellationToken {
    associatedtype Element: Sendable
    /// Runs `body` on the list of the running state that holds this kind of subscriber.
    static func withList<Result>(
        in running: inout PushCenterStateMachine.Running, _ body: (inout SubscriberList<Self>) -> Result
    ) -> Result
    /// Calls the handler.
    func receive(_ element: Element)
}

extension DeliveryTarget {
    func cancel() {
        storage.cancel(self, waiting: false)
    }

    func cancelAndWait() {
        storage.cancel(self, waiting: true)
    }

    var isCancelled: Bool { storage.isCancelled(self) }

    var isInertWhenUnshared: Bool { true }
}

/// A message subscription as the hub stores it.
///
/// Deliberately not generic: a closure stored in a generic class is kept at its most general calling
/// convention, and calling it with a `PushMessage` would go through a thunk that copies the whole message twice.
final class MessageSubscriber: SubscriberBase, DeliveryTarget, @unchecked Sendable {
    // Safe: see SubscriberBase; `handler` is cleared only when no delivery can be running.
    let filter: PushFilter
    /// A Boolean value indicating whether `filter` is `.all`, so the hot path skips evaluating it.
    let acceptsAll: Bool
    /// A Boolean value indicating whether the subscription wants parked messages (``ReplayPolicy/parked``).
    let wantsReplay: Bool
    /// What the "never silent" diagnostics call it: a closure subscription or a `for await` sequence.
    let kind: SubscriptionKind
    /// Read without a lock by deliveries; cleared (``releaseHandler()``) only once no delivery can be running, so
    /// exclusivity is guaranteed by the hub's protocol rather than checked at run time on every delivery.
    @exclusivity(unchecked) private(set) var handler: (@Sendable (PushMessage) -> Void)?

    init(
        id: UInt64, filter: PushFilter, wantsReplay: Bool, kind: SubscriptionKind, storage: HubStorage,
        onTermination: (@Sendable () -> Void)?, handler: @escaping @Sendable (PushMessage) -> Void
    ) {
        self.filter = filter
        acceptsAll = filter.acceptsAll
        self.wantsReplay = wantsReplay
        self.kind = kind
        self.handler = handler
        super.init(id: id, storage: storage, onTermination: onTermination)
    }

    func receive(_ element: PushMessage) { handler?(element) }

    override func releaseHandler() { handler = nil }

    /// How ``PushCenter/recentlyTakenTaps`` names this subscription.
    var taker: TapTaker { TapTaker(kind: kind, filter: filter) }
}

/// What kind of consumer a message subscription is, for diagnostics.
enum SubscriptionKind: String, Sendable {
    case closure = "subscribe"
    case sequence = "messages()"
}

/// A registration-event subscription.
final class RegistrationSubscriber: SubscriberBase, DeliveryTarget, @unchecked Sendable {
    // Safe: see SubscriberBase; `handler` is cleared only when no delivery can be running.
    @exclusivity(unchecked) private(set) var handler: (@Sendable (RegistrationEvent) -> Void)?

    init(id: UInt64, storage: HubStorage, handler: @escaping @Sendable (RegistrationEvent) -> Void) {
        self.handler = handler
        super.init(id: id, storage: storage, onTermination: nil)
    }

    func receive(_ element: RegistrationEvent) { handler?(element) }

    override func releaseHandler() { handler = nil }
}

/// A passive observer of every post (``PushCenter/monitor(_:_:)``): never a match, never replayed to. Kept in the
/// storage's `ObserverRegistry`, which decides when a call may start.
struct Monitor: Sendable {
    let filter: PushFilter
    let observer: @Sendable (PushMessage, PostReceipt) -> Void
}
