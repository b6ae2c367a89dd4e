internal import Foundation
import PushBusCategories
@_spi(PushBusInternals) internal import PushBusCore
import PushBusHub
import PushBusStorage

/// Everything one ``PushDelivery`` owns, behind one lock: the app's async handlers, presentation policy,
/// deadlines and clock, categories, deep-link extractor, diagnostics, the launch-options messages waiting for
/// their `didReceive`, and the memories of answered responses and background runs (`SeenDeliveries`).
///
/// It holds no reference to the center: the store of a center's shared delivery (``PushDelivery/shared(for:)``),
/// kept in ``shared`` while the center lives, never keeps the center alive. No method calls user code under the lock.
final class DeliveryStore: Sendable {
    /// The store of each live center's shared delivery (``PushDelivery/shared(for:)``).
    static let shared = InstanceValues<PushCenter, DeliveryStore>()

    typealias BackgroundHandler = @Sendable (PushMessage) async throws -> BackgroundFetchResult
    typealias ResponseHandler = @Sendable (PushMessage) async throws -> Void

    struct Registered<Handler: Sendable>: Sendable {
        let id: UInt64
        let filter: PushFilter
        let handler: Handler
    }

    struct State: Sendable {
        var nextID: UInt64 = 0
        var backgroundHandlers: [Registered<BackgroundHandler>] = []
        var responseHandlers: [Registered<ResponseHandler>] = []
        var policy: PresentationPolicy = .default
        var backgroundDeadline: TimeInterval = 25
        var responseDeadline: TimeInterval = 5
        var clock: (any PushClock)?
        var deepLinkExtractor: DeepLinkExtractor = .default
        var scopeReader: PushScopeReader?
        var categories: CategoryRegistry?
        var facts = DeliveryDiagnostics()
        /// Whether launch is over (the app became active, or the first response arrived): the delivery's own
        /// state, copied into the facts it hands out, never taken back from them.
        var isLaunchOver = false
        /// Bumped on every write of `facts`, so a caller's update can run outside the lock (compare and swap).
        var factsVersion: UInt64 = 0
        /// Launch-options messages held until launch is over or their `didReceive` arrives (`.userNotifications`).
        var pendingLaunch: [PushMessage] = []
        /// Deliveries a response (`didReceive`, scene connection, …) was seen for, whatever the action.
        var responded: SeenDeliveries
        /// Deliveries whose background handlers already ran.
        var backgroundRuns: SeenDeliveries
        /// The sequences of the content-extension answers this delivery posted (PushDelivery+ContentExtension).
        var deliveredAnswers: Set<UInt64> = []
        /// The shared delivery currently using this store, if any (see ``PushDelivery/shared(for:)``).
        weak var sharedDelivery: PushDelivery?
    }

    let ledger: DeliveryLedger
    /// Starts the app's async handlers, so ``PushDelivery/waitForHandlers()`` knows when they have ended.
    let handlerTasks = HandlerTasks()
    /// The ledger's last sequence when this delivery (this launch) started: records up to it were written by an
    /// earlier launch or another process.
    let startSequence: UInt64
    /// The messages opened or dismissed in the records up to ``startSequence``: a tap of any other message was not
    /// answered earlier, and is known so without reading the ledger.
    let answeredEarlier: Set<PushMessage.ID>
    let state: LockedState<State>

    /// - Parameters:
    ///   - ledger: The ledger the delivery is backed by.
    ///   - configuration: The center's configuration: its de-duplication window and capacity bound the memories.
    init(ledger: DeliveryLedger, configuration: PushCenter.Configuration) {
        self.ledger = ledger
        (answeredEarlier, startSequence) = ledger.answeredMessages()
        let seen = SeenDeliveries(
            correlationWindow: configuration.deduplicationWindow, capacity: configuration.deduplicationCapacity)
        state = LockedState(State(responded: seen, backgroundRuns: seen))
    }

    // MARK: Handlers

    func addBackgroundHandler(_ filter: PushFilter, _ handler: @escaping BackgroundHandler) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.backgroundHandlers.append(Registered(id: state.nextID, filter: filter, handler: handler))
            return state.nextID
        }
    }

    func addResponseHandler(_ filter: PushFilter, _ handler: @escaping ResponseHandler) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.responseHandlers.append(Registered(id: state.nextID, filter: filter, handler: handler))
            return state.nextID
        }
    }

    func removeHandler(_ id: UInt64) {
        let removed = state.withLock { state in
            let removed = (
                state.backgroundHandlers.filter { $0.id == id }, state.responseHandlers.filter { $0.id == id }
            )
            state.backgroundHandlers.removeAll { $0.id == id }
            state.responseHandlers.removeAll { $0.id == id }
            return removed
        }
        // Released after unlocking: a handler's captures may run deinit code.
        withExtendedLifetime(removed) {}
    }

    /// The response handlers whose filter matches `message` (filters run after unlocking).
    func responseHandlers(for message: PushMessage) -> [ResponseHandler] {
        let all = state.withLock { $0.responseHandlers }
        return all.filter { $0.filter.matches(message) }.map(\.handler)
    }

    /// The background handlers matching `message`, or `nil` if they already ran for this delivery (the same
    /// push reported by another path, or forwarded again by another SDK).
    func claimBackgroundRun(for message: PushMessage, now: Date) -> [BackgroundHandler]? {
        let all: [Registered<BackgroundHandler>]? = state.withLock { state in
            guard state.backgroundRuns.record(message.deduplicationKey, at: now) else { return nil }
            return state.backgroundHandlers
        }
        return all?.filter { $0.filter.matches(message) }.map(\.handler)
    }

    // MARK: Launch

    /// Holds a launch-options message until launch is over or its response arrives.
    ///
    /// - Returns: `true` if held; `false` if launch is already over, so the caller posts it now; `nil` if a
    ///   response for the same delivery was already seen, so the launch report is redundant.
    func holdLaunchMessage(_ message: PushMessage, now: Date) -> Bool? {
        state.withLock { state in
            if state.responded.contains(Self.responseReport(message), at: now) { return nil }
            if state.isLaunchOver { return false }
            state.pendingLaunch.append(message)
            return true
        }
    }

    /// Records a response: drops the held launch message of the same push and ends launch.
    ///
    /// - Returns: the other held launch messages, to post now as fallbacks.
    func noteResponse(_ message: PushMessage, now: Date) -> [PushMessage] {
        state.withLock { state in
            state.responded.record(Self.responseReport(message), at: now)
            state.pendingLaunch.removeAll { $0.id == message.id && $0.kind == message.kind }
            return Self.endLaunch(&state)
        }
    }

    /// Drops a held launch message whose push the fetch callback reported as an arrival: the app was launched
    /// into the background for it, nobody tapped.
    func dropHeldLaunch(for id: PushMessage.ID) {
        state.withLock { state in state.pendingLaunch.removeAll { $0.id == id } }
    }

    /// Ends launch: returns the held launch messages, which no `didReceive` claimed, to post as fallbacks.
    func endLaunch() -> [PushMessage] {
        state.withLock { Self.endLaunch(&$0) }
    }

    private static func endLaunch(_ state: inout State) -> [PushMessage] {
        if !state.isLaunchOver {
            state.isLaunchOver = true
            state.factsVersion &+= 1
        }
        defer { state.pendingLaunch = [] }
        return state.pendingLaunch
    }

    /// A response's report whatever its action: a launch-options `.open` and the `didReceive` carrying the
    /// action the user really chose are one tap.
    private static func responseReport(_ message: PushMessage) -> PushMessage.DeduplicationKey {
        var report = message.deduplicationKey
        report.action = nil
        return report
    }

    // MARK: Diagnostics

    /// Applies `update` to the diagnostics without running it under the lock: copy out, update, write back if
    /// nobody wrote meanwhile, else retry with the newer facts.
    func updateFacts(_ update: (inout DeliveryDiagnostics) -> Void) {
        while true {
            let (facts, version) = state.withLock { state in
                var facts = state.facts
                facts.isLaunchOver = state.isLaunchOver
                return (facts, state.factsVersion)
            }
            var updated = facts
            update(&updated)
            let isWritten = state.withLock { state -> Bool in
                guard state.factsVersion == version else { return false }
                state.facts = updated
                state.factsVersion &+= 1
                return true
            }
            if isWritten { return }
        }
    }
}
