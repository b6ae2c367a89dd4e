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

/// One subscription as the hub stores it: filter, handler and the phase every delivery checks.
///
/// The phase is read without the center's lock on every delivery (an atomic load), and changed only with the
/// center's lock held, so a transition and the work around it (queueing, draining, cancelling) are atomic.
final class Subscriber<Element: Sendable>: @unchecked Sendable {
    // Safe: `pending` is read and written only while the owning `HubStorage` holds its lock; `phase` is
    // atomic (or lock-guarded on Apple platforms); every other stored property is immutable.
    let id: UInt64
    let filter: PushFilter
    /// A Boolean value indicating whether `filter` is `.all`, so the hot path skips evaluating it.
    let acceptsAll: Bool
    /// A Boolean value indicating whether the subscription wants parked messages (``ReplayPolicy/parked``).
    let wantsReplay: Bool
    let handler: @Sendable (Element) -> Void
    /// Called once when the center is torn down (ends `for await` loops).
    let onTermination: (@Sendable () -> Void)?
    weak let storage: HubStorage?
    /// Live messages that arrived while parked ones were being replayed. Guarded by the storage's lock.
    var pending: [Element] = []

    #if canImport(Darwin)
    private let phaseLock = Lock()
    private var phaseValue: SubscriberPhase
    #else
    private let phaseValue: Atomic<Int>
    #endif

    init(
        id: UInt64, filter: PushFilter, wantsReplay: Bool, phase: SubscriberPhase, storage: HubStorage,
        onTermination: (@Sendable () -> Void)?, handler: @escaping @Sendable (Element) -> Void
    ) {
        self.id = id
        self.filter = filter
        self.acceptsAll = filter.acceptsAll
        self.wantsReplay = wantsReplay
        self.handler = handler
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
    var phase: SubscriberPhase {
        #if canImport(Darwin)
        return phaseLock.withLock { phaseValue }
        #else
        return SubscriberPhase(rawValue: phaseValue.load(ordering: .acquiring)) ?? .cancelled
        #endif
    }

    /// Changes the phase. Call only with the owning storage's lock held.
    func setPhase(_ phase: SubscriberPhase) {
        #if canImport(Darwin)
        phaseLock.withLock { phaseValue = phase }
        #else
        phaseValue.store(phase.rawValue, ordering: .releasing)
        #endif
    }

    /// A Boolean value indicating whether the subscription has been cancelled.
    var isCancelled: Bool { phase == .cancelled }
}

extension Subscriber: CancellationToken {
    func cancel() {
        if let storage {
            storage.cancel(self)
        } else {
            setPhase(.cancelled)
        }
    }
}
