import Dispatch
import Foundation

/// The hub's state and its transitions. Pure: no locking and no calls to user code — each method changes the
/// state and returns what the caller must do after unlocking (whom to call, which waiters to wake).
///
/// `HubStorage` runs every transition under its lock. Subscribers are kept in an array that is copied out to
/// posts as an immutable snapshot (one retain, no allocation); a cancelled subscriber stays in the array as a
/// tombstone until enough accumulate, then one pass compacts them, so subscribe and cancel are O(1) amortized.
struct PushCenterStateMachine: Sendable {
    /// What ``post(key:at:)`` tells the poster to do.
    enum PostAction: Sendable {
        /// The key was seen within the de-duplication window.
        case duplicate
        /// Deliver to the matching subscribers of this snapshot, then report back with the ticket.
        case deliver([MessageSubscriber], PostTicket)
    }

    /// A fan-out in progress.
    struct PostTicket: Sendable {
        /// The in-flight generation the fan-out joined.
        var generation: UInt64
        /// The newest subscriber in the snapshot: later ones subscribed while the fan-out ran.
        var lastSubscriberID: UInt64
    }

    /// What a subscribe tells the subscriber's thread to do.
    enum SubscribeAction<Target: DeliveryTarget>: Sendable {
        /// Nothing to replay: the subscriber is live.
        case live(Target)
        /// Replay these (filter them first), then drain `pending` and go live; end the generation after.
        case replay(Target, [Target.Element], generation: UInt64)
        /// The center is gone: the subscriber is born cancelled and its termination should run.
        case terminated(Target)
    }

    private(set) var subscribers: [MessageSubscriber] = []
    private var registrationSubscribers: [RegistrationSubscriber] = []
    private var tombstones = 0
    private var registrationTombstones = 0
    private var nextID: UInt64 = 0
    private var deduplication: DeduplicationWindow
    private var parking: ParkingLot
    private var inFlight = InFlightDeliveries()
    private(set) var statistics = PushCenter.Statistics()
    private(set) var latestRegistration: RegistrationEvent?
    private(set) var isTerminated = false

    init(configuration: PushCenter.Configuration) {
        deduplication = DeduplicationWindow(
            window: configuration.deduplicationWindow, capacity: configuration.deduplicationCapacity)
        parking = ParkingLot(
            capacity: configuration.parkingCapacity, maximumAge: configuration.parkingMaximumAge)
    }

    // MARK: Posting

    /// Counts the post, runs the de-duplication gate (`key` is `nil` when the gate is off) and hands out the
    /// current snapshot.
    mutating func post(key: PushMessage.DeduplicationKey?, at now: Date?) -> PostAction {
        statistics.posted += 1
        if let key, let now, !deduplication.record(key, at: now) {
            statistics.duplicates += 1
            return .duplicate
        }
        return .deliver(subscribers, PostTicket(generation: inFlight.begin(), lastSubscriberID: nextID))
    }

    /// Ends a fan-out that reached `delivered` subscriptions; returns the cancel waiters to wake.
    mutating func finishDelivery(generation: UInt64, delivered: Int) -> Wakeups {
        statistics.delivered += delivered
        return endDelivery(generation)
    }

    private mutating func endDelivery(_ generation: UInt64) -> Wakeups {
        let (waiters, drained) = inFlight.end(generation)
        var wakeups = Wakeups()
        wakeups.waiters = waiters
        for subscriber in drained {
            if let handler = subscriber.takeHandler() { wakeups.drop(handler) }
        }
        return wakeups
    }

    /// Parks a message no subscription in the fan-out's snapshot took.
    ///
    /// Returns the subscribers that arrived during the fan-out and want parked messages: their replay was taken
    /// before this message was parked, so the poster hands it to them (the ticket stays open until then).
    /// Otherwise the fan-out ends here and the waiters to wake are returned.
    mutating func park(
        _ message: PushMessage, at now: Date, ticket: PostTicket
    ) -> (late: [MessageSubscriber], wakeups: Wakeups) {
        statistics.expired += parking.expire(at: now)
        statistics.dropped += parking.park(message, at: now)
        statistics.parked += 1
        var late: [MessageSubscriber] = []
        for subscriber in subscribers.reversed() {
            guard subscriber.id > ticket.lastSubscriberID else { break }
            if subscriber.wantsReplay, !subscriber.isCancelled { late.append(subscriber) }
        }
        guard late.isEmpty else { return (late.reversed(), Wakeups()) }
        return ([], endDelivery(ticket.generation))
    }

    /// Counts messages a `for await` buffer dropped.
    mutating func recordDropped(_ count: Int) { statistics.dropped += count }

    // MARK: Subscribing

    /// Adds a subscriber after the existing ones; with `replay`, hands out the parked messages to replay (after
    /// expiring the old ones when `now` is given).
    mutating func subscribe(
        _ filter: PushFilter, replay: ReplayPolicy, at now: Date?, storage: HubStorage,
        onTermination: (@Sendable () -> Void)?, handler: @escaping @Sendable (PushMessage) -> Void
    ) -> SubscribeAction<MessageSubscriber> {
        nextID += 1
        if let now { statistics.expired += parking.expire(at: now) }
        let replayed = replay == .parked && !isTerminated ? parking.messages : []
        let subscriber = MessageSubscriber(
            id: nextID, filter: filter, wantsReplay: replay == .parked,
            phase: isTerminated ? .cancelled : replayed.isEmpty ? .live : .replaying, storage: storage,
            onTermination: onTermination, handler: handler)
        if isTerminated { return .terminated(subscriber) }
        subscribers.append(subscriber)
        if replayed.isEmpty { return .live(subscriber) }
        return .replay(subscriber, replayed, generation: inFlight.begin())
    }

    /// Takes what queued for `subscriber` while it replayed; when nothing did, the subscriber goes live.
    mutating func drainPending<Target: DeliveryTarget>(_ subscriber: Target) -> [Target.Element]? {
        guard !subscriber.pending.isEmpty else {
            if subscriber.phase == .replaying { subscriber.setPhase(.live) }
            return nil
        }
        defer { subscriber.pending = [] }
        return subscriber.pending
    }

    /// Queues `element` for a subscriber that is replaying. Returns `nil` if it went live meanwhile (deliver
    /// directly), `true` if queued, `false` if cancelled.
    mutating func enqueueDuringReplay<Target: DeliveryTarget>(
        _ element: Target.Element, for subscriber: Target
    ) -> Bool? {
        switch subscriber.phase {
        case .live: return nil
        case .replaying:
            subscriber.pending.append(element)
            return true
        case .cancelled: return false
        }
    }

    /// Ends a replay that delivered `delivered` messages.
    mutating func finishReplay(generation: UInt64, delivered: Int) -> Wakeups {
        finishDelivery(generation: generation, delivered: delivered)
    }

    // MARK: Cancelling

    /// Cancels a subscriber and releases its handler as soon as no delivery can still call it.
    ///
    /// With `mayWait` (the caller is not inside a handler), returns a semaphore to wait on until every delivery
    /// that might still call the handler has ended; the caller then releases it with ``releaseHandler(of:)``.
    /// Without it (cancel from inside a handler: waiting could deadlock), the handler is released when those
    /// deliveries end.
    mutating func cancel<Target: DeliveryTarget>(
        _ subscriber: Target, mayWait: Bool
    ) -> (waitFor: DispatchSemaphore?, wakeups: Wakeups) {
        var wakeups = Wakeups()
        let isFirstCancel = markCancelled(subscriber)
        if isFirstCancel {
            if subscriber is MessageSubscriber {
                tombstones += 1
                Self.compact(&subscribers, tombstones: &tombstones)
            } else {
                registrationTombstones += 1
                Self.compact(&registrationSubscribers, tombstones: &registrationTombstones)
            }
        }
        if mayWait, let semaphore = inFlight.barrier() { return (semaphore, wakeups) }
        if isFirstCancel, mayWait || !inFlight.releaseWhenDrained(subscriber) {
            if let handler = subscriber.takeHandler() { wakeups.drop(handler) }
        }
        return (nil, wakeups)
    }

    /// Takes a cancelled subscriber's handler once the deliveries it waited for have ended.
    mutating func releaseHandler(of subscriber: SubscriberBase) -> Wakeups {
        var wakeups = Wakeups()
        if let handler = subscriber.takeHandler() { wakeups.drop(handler) }
        return wakeups
    }

    private func markCancelled<Target: DeliveryTarget>(_ subscriber: Target) -> Bool {
        guard subscriber.phase != .cancelled else { return false }
        subscriber.setPhase(.cancelled)
        subscriber.pending = []
        return true
    }

    /// Drops the tombstones in one pass once they outnumber the live subscribers. Safe under the lock: a
    /// tombstone's handler has been taken out already (or is still referenced elsewhere), so dropping it runs no
    /// user code.
    private static func compact<Target: SubscriberBase>(_ list: inout [Target], tombstones: inout Int) {
        guard tombstones > 8, tombstones * 2 > list.count else { return }
        list.removeAll { $0.isCancelled }
        tombstones = 0
    }

    /// Cancels everything: the center is gone (so no delivery runs). Returns the subscribers whose termination
    /// should run, and their handlers to drop after unlocking.
    mutating func terminate() -> (subscribers: [SubscriberBase], wakeups: Wakeups) {
        isTerminated = true
        let all = subscribers as [SubscriberBase] + registrationSubscribers as [SubscriberBase]
        subscribers = []
        registrationSubscribers = []
        var wakeups = Wakeups()
        for subscriber in all {
            subscriber.setPhase(.cancelled)
            if let handler = subscriber.takeHandler() { wakeups.drop(handler) }
        }
        return (all, wakeups)
    }

    // MARK: Parking

    /// The parked messages, oldest first, after dropping the expired ones.
    mutating func parkedMessages(at now: Date) -> [PushMessage] {
        statistics.expired += parking.expire(at: now)
        return parking.messages
    }

    /// Drops every parked message.
    mutating func clearParked() { parking.clear() }

    // MARK: Registration

    /// Records the event as the latest and hands out the registration subscribers to call.
    mutating func post(registration event: RegistrationEvent) -> ([RegistrationSubscriber], UInt64) {
        latestRegistration = event
        return (registrationSubscribers, inFlight.begin())
    }

    /// Adds a registration subscriber; the latest event, if any, is replayed first.
    mutating func subscribeRegistration(
        storage: HubStorage, handler: @escaping @Sendable (RegistrationEvent) -> Void
    ) -> SubscribeAction<RegistrationSubscriber> {
        nextID += 1
        let replayed = isTerminated ? [] : latestRegistration.map { [$0] } ?? []
        let subscriber = RegistrationSubscriber(
            id: nextID, phase: isTerminated ? .cancelled : replayed.isEmpty ? .live : .replaying, storage: storage,
            handler: handler)
        if isTerminated { return .terminated(subscriber) }
        registrationSubscribers.append(subscriber)
        if replayed.isEmpty { return .live(subscriber) }
        return .replay(subscriber, replayed, generation: inFlight.begin())
    }

    /// Ends a registration fan-out.
    mutating func finishRegistration(generation: UInt64) -> Wakeups { endDelivery(generation) }
}

/// What the storage does after unlocking: wake cancel waiters, and drop released handlers and subscribers (their
/// captures may run deinit code, which must never run under the hub's lock).
struct Wakeups: @unchecked Sendable {
    // Safe: created and consumed by one thread (the one that ran the transition); the garbage is only released.
    var waiters: [DispatchSemaphore] = []
    /// The common case, one released handler, without allocating an array.
    private var single: Released?
    private var more: [Released] = []

    /// Keeps `value` alive until the wakeups are dropped (after unlocking).
    mutating func drop(_ value: Released) {
        if single == nil { single = value } else { more.append(value) }
    }
}
