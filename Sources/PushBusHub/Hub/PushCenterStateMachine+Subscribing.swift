import Dispatch
import PushBusCore

extension MessageSubscriber {
    static func withList<Result>(
        in running: inout PushCenterStateMachine.Running, _ body: (inout SubscriberList<MessageSubscriber>) -> Result
    ) -> Result { body(&running.messages) }
}

extension RegistrationSubscriber {
    static func withList<Result>(
        in running: inout PushCenterStateMachine.Running,
        _ body: (inout SubscriberList<RegistrationSubscriber>) -> Result
    ) -> Result { body(&running.registrations) }
}

extension PushCenterStateMachine {
    // MARK: Subscribing

    /// Notes that a monitor registers: from now on posts tell the monitors' registry.
    mutating func noteMonitor() {
        withRunning {
            $0.hasMonitors = true
        } terminated: { _ in
        }
    }

    /// Adds a message subscriber after the existing ones. With `replay: .parked` (and `now`, to expire old ones
    /// first), offers it the parked messages: its thread filters them outside the lock and claims the ones it
    /// takes with ``claim(_:for:)``.
    mutating func subscribe(
        _ filter: PushFilter, replay: ReplayPolicy, kind: SubscriptionKind, at now: Double?, owner: () -> UInt,
        storage: HubStorage, onTermination: (@Sendable () -> Void)?,
        handler: @escaping @Sendable (PushMessage) -> Void
    ) -> SubscribeAction<MessageSubscriber, ParkingLot.Entry> {
        withRunning { running in
            running.nextID += 1
            if let now { running.statistics.expired += running.parking.expire(at: now) }
            let subscriber = MessageSubscriber(
                id: running.nextID, filter: filter, wantsReplay: replay == .parked, kind: kind, storage: storage,
                onTermination: onTermination, handler: handler)
            let offered = replay == .parked ? running.parking.entries : []
            running.messages.append(subscriber, phase: offered.isEmpty ? .live : .replaying)
            guard !offered.isEmpty else { return .live(subscriber) }
            // The owner (the thread's delivery context) is looked up only when there is something to replay.
            let ticket = running.inFlight.begin(reach: subscriber.id, only: subscriber.id, owner: owner())
            return .replay(subscriber, offered, ticket: ticket)
        } terminated: { _ in
            .terminated(
                MessageSubscriber(
                    id: 0, filter: filter, wantsReplay: false, kind: kind, storage: storage,
                    onTermination: onTermination, handler: handler))
        }
    }

    /// Takes the parked messages `sequences` for a replaying subscriber: each leaves the lot, so no later
    /// subscriber receives it. Ones another subscriber claimed first are left out.
    mutating func claim(_ sequences: [UInt64], for subscriber: MessageSubscriber) -> [PushMessage] {
        withRunning { running in
            guard running.messages.phase(of: subscriber.id) == .replaying else { return [] }
            return running.parking.take(sequences)
        } terminated: { _ in
            []
        }
    }

    /// Takes what queued for `subscriber` while it replayed; when nothing did, the subscriber goes live.
    mutating func drainPending<Target: DeliveryTarget>(_ subscriber: Target) -> [Target.Element]? {
        withRunning { running in
            Target.withList(in: &running) { $0.drainPending(subscriber.id) }
        } terminated: { _ in
            nil
        }
    }

    // MARK: Cancelling

    /// Cancels a subscriber. Its handler is released as soon as no running delivery can call it: now (the action
    /// says so) or when the last such delivery ends.
    ///
    /// With `waitingOwner` (`PushCancellable.cancelAndWait()`), also returns a semaphore to block on until the
    /// deliveries that could call the handler on *other* threads have ended (the caller's own outer deliveries,
    /// when it cancels from inside a handler, cannot be waited for).
    mutating func cancel<Target: DeliveryTarget>(_ subscriber: Target, waitingOwner: UInt?) -> CancelAction {
        withRunning { running in
            var action = CancelAction()
            let isFirstCancel = Target.withList(in: &running) { $0.cancel(subscriber.id) }
            if isFirstCancel {
                action.mayStopDelivery = true
                let reaching = running.inFlight.tickets(reaching: subscriber.id)
                action.releasesHandlerNow = !running.inFlight.whenEnded(reaching, .release(subscriber))
            }
            if let waitingOwner {
                let others = running.inFlight.tickets(reaching: subscriber.id, excluding: waitingOwner)
                let semaphore = DispatchSemaphore(value: 0)
                if running.inFlight.whenEnded(others, .signal(semaphore)) { action.waitFor = semaphore }
            }
            return action
        } terminated: { gone in
            var action = CancelAction()
            action.mayStopDelivery = true
            if let waitingOwner {
                let others = gone.inFlight.tickets(reaching: subscriber.id, excluding: waitingOwner)
                let semaphore = DispatchSemaphore(value: 0)
                if gone.inFlight.whenEnded(others, .signal(semaphore)) { action.waitFor = semaphore }
            }
            return action
        }
    }

    /// Ends the center: every subscriber is cancelled. Returns the subscribers whose termination should run, the
    /// handlers to release (now, or when the deliveries still running end).
    mutating func terminate() -> (subscribers: [SubscriberBase], wakeups: Wakeups) {
        var result: ([SubscriberBase], Wakeups) = ([], Wakeups())
        var current = State.transitioning
        swap(&current, &state)
        switch consume current {
        case .running(let box):
            var running = box.value
            let ended: [SubscriberBase] = running.messages.removeAll() + running.registrations.removeAll()
            var wakeups = Wakeups()
            for subscriber in ended {
                let reaching = running.inFlight.tickets(reaching: subscriber.id)
                if !running.inFlight.whenEnded(reaching, .release(subscriber)) { wakeups.release(subscriber) }
            }
            result = (ended, wakeups)
            state = .terminated(TerminatedBox(Terminated(statistics: running.statistics, inFlight: running.inFlight)))
        case let other:
            state = other
        }
        return result
    }

    // MARK: Registration

    /// Records the event as the latest and hands out the registration subscribers to call.
    mutating func post(registration event: RegistrationEvent, owner: UInt)
        -> (entries: [SubscriberList<RegistrationSubscriber>.Entry], ticket: UInt64)?
    {
        withRunning { running in
            running.latestRegistration = event
            let ticket = running.inFlight.begin(reach: running.nextID, owner: owner)
            return (running.registrations.entries, ticket)
        } terminated: { _ in
            nil
        }
    }

    /// Adds a registration subscriber; the latest event, if any, is replayed first.
    mutating func subscribeRegistration(
        owner: UInt, storage: HubStorage, handler: @escaping @Sendable (RegistrationEvent) -> Void
    ) -> SubscribeAction<RegistrationSubscriber, RegistrationEvent> {
        withRunning { running in
            running.nextID += 1
            let subscriber = RegistrationSubscriber(id: running.nextID, storage: storage, handler: handler)
            let replayed = running.latestRegistration.map { [$0] } ?? []
            running.registrations.append(subscriber, phase: replayed.isEmpty ? .live : .replaying)
            guard !replayed.isEmpty else { return .live(subscriber) }
            let ticket = running.inFlight.begin(reach: subscriber.id, only: subscriber.id, owner: owner)
            return .replay(subscriber, replayed, ticket: ticket)
        } terminated: { _ in
            .terminated(RegistrationSubscriber(id: 0, storage: storage, handler: handler))
        }
    }
}
