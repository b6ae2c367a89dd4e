import Dispatch
import Foundation
import PushBusCore

/// The hub's state and its transitions. Pure: no locking, no calls to user code, and no writes to subscriber
/// objects — each method changes the one ``State`` and returns an action saying what the caller must do after
/// unlocking (whom to call, which waiters to wake, which handlers to release).
///
/// `HubStorage` runs every transition under its lock. Unit tests drive it directly, without threads.
///
/// Not copyable: two machines never share a state box, so a transition changes its box in place without asking
/// the runtime whether the box is shared (a call per transition, two per post).
struct PushCenterStateMachine: ~Copyable, Sendable {
    /// Everything the hub knows, in one place.
    enum State: Sendable {
        /// Accepting posts and subscriptions.
        case running(RunningBox)
        /// The center was released: every subscription ended. Deliveries still running finish.
        case terminated(TerminatedBox)
        /// Only inside a transition (the state is moved out and back, so nothing is copied).
        case transitioning
    }

    /// The running state behind one reference: a transition moves a pointer out of ``State`` and back instead of
    /// copying a dozen reference-counted fields (measured: the inline payload made every post memcpy its whole
    /// state several times, about 200 ns).
    final class RunningBox: @unchecked Sendable {
        // Safe: `value` is changed only through `withRunning`, and only one machine holds a box (the machine is
        // not copyable and never hands its `State` out), so a change never shows through another value; the
        // machine itself is only used under HubState's lock.
        @exclusivity(unchecked) var value: Running

        init(_ value: Running) { self.value = value }
    }

    /// The terminated state behind one reference, so ``State`` is one pointer wide and a transition's move is a
    /// register copy.
    final class TerminatedBox: @unchecked Sendable {
        // Safe: as ``RunningBox``: held by one machine only, changed in `withRunning`, under HubState's lock.
        @exclusivity(unchecked) var value: Terminated

        init(_ value: Terminated) { self.value = value }
    }

    /// The state of a live center.
    struct Running: Sendable {
        var messages = SubscriberList<MessageSubscriber>()
        var registrations = SubscriberList<RegistrationSubscriber>()
        var nextID: UInt64 = 0
        var deduplication: DeduplicationWindow
        var parking: ParkingLot
        var takenTaps: TakenTapMemory
        var inFlight = InFlightDeliveries()
        var statistics = PushCenter.Statistics()
        var latestRegistration: RegistrationEvent?
        /// Set once a monitor registers: until then a post skips the monitors' registry (and its lock).
        var hasMonitors = false
    }

    /// What is left once the center is gone.
    struct Terminated: Sendable {
        var statistics: PushCenter.Statistics
        var inFlight: InFlightDeliveries
    }

    /// What ``post(_:at:owner:)`` tells the poster to do.
    enum PostAction: Sendable {
        /// The de-duplication gate dropped the message; tell the monitors (when any ever registered).
        case duplicate(notifiesMonitors: Bool)
        /// Deliver to the matching live subscribers of this snapshot (queue for replaying ones), then report back
        /// with the ticket and tell the monitors.
        case deliver([SubscriberList<MessageSubscriber>.Entry], PostTicket)
        /// The center is gone.
        case terminated
    }

    /// A fan-out in progress.
    struct PostTicket: Sendable, Equatable {
        /// The in-flight entry the fan-out registered.
        var ticket: UInt64
        /// The newest subscriber in the snapshot: later ones subscribed while the fan-out ran.
        var lastSubscriberID: UInt64
        /// A Boolean value indicating whether a monitor ever registered: the poster then tells the monitors.
        var notifiesMonitors = false
    }

    /// What ``park(_:at:ticket:)`` tells the poster to do.
    enum ParkAction: Sendable {
        /// Parked; the fan-out ended.
        case parked(Wakeups)
        /// Parking is off (capacity 0): the message was not kept; the fan-out ended.
        case notKept(Wakeups)
        /// Parked, but these subscribers arrived during the fan-out: their replay was taken before this message
        /// was parked, so the poster offers it to the first one whose filter matches (``claimLate(_:for:)``),
        /// then ends the fan-out (the ticket stays open until then).
        case offerToLate([MessageSubscriber], sequence: UInt64)
    }

    /// What a subscribe tells the subscriber's thread to do.
    enum SubscribeAction<Target: DeliveryTarget, Offer: Sendable>: Sendable {
        /// Nothing to replay: the subscriber is live.
        case live(Target)
        /// Offer these to the subscriber's filter, claim the ones it takes, replay them, drain what queued
        /// meanwhile, then end the ticket.
        case replay(Target, [Offer], ticket: UInt64)
        /// The center is gone: the subscriber is born cancelled and its termination should run.
        case terminated(Target)
    }

    /// What a cancel tells the cancelling thread to do.
    struct CancelAction: Sendable {
        /// A Boolean value indicating whether to release the handler now: none of the deliveries that could call it
        /// is running (otherwise the last of them to end releases it).
        var releasesHandlerNow = false
        /// Block on this until the deliveries that could call the handler on other threads have ended.
        var waitFor: DispatchSemaphore?
        /// A Boolean value indicating whether a fan-out running on the cancelling thread must check the subscribers
        /// it has not reached yet: the subscriber's first cancel, or any cancel once the center is gone.
        var mayStopDelivery = false
    }

    /// The one state. Changed only by the transitions (in this type and its extensions).
    var state: State

    init(configuration: PushCenter.Configuration) {
        state = .running(
            RunningBox(
                Running(
                    deduplication: DeduplicationWindow(
                        window: configuration.deduplicationWindow, capacity: configuration.deduplicationCapacity),
                    parking: ParkingLot(
                        capacity: configuration.parkingCapacity, maximumAge: configuration.parkingMaximumAge),
                    takenTaps: TakenTapMemory(maximumAge: configuration.parkingMaximumAge))))
    }

    /// Runs `body` on the running state, moved out of `state` and back so no copy is made.
    @inline(__always)
    mutating func withRunning<Result>(
        _ body: (inout Running) -> Result, terminated: (inout Terminated) -> Result
    ) -> Result {
        var current = State.transitioning
        swap(&current, &state)
        switch consume current {
        case .running(let box):
            defer { state = .running(box) }
            return body(&box.value)
        case .terminated(let box):
            defer { state = .terminated(box) }
            return terminated(&box.value)
        case .transitioning:
            preconditionFailure("PushCenterStateMachine re-entered during a transition")
        }
    }

    // MARK: Posting

    /// Counts the post, runs the de-duplication gate (`now` is `nil` when the gate is off) and hands out the
    /// current snapshot. A post the caller knows to be a duplicate (`isKnownDuplicate`: its
    /// delivery's ledger says so) skips the gate and ends as one.
    mutating func post(_ message: PushMessage, at now: Date?, owner: UInt, isKnownDuplicate: Bool = false)
        -> PostAction
    {
        withRunning { running in
            running.statistics.posted += 1
            var isDuplicate = isKnownDuplicate
            if !isDuplicate, let now { isDuplicate = !running.deduplication.record(message, at: now) }
            if isDuplicate {
                running.statistics.duplicates += 1
                return .duplicate(notifiesMonitors: running.hasMonitors)
            }
            let ticket = running.inFlight.begin(reach: running.nextID, owner: owner)
            return .deliver(
                running.messages.entries,
                PostTicket(ticket: ticket, lastSubscriberID: running.nextID, notifiesMonitors: running.hasMonitors))
        } terminated: { _ in
            .terminated
        }
    }

    /// Ends a fan-out (or replay) that reached `delivered` subscriptions and took no tap to remember. Returns
    /// what to wake and release.
    mutating func finishDelivery(_ ticket: UInt64, delivered: Int) -> Wakeups {
        withRunning { running in
            running.statistics.delivered += delivered
            let completed = running.inFlight.end(ticket)
            return completed.isEmpty ? Wakeups() : Wakeups(completed)
        } terminated: { gone in
            gone.statistics.delivered += delivered
            return Wakeups(gone.inFlight.end(ticket))
        }
    }

    /// Ends a fan-out (or replay) that reached `delivered` subscriptions; remembers the taps (`taken`) that the
    /// subscriptions `takers` took, for the "never silent" diagnostics. Returns what to wake and release.
    mutating func finishDelivery(
        _ ticket: UInt64, delivered: Int, taken: [PushMessage], by takers: [TapTaker], at now: Double,
        forgotten: inout ForgottenTaps
    ) -> Wakeups {
        withRunning { running in
            for tap in taken { running.takenTaps.remember(tap, takenBy: takers, at: now, forgotten: &forgotten) }
        } terminated: { _ in
        }
        return finishDelivery(ticket, delivered: delivered)
    }

    /// Parks a message no subscription in the fan-out's snapshot took (after expiring old ones).
    mutating func park(_ message: PushMessage, at now: Double, ticket: PostTicket) -> ParkAction {
        withRunning { running in
            running.statistics.expired += running.parking.expire(at: now)
            guard running.parking.isEnabled else {
                running.statistics.dropped += 1
                return .notKept(Wakeups(running.inFlight.end(ticket.ticket)))
            }
            running.statistics.dropped += running.parking.park(message, at: now)
            running.statistics.parked += 1
            var late: [MessageSubscriber] = []
            for entry in running.messages.entries.reversed() {
                guard entry.subscriber.id > ticket.lastSubscriberID else { break }
                if entry.subscriber.wantsReplay, entry.phase != .cancelled { late.append(entry.subscriber) }
            }
            guard !late.isEmpty, let sequence = running.parking.entries.last?.sequence else {
                return .parked(Wakeups(running.inFlight.end(ticket.ticket)))
            }
            running.inFlight.widen(ticket.ticket, to: running.nextID)
            return .offerToLate(late.reversed(), sequence: sequence)
        } terminated: { gone in
            .notKept(Wakeups(gone.inFlight.end(ticket.ticket)))
        }
    }

    /// What ``claimLate(_:for:)`` found.
    enum Claim: Sendable, Equatable {
        /// The message left the lot: deliver it to the subscriber.
        case claimed
        /// The subscriber was cancelled meanwhile: offer the message to the next one.
        case cancelled
        /// Someone else took it (or it expired): nothing to deliver.
        case gone
    }

    /// Hands the just-parked message `sequence` to a late subscriber whose filter matched it.
    mutating func claimLate(_ sequence: UInt64, for subscriber: MessageSubscriber) -> Claim {
        withRunning { running in
            guard running.messages.phase(of: subscriber.id) != .cancelled else { return .cancelled }
            return running.parking.take([sequence]).isEmpty ? .gone : .claimed
        } terminated: { _ in
            .gone
        }
    }

    /// Counts messages a `for await` buffer dropped.
    mutating func recordDropped(_ count: Int) {
        withRunning {
            $0.statistics.dropped += count
        } terminated: {
            $0.statistics.dropped += count
        }
    }

    /// Queues `element` for `subscriber` if it is replaying. Returns `nil` if it is live (deliver directly),
    /// `true` if queued, `false` if cancelled.
    mutating func enqueueDuringReplay<Target: DeliveryTarget>(_ element: Target.Element, for subscriber: Target)
        -> Bool?
    {
        withRunning { running in
            Target.withList(in: &running) { $0.enqueue(element, for: subscriber.id) }
        } terminated: { _ in
            false
        }
    }

    // MARK: Reading

    /// The counters.
    var statistics: PushCenter.Statistics {
        switch state {
        case .running(let box): return box.value.statistics
        case .terminated(let box): return box.value.statistics
        case .transitioning: return PushCenter.Statistics()
        }
    }

    /// The latest registration outcome.
    var latestRegistration: RegistrationEvent? {
        if case .running(let box) = state { return box.value.latestRegistration }
        return nil
    }

    /// The phase of `subscriber` (cancelled once the center is gone).
    func phase<Target: DeliveryTarget>(of subscriber: Target) -> SubscriberPhase {
        guard case .running(let box) = state else { return .cancelled }
        return Target.withList(in: &box.value) { $0.phase(of: subscriber.id) }  // reads only
    }

    /// The parked messages, oldest first, after dropping the expired ones.
    mutating func parkedMessages(at now: Double) -> [PushMessage] {
        withRunning { running in
            running.statistics.expired += running.parking.expire(at: now)
            return running.parking.messages
        } terminated: { _ in
            []
        }
    }

    /// Drops every parked message.
    mutating func clearParked() {
        withRunning {
            $0.parking.clear()
        } terminated: { _ in
        }
    }

    /// The taps subscriptions took instead of them being parked, oldest first, still within the parking age.
    mutating func takenTaps(at now: Double, forgotten: inout ForgottenTaps) -> [PushCenter.TakenTap] {
        withRunning {
            $0.takenTaps.recent(at: now, forgotten: &forgotten)
        } terminated: { _ in
            []
        }
    }
}

/// What the storage does after unlocking: wake `cancelAndWait()` callers, and release the handlers of cancelled
/// subscribers (their captures may run deinit code, which must never run under the hub's lock).
struct Wakeups: Sendable {
    /// Usually one completion (a cancel releasing its handler), held without allocating an array.
    private var items = OneOrMore<InFlightDeliveries.Completion>()

    /// Nothing to do.
    init() {}

    init(_ completions: [InFlightDeliveries.Completion]) {
        for completion in completions { items.append(completion) }
    }

    mutating func release(_ subscriber: SubscriberBase) { items.append(.release(subscriber)) }

    /// A Boolean value indicating whether there is nothing to do.
    var isEmpty: Bool { items.isEmpty }

    /// Everything to do, in order.
    var completions: [InFlightDeliveries.Completion] { items.elements }

    /// Calls `body` with each completion, in order, without building an array.
    func forEach(_ body: (InFlightDeliveries.Completion) -> Void) { items.forEach(body) }
}
