import Dispatch
import Foundation
@_spi(PushBusInternals) import PushBusCore

/// Runs ``PushCenterStateMachine`` transitions under one lock and does what they return — calling handlers and
/// monitors, waking `cancelAndWait()` callers, releasing handlers — only after unlocking, so a handler may post,
/// subscribe or cancel freely.
///
/// Kept apart from ``PushCenter`` so that subscribers and `for await` sequences can refer to it without keeping
/// the center alive: when the center is released, ``terminate()`` ends every sequence.
final class HubStorage: Sendable {
    /// How deep handlers may nest posts on one thread before further posts are queued (``PostReceipt/queued``)
    /// and delivered, in order, once the thread is back at the outermost delivery. Bounds the stack.
    static let maximumNesting = 16

    let state: HubState
    let clock: any PushClock
    /// A Boolean value indicating whether the de-duplication gate is on.
    let deduplicates: Bool
    /// A Boolean value indicating whether the gate reads `SystemPushClock.coarseMonotonicInstant`: the clock is the
    /// system's, so nothing else needs the gate's instants to be on its exact clock.
    let gateUsesCoarseClock: Bool
    /// A Boolean value indicating whether taps taken by subscriptions are remembered (``PushCenter/recentlyTakenTaps``):
    /// only when parking is on — with parking off a tap nobody took would not have waited for a router either.
    let remembersTakenTaps: Bool
    /// The monitors (``PushCenter/monitor(_:_:)``): called after each post, outside the hub's lock.
    let monitors = ObserverRegistry<Monitor>()
    /// ``DeliveryContext/key``, read once: a post then finds its thread's context without the static's lazy check.
    private let contextKey = DeliveryContext.key

    init(configuration: PushCenter.Configuration) {
        state = HubState(PushCenterStateMachine(configuration: configuration))
        clock = configuration.clock
        deduplicates = configuration.deduplicationWindow > 0 && configuration.deduplicationCapacity > 0
        gateUsesCoarseClock = configuration.clock is SystemPushClock
        remembersTakenTaps = configuration.parkingCapacity > 0
    }

    // MARK: Posting

    func post(_ message: PushMessage) -> PostReceipt {
        let context = DeliveryContext.current(contextKey)
        let depth = context.pointee.depth
        if depth > 0, depth >= Self.maximumNesting || context.pointee.hasQueued {
            return queue(message, context: context)
        }
        let receipt = deliver(message, context: context)
        if depth == 0 { Self.drainQueued(context) }
        return receipt
    }

    /// Queues a post made too deep in nested handlers. Kept out of line: inlined, it made every post copy the
    /// whole message (752 bytes) to the stack up front, for this rare path.
    @inline(never)
    private func queue(_ message: PushMessage, context: UnsafeMutablePointer<DeliveryContext>) -> PostReceipt {
        context.pointee.enqueue(message, for: self)
        return .queued
    }

    /// Counts a message its caller knows to be a duplicate and shows it to the monitors, as the gate does with a
    /// repeat it recognizes. It fans out to nobody, so it is never queued.
    func postKnownDuplicate(_ message: PushMessage) -> PostReceipt {
        let context = DeliveryContext.current
        let receipt = deliver(message, context: context, isKnownDuplicate: true)
        if context.pointee.depth == 0 { Self.drainQueued(context) }
        return receipt
    }

    /// Delivers the posts queued past the nesting bound, in order (each may queue more).
    @inline(__always)
    static func drainQueued(_ context: UnsafeMutablePointer<DeliveryContext>) {
        guard context.pointee.hasQueued, !context.pointee.isDraining else { return }
        drainQueuedPosts(context)
    }

    @inline(never)
    private static func drainQueuedPosts(_ context: UnsafeMutablePointer<DeliveryContext>) {
        context.pointee.isDraining = true
        while let (storage, message) = context.pointee.dequeue() { _ = storage.deliver(message, context: context) }
        context.pointee.isDraining = false
    }

    /// One post: the gate, the fan-out, parking, the monitors.
    private func deliver(
        _ message: PushMessage, context: UnsafeMutablePointer<DeliveryContext>, isKnownDuplicate: Bool = false
    ) -> PostReceipt {
        // The correlation window runs on the monotonic clock: a wall-clock change never merges or splits reports.
        // The gate's instants are compared only with each other, and its windows are seconds long.
        let now =
            deduplicates && !isKnownDuplicate
            ? (gateUsesCoarseClock ? SystemPushClock.coarseMonotonicInstant : clock.monotonicInstant) : nil
        let owner = UInt(bitPattern: context)
        let action = state.withLock { $0.post(message, at: now, owner: owner, isKnownDuplicate: isKnownDuplicate) }
        let depth = context.pointee.depth
        context.pointee.depth = depth + 1
        defer { context.pointee.depth = depth }
        switch consume action {  // moves the snapshot out: no extra retain and release per post
        case .terminated:
            return .dropped
        case .duplicate(let notifiesMonitors):
            if notifiesMonitors { notifyMonitors(message, .duplicate) }
            return .duplicate
        case .deliver(let snapshot, let ticket):
            let receipt = fanOut(message, to: snapshot, ticket: ticket, context: context)
            if ticket.notifiesMonitors { notifyMonitors(message, receipt) }
            return receipt
        }
    }

    private func fanOut(
        _ message: PushMessage, to snapshot: [SubscriberList<MessageSubscriber>.Entry],
        ticket: PushCenterStateMachine.PostTicket, context: UnsafeMutablePointer<DeliveryContext>
    ) -> PostReceipt {
        let cancels = context.pointee.cancels
        let remembers = remembersTakenTaps && (message.kind == .remoteTapped || message.kind == .localTapped)
        var takers: [MessageSubscriber] = []
        var delivered = 0
        // Borrowed from the snapshot, which the post keeps alive: no retain and release of each subscriber.
        snapshot.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                // Safe: `snapshot` holds every subscriber strongly until the post ends, after this loop.
                unowned(unsafe) let subscriber = entries[index].subscriber
                switch entries[index].phase {
                case .live:
                    guard subscriber.acceptsAll || subscriber.filter.matches(message) else { continue }
                    // A handler on this thread cancelled something: make sure it was not this subscriber.
                    if context.pointee.cancels != cancels, isCancelled(subscriber) { continue }
                    // Borrowed as well: reading the handler would otherwise retain the subscriber around it.
                    Unmanaged.passUnretained(subscriber)._withUnsafeGuaranteedRef { $0.handler?(message) }
                case .replaying:
                    guard subscriber.acceptsAll || subscriber.filter.matches(message) else { continue }
                    guard deliverDuringReplay(message, to: subscriber) else { continue }
                case .cancelled:
                    continue
                }
                delivered += 1
                if remembers { takers.append(subscriber) }
            }
        }
        if delivered > 0 {
            // A branch rather than `finish` with no taps: passing the lists measurably slowed every post.
            if remembers {
                finish(ticket.ticket, delivered: delivered, taps: [message], takenBy: takers)
            } else {
                end(ticket.ticket, delivered: delivered)
            }
            return .delivered(delivered)
        }
        return park(message, ticket: ticket)
    }

    /// Parks a message nobody took; offers it to subscribers that arrived during the fan-out.
    private func park(_ message: PushMessage, ticket: PushCenterStateMachine.PostTicket) -> PostReceipt {
        let now = clock.uptime
        switch state.withLock({ $0.park(message, at: now, ticket: ticket) }) {
        case .parked(let wakeups):
            perform(wakeups)
            return .parked
        case .notKept(let wakeups):
            perform(wakeups)
            return .dropped
        case .offerToLate(let late, let sequence):
            var taker: MessageSubscriber?
            for subscriber in late where subscriber.acceptsAll || subscriber.filter.matches(message) {
                let claim = state.withLock { $0.claimLate(sequence, for: subscriber) }
                if claim == .cancelled { continue }
                if claim == .claimed, deliverDuringReplay(message, to: subscriber) { taker = subscriber }
                break
            }
            finish(ticket.ticket, delivered: taker == nil ? 0 : 1, taps: [message], takenBy: taker.map { [$0] } ?? [])
            return taker == nil ? .parked : .delivered(1)
        }
    }

    /// Ends a delivery, remembering the taps among `messages` that `takers` took.
    func finish(_ ticket: UInt64, delivered: Int, taps messages: [PushMessage], takenBy takers: [MessageSubscriber]) {
        guard remembersTakenTaps, !takers.isEmpty, !messages.isEmpty else {
            end(ticket, delivered: delivered)  // nothing to remember: every post that is not a tap
            return
        }
        let taps = messages.filter { $0.kind == .remoteTapped || $0.kind == .localTapped }
        let now = taps.isEmpty ? 0 : clock.uptime
        let described = taps.isEmpty ? [] : takers.map(\.taker)
        var forgotten = ForgottenTaps()
        perform(
            state.withLock {
                $0.finishDelivery(
                    ticket, delivered: delivered, taken: taps, by: described, at: now, forgotten: &forgotten)
            })
        withExtendedLifetime(forgotten) {}  // the taps the memory let go are released here, after the lock
    }

    /// Ends a delivery that remembers no tap.
    @inline(__always)
    func end(_ ticket: UInt64, delivered: Int) {
        perform(state.withLock { $0.finishDelivery(ticket, delivered: delivered) })
    }

    /// Delivers to a subscriber that was replaying when the snapshot was read: queued if it still is, direct if
    /// it went live meanwhile. Returns whether the handler got (or will get) the element.
    func deliverDuringReplay<Target: DeliveryTarget>(_ element: Target.Element, to subscriber: Target) -> Bool {
        let queued = state.withLock { $0.enqueueDuringReplay(element, for: subscriber) }
        if let queued { return queued }
        subscriber.receive(element)
        return true
    }

    /// Calls the monitors whose filter matches, on this thread; none whose `cancel()` has returned.
    private func notifyMonitors(_ message: PushMessage, _ receipt: PostReceipt) {
        monitors.forEach { monitor in
            if monitor.filter.acceptsAll || monitor.filter.matches(message) { monitor.observer(message, receipt) }
        }
    }

    /// Wakes `cancelAndWait()` callers and releases handlers, outside the lock.
    func perform(_ wakeups: Wakeups) {
        wakeups.forEach { completion in
            switch completion {
            case .signal(let semaphore): semaphore.signal()
            case .release(let subscriber): subscriber.releaseHandler()
            }
        }
    }

    /// A Boolean value indicating whether `subscriber` was cancelled (or the center is gone).
    func isCancelled<Target: DeliveryTarget>(_ subscriber: Target) -> Bool {
        state.withLock { $0.phase(of: subscriber) } == .cancelled
    }
}
