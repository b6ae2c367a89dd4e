import Foundation

/// The hub every ``PushMessage`` goes through: de-duplication, fan-out to subscriptions, parking for cold starts.
///
/// ```swift
/// let subscription = PushCenter.shared.subscribe(.tapped) { message in print(message.kind) }
/// for await message in PushCenter.shared.messages(.silent) { … }
/// ```
public final class PushCenter: Sendable {
    /// Limits for parking and de-duplication.
    public struct Configuration: Sendable {
        /// How many unmatched messages wait for a subscriber; the oldest is dropped beyond this.
        public var parkingCapacity: Int
        /// How long an unmatched message waits, in seconds.
        public var parkingMaximumAge: TimeInterval
        /// How long a delivery's key is remembered, in seconds.
        public var deduplicationWindow: TimeInterval
        /// How many keys are remembered at most.
        public var deduplicationCapacity: Int
        /// The clock for ages and windows. Tests pass a manual one.
        public var clock: any PushClock

        public init(
            parkingCapacity: Int = 32, parkingMaximumAge: TimeInterval = 600,
            deduplicationWindow: TimeInterval = 120, deduplicationCapacity: Int = 256,
            clock: any PushClock = SystemClock()
        ) {
            self.parkingCapacity = parkingCapacity
            self.parkingMaximumAge = parkingMaximumAge
            self.deduplicationWindow = deduplicationWindow
            self.deduplicationCapacity = deduplicationCapacity
            self.clock = clock
        }
    }

    /// The process-wide center the Apple glue uses unless told otherwise.
    public static let shared = PushCenter()

    public let configuration: Configuration

    /// State the delivery adapters of this center share (handlers, policy, deadlines, held launch payloads).
    package let adapters = AdapterEnvironment()

    struct Entry: Sendable {
        let id: UInt64
        let filter: PushFilter
        let handler: @Sendable (PushMessage) -> Void
    }

    struct State: Sendable {
        var nextID: UInt64 = 0
        var entries: [Entry] = []
        var parked: [(message: PushMessage, at: Date)] = []
        var seen: [(key: PushMessage.DeduplicationKey, at: Date)] = []
        var latestRegistration: RegistrationEvent?
        var registrationHandlers: [UInt64: @Sendable (RegistrationEvent) -> Void] = [:]
        var monitors: [UInt64: @Sendable (PushMessage, PostReceipt) -> Void] = [:]
    }

    let state = LockedState(State())

    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
    }

    /// Posts a message to every matching subscription, synchronously on this thread, in subscription order.
    @discardableResult
    public func post(_ message: PushMessage) -> PostReceipt {
        let now = configuration.clock.now
        let key = message.deduplicationKey
        let window = configuration.deduplicationWindow
        let targets: [Entry]? = state.withLock { state in
            state.seen.removeAll { now.timeIntervalSince($0.at) > window }
            if state.seen.contains(where: { $0.key == key }) { return nil }
            state.seen.append((key, now))
            if state.seen.count > configuration.deduplicationCapacity { state.seen.removeFirst() }
            let targets = state.entries.filter { $0.filter.matches(message) }
            if targets.isEmpty {
                state.parked.append((message, now))
                if state.parked.count > configuration.parkingCapacity { state.parked.removeFirst() }
            }
            return targets
        }
        let receipt: PostReceipt
        if let targets {
            for entry in targets { entry.handler(message) }
            receipt = targets.isEmpty ? .parked : .delivered(targets.count)
        } else {
            receipt = .duplicate
        }
        let monitors = state.withLock { Array($0.monitors.values) }
        for monitor in monitors { monitor(message, receipt) }
        return receipt
    }

    /// Watches every post and its outcome without being a subscription: a monitor never receives replays,
    /// never counts as a match, and so never stops a message from being parked. For diagnostics, recorders
    /// (`SimulatedDevice`) and logging. Called on the posting thread after the fan-out.
    public func monitor(_ observer: @escaping @Sendable (PushMessage, PostReceipt) -> Void) -> PushSubscription {
        let id = state.withLock { state in
            state.nextID += 1
            state.monitors[state.nextID] = observer
            return state.nextID
        }
        return PushSubscription { [weak self] in
            self?.state.withLock { state in _ = state.monitors.removeValue(forKey: id) }
        }
    }

    /// Subscribes a closure, called on the posting thread.
    public func subscribe(
        _ filter: PushFilter = .all, replay: ReplayPolicy = .parked,
        _ handler: @escaping @Sendable (PushMessage) -> Void
    ) -> PushSubscription {
        let now = configuration.clock.now
        let maxAge = configuration.parkingMaximumAge
        let (id, replayed): (UInt64, [PushMessage]) = state.withLock { state in
            state.nextID += 1
            state.entries.append(Entry(id: state.nextID, filter: filter, handler: handler))
            state.parked.removeAll { now.timeIntervalSince($0.at) > maxAge }
            guard replay == .parked else { return (state.nextID, []) }
            return (state.nextID, state.parked.map(\.message).filter(filter.matches))
        }
        for message in replayed { handler(message) }
        return PushSubscription { [weak self] in
            self?.state.withLock { state in state.entries.removeAll { $0.id == id } }
        }
    }

    /// The messages as an `AsyncSequence`, ending when the consuming task is cancelled.
    public func messages(_ filter: PushFilter = .all, replay: ReplayPolicy = .parked) -> PushMessages {
        PushMessages(center: self, filter: filter, replay: replay)
    }

    /// The parked messages, oldest first.
    public var parkedMessages: [PushMessage] { state.withLock { $0.parked.map(\.message) } }

    /// Drops every parked message.
    public func clearParked() { state.withLock { $0.parked.removeAll() } }

    /// Posts a registration outcome; the latest one is replayed to later registration subscribers.
    public func post(registration event: RegistrationEvent) {
        let handlers = state.withLock { state in
            state.latestRegistration = event
            return Array(state.registrationHandlers.values)
        }
        for handler in handlers { handler(event) }
    }

    /// Subscribes to registration outcomes; the latest one, if any, is delivered first.
    public func subscribeRegistration(
        _ handler: @escaping @Sendable (RegistrationEvent) -> Void
    ) -> PushSubscription {
        let (id, latest) = state.withLock { state in
            state.nextID += 1
            state.registrationHandlers[state.nextID] = handler
            return (state.nextID, state.latestRegistration)
        }
        if let latest { handler(latest) }
        return PushSubscription { [weak self] in
            self?.state.withLock { state in _ = state.registrationHandlers.removeValue(forKey: id) }
        }
    }

    /// The latest device token registered, if any.
    public var deviceToken: DeviceToken? {
        state.withLock { state in
            if case .registered(let token)? = state.latestRegistration { return token }
            return nil
        }
    }
}

/// An `AsyncSequence` of the messages a ``PushCenter`` delivers.
public struct PushMessages: AsyncSequence, Sendable {
    public typealias Element = PushMessage
    let center: PushCenter
    let filter: PushFilter
    let replay: ReplayPolicy

    public func makeAsyncIterator() -> AsyncStream<PushMessage>.Iterator {
        let (stream, continuation) = AsyncStream<PushMessage>.makeStream()
        let subscription = center.subscribe(filter, replay: replay) { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream.makeAsyncIterator()
    }
}
