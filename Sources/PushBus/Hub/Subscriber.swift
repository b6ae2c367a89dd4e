#if !canImport(Darwin)
import Synchronization
#endif

/// Where a subscription is in its life: replaying parked messages, live, or cancelled.
enum SubscriberPhase: Int, Sendable {
    /// Handlers run directly on the posting thread.
    case live = 0
    /// Parked messages are being replayed on the subscribing thread; live messages queue in `pending`.
    case replaying = 1
    /// Nothing more is delivered.
    case cancelled = 2
}

/// What every subscriber has: an id, the phase each delivery checks, and the way back to its storage.
///
/// The phase is read without the center's lock on every delivery (an atomic load), and changed only with the
/// center's lock held, so a transition and the work around it (queueing, draining, cancelling) are atomic.
class SubscriberBase: @unchecked Sendable {
    // Safe: `phaseValue` is atomic (lock-guarded on Apple platforms); the other stored properties are immutable.
    // Subclasses add `pending`, guarded by the owning storage's lock.
    let id: UInt64
    /// Called once when the center is torn down (ends `for await` loops).
    let onTermination: (@Sendable () -> Void)?
    weak let storage: HubStorage?

    #if canImport(Darwin)
    private let phaseLock = Lock()
    private var phaseValue: SubscriberPhase
    #else
    private let phaseValue: Atomic<Int>
    #endif

    init(id: UInt64, phase: SubscriberPhase, storage: HubStorage, onTermination: (@Sendable () -> Void)?) {
        self.id = id
        self.onTermination = onTermination
        self.storage = storage
        #if canImport(Darwin)
        phaseValue = phase
        #else
        phaseValue = Atomic(phase.rawValue)
        #endif
    }

    /// The current phase.
    @inline(__always)
    final var phase: SubscriberPhase {
        #if canImport(Darwin)
        return phaseLock.withLock { phaseValue }
        #else
        return SubscriberPhase(rawValue: phaseValue.load(ordering: .acquiring)) ?? .cancelled
        #endif
    }

    /// Changes the phase. Call only with the owning storage's lock held.
    final func setPhase(_ phase: SubscriberPhase) {
        #if canImport(Darwin)
        phaseLock.withLock { phaseValue = phase }
        #else
        phaseValue.store(phase.rawValue, ordering: .releasing)
        #endif
    }

    /// A Boolean value indicating whether the subscription has been cancelled.
    final var isCancelled: Bool { phase == .cancelled }

    /// Takes the handler out so it (and whatever it captures) can be released once cancelled; drop the result
    /// after unlocking. Call only with the storage's lock held and when no delivery can still be calling it.
    func takeHandler() -> Released? { nil }
}

/// A subscriber the storage can replay to, queue for and cancel, whatever it receives.
protocol DeliveryTarget: SubscriberBase, CancellationToken {
    associatedtype Element: Sendable
    /// Live elements that arrived while parked ones were being replayed. Guarded by the storage's lock.
    var pending: [Element] { get set }
    /// Calls the handler.
    func receive(_ element: Element)
}

/// A message subscription as the hub stores it.
///
/// Deliberately not generic: a closure stored in a generic class is kept at its most general calling
/// convention, and calling it with a `PushMessage` would go through a thunk that copies the whole message twice.
final class MessageSubscriber: SubscriberBase, DeliveryTarget, @unchecked Sendable {
    // Safe: `pending` is read and written only while the owning `HubStorage` holds its lock (see SubscriberBase).
    let filter: PushFilter
    /// A Boolean value indicating whether `filter` is `.all`, so the hot path skips evaluating it.
    let acceptsAll: Bool
    /// A Boolean value indicating whether the subscription wants parked messages (``ReplayPolicy/parked``).
    let wantsReplay: Bool
    /// Read without a lock by deliveries; cleared (``takeHandler()``) only once no delivery can be running, so
    /// exclusivity is guaranteed by the hub's protocol rather than checked at run time on every delivery.
    @exclusivity(unchecked) private(set) var handler: (@Sendable (PushMessage) -> Void)?
    var pending: [PushMessage] = []

    init(
        id: UInt64, filter: PushFilter, wantsReplay: Bool, phase: SubscriberPhase, storage: HubStorage,
        onTermination: (@Sendable () -> Void)?, handler: @escaping @Sendable (PushMessage) -> Void
    ) {
        self.filter = filter
        acceptsAll = filter.acceptsAll
        self.wantsReplay = wantsReplay
        self.handler = handler
        super.init(id: id, phase: phase, storage: storage, onTermination: onTermination)
    }

    func receive(_ element: PushMessage) { handler?(element) }

    override func takeHandler() -> Released? {
        defer { handler = nil }
        return handler.map(Released.messageHandler)
    }

    func cancel() {
        if let storage { storage.cancel(self) } else { setPhase(.cancelled) }
    }
}

/// A registration-event subscription.
final class RegistrationSubscriber: SubscriberBase, DeliveryTarget, @unchecked Sendable {
    // Safe: `pending` is read and written only while the owning `HubStorage` holds its lock (see SubscriberBase).
    /// Cleared (``takeHandler()``) only once no delivery can be running; see ``MessageSubscriber/handler``.
    @exclusivity(unchecked) private(set) var handler: (@Sendable (RegistrationEvent) -> Void)?
    var pending: [RegistrationEvent] = []

    init(
        id: UInt64, phase: SubscriberPhase, storage: HubStorage,
        handler: @escaping @Sendable (RegistrationEvent) -> Void
    ) {
        self.handler = handler
        super.init(id: id, phase: phase, storage: storage, onTermination: nil)
    }

    func receive(_ element: RegistrationEvent) { handler?(element) }

    override func takeHandler() -> Released? {
        defer { handler = nil }
        return handler.map(Released.registrationHandler)
    }

    func cancel() {
        if let storage { storage.cancel(self) } else { setPhase(.cancelled) }
    }
}

/// Something taken out of the hub's state under the lock, to be released after unlocking. Concrete cases (not
/// `Any`): converting a closure to `Any` would allocate a reabstraction thunk on every cancel.
enum Released: @unchecked Sendable {
    // Safe: only ever released, by the thread that took it out of the state.
    case messageHandler(@Sendable (PushMessage) -> Void)
    case registrationHandler(@Sendable (RegistrationEvent) -> Void)
}
