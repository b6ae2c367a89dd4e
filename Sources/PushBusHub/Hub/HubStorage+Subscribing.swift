import Dispatch
@_spi(PushBusInternals) import PushBusCore

extension HubStorage {
    // MARK: Subscribing

    func subscribe(
        _ filter: PushFilter, replay: ReplayPolicy, kind: SubscriptionKind = .closure,
        onTermination: (@Sendable () -> Void)? = nil, _ handler: @escaping @Sendable (PushMessage) -> Void
    ) -> PushCancellable {
        // The clock is read only to expire parked messages before offering them.
        let now = replay == .parked ? clock.uptime : nil
        let action = state.withLock {
            $0.subscribe(
                filter, replay: replay, kind: kind, at: now, owner: { DeliveryContext.currentOwner }, storage: self,
                onTermination: onTermination, handler: handler)
        }
        switch action {
        case .live(let subscriber):
            return PushCancellable(token: subscriber)
        case .replay(let subscriber, let offered, let ticket):
            // The filter runs here, outside the lock; claiming takes the messages out of the lot (handed over once).
            let wanted = offered.filter { subscriber.acceptsAll || subscriber.filter.matches($0.message) }
            let claimed = wanted.isEmpty ? [] : state.withLock { $0.claim(wanted.map(\.sequence), for: subscriber) }
            let delivered = replayThenGoLive(claimed, to: subscriber, context: DeliveryContext.current)
            finish(ticket, delivered: delivered, taps: Array(claimed.prefix(delivered)), takenBy: [subscriber])
            return PushCancellable(token: subscriber)
        case .terminated(let subscriber):
            onTermination?()
            return PushCancellable(token: subscriber)
        }
    }

    /// Replays `elements` in order on this thread, then whatever queued meanwhile, until the subscriber is live.
    /// Returns how many of `elements` were delivered.
    func replayThenGoLive<Target: DeliveryTarget>(
        _ elements: [Target.Element], to subscriber: Target, context: UnsafeMutablePointer<DeliveryContext>
    ) -> Int {
        let depth = context.pointee.depth
        context.pointee.depth = depth + 1
        defer {
            context.pointee.depth = depth
            if depth == 0 { Self.drainQueued(context) }
        }
        var delivered = 0
        for element in elements {
            guard !isCancelled(subscriber) else { break }
            subscriber.receive(element)
            delivered += 1
        }
        while let pending = state.withLock({ $0.drainPending(subscriber) }) {
            for element in pending {
                guard !isCancelled(subscriber) else { break }
                subscriber.receive(element)
            }
        }
        return delivered
    }

    // MARK: Cancelling

    /// Cancels `subscriber` without blocking; with `waiting`, then blocks until no delivery on another thread can
    /// still call its handler.
    func cancel<Target: DeliveryTarget>(_ subscriber: Target, waiting: Bool) {
        let owner = waiting ? DeliveryContext.currentOwner : nil
        let action = state.withLock { $0.cancel(subscriber, waitingOwner: owner) }
        // Tells a fan-out running on this thread to check its next subscribers. A repeated cancel cannot matter, so
        // the one a released subscription makes after an explicit cancel skips the thread-local lookup.
        if action.mayStopDelivery { DeliveryContext.current.pointee.cancels &+= 1 }
        if action.releasesHandlerNow { subscriber.releaseHandler() }
        action.waitFor?.wait()
    }

    /// Ends every subscription and `for await` sequence: the center is gone.
    func terminate() {
        let (subscribers, wakeups) = state.withLock { $0.terminate() }
        perform(wakeups)
        for subscriber in subscribers { subscriber.onTermination?() }
        monitors.close()
    }

    // MARK: Monitors

    func monitor(
        _ filter: PushFilter, _ observer: @escaping @Sendable (PushMessage, PostReceipt) -> Void
    ) -> PushCancellable {
        state.withLock { $0.noteMonitor() }
        return monitors.add(Monitor(filter: filter, observer: observer)).subscription
    }

    // MARK: Registration

    func post(registration event: RegistrationEvent) {
        let context = DeliveryContext.current
        guard let (entries, ticket) = state.withLock({ $0.post(registration: event, owner: UInt(bitPattern: context)) })
        else { return }
        let depth = context.pointee.depth
        context.pointee.depth = depth + 1
        let cancels = context.pointee.cancels
        for entry in entries {
            switch entry.phase {
            case .live:
                if context.pointee.cancels != cancels, isCancelled(entry.subscriber) { continue }
                entry.subscriber.handler?(event)
            case .replaying: _ = deliverDuringReplay(event, to: entry.subscriber)
            case .cancelled: continue
            }
        }
        context.pointee.depth = depth
        end(ticket, delivered: 0)
        if depth == 0 { Self.drainQueued(context) }
    }

    func subscribeRegistration(_ handler: @escaping @Sendable (RegistrationEvent) -> Void) -> PushCancellable {
        let context = DeliveryContext.current
        let action = state.withLock {
            $0.subscribeRegistration(owner: UInt(bitPattern: context), storage: self, handler: handler)
        }
        switch action {
        case .live(let subscriber), .terminated(let subscriber):
            return PushCancellable(token: subscriber)
        case .replay(let subscriber, let latest, let ticket):
            _ = replayThenGoLive(latest, to: subscriber, context: context)
            end(ticket, delivered: 0)
            return PushCancellable(token: subscriber)
        }
    }
}
