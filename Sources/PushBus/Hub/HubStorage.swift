import Dispatch
import Foundation

/// Runs ``PushCenterStateMachine`` transitions under one lock and does what they return — calling handlers,
/// waking cancel waiters — only after unlocking, so a handler may post, subscribe or cancel freely.
///
/// Kept apart from ``PushCenter`` so that subscribers and `for await` sequences can refer to it without keeping
/// the center alive: when the center is released, ``terminate()`` ends every sequence.
final class HubStorage: Sendable {
    let state: HubState
    let clock: any PushClock
    /// A Boolean value indicating whether the de-duplication gate is on.
    let deduplicates: Bool

    init(configuration: PushCenter.Configuration) {
        state = HubState(PushCenterStateMachine(configuration: configuration))
        clock = configuration.clock
        deduplicates =
            configuration.deduplicationWindow > 0 && configuration.deduplicationCapacity > 0
    }

    // MARK: Posting

    func post(_ message: PushMessage) -> PostReceipt {
        let now = deduplicates ? clock.now : nil
        let key = deduplicates ? message.deduplicationKey : nil
        let action = state.withLock { $0.post(key: key, at: now) }
        guard case .deliver(let subscribers, let ticket) = action else { return .duplicate }

        let depth = DeliveryDepth.enter()
        var delivered = 0
        for subscriber in subscribers {
            switch subscriber.phase {
            case .live:
                guard subscriber.acceptsAll || subscriber.filter.matches(message) else { continue }
                subscriber.handler?(message)
                delivered += 1
            case .replaying:
                guard subscriber.acceptsAll || subscriber.filter.matches(message) else { continue }
                if deliverDuringReplay(message, to: subscriber) { delivered += 1 }
            case .cancelled:
                continue
            }
        }
        DeliveryDepth.leave(restoring: depth)

        if delivered > 0 {
            let released = state.withLock { $0.finishDelivery(generation: ticket.generation, delivered: delivered) }
            wake(released)
            return .delivered(delivered)
        }
        let parkedAt = now ?? clock.now
        let (late, wakeups) = state.withLock { $0.park(message, at: parkedAt, ticket: ticket) }
        wake(wakeups)
        if !late.isEmpty { deliverLate(message, to: late, generation: ticket.generation) }
        return .parked
    }

    /// Hands a just-parked message to the subscribers that arrived during its fan-out (see
    /// ``PushCenterStateMachine/park(_:at:ticket:)``), then ends the fan-out.
    private func deliverLate(_ message: PushMessage, to subscribers: [MessageSubscriber], generation: UInt64) {
        let depth = DeliveryDepth.enter()
        var delivered = 0
        for subscriber in subscribers where subscriber.acceptsAll || subscriber.filter.matches(message) {
            switch subscriber.phase {
            case .live:
                subscriber.handler?(message)
                delivered += 1
            case .replaying:
                if deliverDuringReplay(message, to: subscriber) { delivered += 1 }
            case .cancelled:
                continue
            }
        }
        DeliveryDepth.leave(restoring: depth)
        let released = state.withLock { $0.finishDelivery(generation: generation, delivered: delivered) }
        wake(released)
    }

    /// Delivers to a subscriber that was replaying when the snapshot was read: queued if it still is, direct if
    /// it went live meanwhile. Returns whether the handler got (or will get) the element.
    private func deliverDuringReplay<Target: DeliveryTarget>(_ element: Target.Element, to subscriber: Target) -> Bool {
        let queued = state.withLock { $0.enqueueDuringReplay(element, for: subscriber) }
        if let queued { return queued }
        subscriber.receive(element)
        return true
    }

    // MARK: Subscribing

    func subscribe(
        _ filter: PushFilter, replay: ReplayPolicy, onTermination: (@Sendable () -> Void)? = nil,
        _ handler: @escaping @Sendable (PushMessage) -> Void
    ) -> PushSubscription {
        // The clock is read only to expire parked messages before replaying them.
        let now = replay == .parked ? clock.now : nil
        let action = state.withLock {
            $0.subscribe(
                filter, replay: replay, at: now, storage: self, onTermination: onTermination, handler: handler)
        }
        switch action {
        case .live(let subscriber):
            return PushSubscription(token: subscriber)
        case .replay(let subscriber, let parked, let generation):
            let delivered = replayThenGoLive(parked.filter(subscriber.filter.matches), to: subscriber)
            let released = state.withLock { $0.finishReplay(generation: generation, delivered: delivered) }
            wake(released)
            return PushSubscription(token: subscriber)
        case .terminated(let subscriber):
            onTermination?()
            return PushSubscription(token: subscriber)
        }
    }

    /// Replays `elements` in order on this thread, then whatever queued meanwhile, until the subscriber is live.
    /// Returns how many of `elements` were delivered.
    private func replayThenGoLive<Target: DeliveryTarget>(_ elements: [Target.Element], to subscriber: Target) -> Int {
        let depth = DeliveryDepth.enter()
        defer { DeliveryDepth.leave(restoring: depth) }
        var delivered = 0
        for element in elements {
            guard !subscriber.isCancelled else { break }
            subscriber.receive(element)
            delivered += 1
        }
        while let pending = state.withLock({ $0.drainPending(subscriber) }) {
            for element in pending {
                guard !subscriber.isCancelled else { break }
                subscriber.receive(element)
            }
        }
        return delivered
    }

    // MARK: Cancelling

    /// Cancels `subscriber`; outside a handler, waits for deliveries that might still call it.
    func cancel<Target: DeliveryTarget>(_ subscriber: Target) {
        let mayWait = DeliveryDepth.current == 0
        let (waitFor, wakeups) = state.withLock { $0.cancel(subscriber, mayWait: mayWait) }
        wake(wakeups)
        guard let waitFor else { return }
        waitFor.wait()
        wake(state.withLock { $0.releaseHandler(of: subscriber) })
    }

    /// Ends every subscription and `for await` sequence: the center is gone.
    func terminate() {
        let (targets, wakeups) = state.withLock { $0.terminate() }
        wake(wakeups)
        for target in targets { target.onTermination?() }
    }

    /// Wakes cancel waiters; the released handlers it holds are dropped here, outside the lock.
    private func wake(_ wakeups: Wakeups) {
        for semaphore in wakeups.waiters { semaphore.signal() }
    }

    // MARK: Registration

    func post(registration event: RegistrationEvent) {
        let (subscribers, generation) = state.withLock { $0.post(registration: event) }
        let depth = DeliveryDepth.enter()
        for subscriber in subscribers {
            switch subscriber.phase {
            case .live: subscriber.handler?(event)
            case .replaying: _ = deliverDuringReplay(event, to: subscriber)
            case .cancelled: continue
            }
        }
        DeliveryDepth.leave(restoring: depth)
        wake(state.withLock { $0.finishRegistration(generation: generation) })
    }

    func subscribeRegistration(_ handler: @escaping @Sendable (RegistrationEvent) -> Void) -> PushSubscription {
        let action = state.withLock { $0.subscribeRegistration(storage: self, handler: handler) }
        switch action {
        case .live(let subscriber), .terminated(let subscriber):
            return PushSubscription(token: subscriber)
        case .replay(let subscriber, let latest, let generation):
            _ = replayThenGoLive(latest, to: subscriber)
            wake(state.withLock { $0.finishRegistration(generation: generation) })
            return PushSubscription(token: subscriber)
        }
    }
}
