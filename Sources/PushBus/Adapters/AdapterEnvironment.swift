import Foundation

/// The state both adapters of one ``PushCenter`` share: app-registered async handlers, presentation policy,
/// completion deadlines and clock, the launch-options payload waiting for its `didReceive`, and the facts
/// ``DeliveryDiagnostics`` reports.
///
/// The `UserNotificationAdapter` and the `AppDelegateAdapter` are created independently with the same
/// center; they meet here (`center.adapters`).
package final class AdapterEnvironment: Sendable {
    package typealias BackgroundHandler = @Sendable (PushMessage) async throws -> BackgroundFetchResult
    package typealias ResponseHandler = @Sendable (PushMessage) async throws -> Void

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
        /// Launch-options messages held until launch is over or their `didReceive` arrives (`.userNotifications` mode).
        var pendingLaunch: [PushMessage] = []
        var isLaunchOver = false
        /// Ids of messages a response (`didReceive`, scene connection) was seen for, newest last.
        var respondedIDs: [PushMessage.ID] = []
        /// Ids whose background handlers already ran, with when, so a re-report does not run them again.
        var backgroundRuns: [(id: PushMessage.ID, at: Date)] = []
        var facts = DeliveryDiagnostics()
        var categories: CategoryRegistry?
    }

    /// How many response ids and background runs are remembered.
    static let memory = 64

    let state = LockedState(State())

    package init() {}

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
        state.withLock { state in
            state.backgroundHandlers.removeAll { $0.id == id }
            state.responseHandlers.removeAll { $0.id == id }
        }
    }

    func responseHandlers(for message: PushMessage) -> [ResponseHandler] {
        let all = state.withLock { $0.responseHandlers }
        return all.filter { $0.filter.matches(message) }.map(\.handler)
    }

    /// The background handlers matching `message`, or `nil` if they already ran for its id within the center's
    /// de-duplication window (the same push reported by another path, or forwarded again by another SDK).
    func claimBackgroundRun(for message: PushMessage, now: Date, window: TimeInterval) -> [BackgroundHandler]? {
        let all: [Registered<BackgroundHandler>]? = state.withLock { state in
            state.backgroundRuns.removeAll { now.timeIntervalSince($0.at) > window }
            if state.backgroundRuns.contains(where: { $0.id == message.id }) { return nil }
            state.backgroundRuns.append((message.id, now))
            if state.backgroundRuns.count > Self.memory { state.backgroundRuns.removeFirst() }
            return state.backgroundHandlers
        }
        return all?.filter { $0.filter.matches(message) }.map(\.handler)
    }

    // MARK: Launch

    /// Holds a launch-options message until launch is over or its response arrives.
    ///
    /// - Returns: `true` if held; `false` if launch is already over, so the caller posts it now; `nil` if a
    ///   response for the same message was already seen, so the launch report is redundant.
    func holdLaunchMessage(_ message: PushMessage) -> Bool? {
        state.withLock { state in
            if state.respondedIDs.contains(message.id) { return nil }
            if state.isLaunchOver { return false }
            state.pendingLaunch.append(message)
            return true
        }
    }

    /// Records a response for `id`: drops the held launch message with that id and ends launch.
    ///
    /// - Returns: the other held launch messages, to post now as fallbacks.
    func noteResponse(for id: PushMessage.ID) -> [PushMessage] {
        state.withLock { state in
            state.respondedIDs.append(id)
            if state.respondedIDs.count > Self.memory { state.respondedIDs.removeFirst() }
            state.pendingLaunch.removeAll { $0.id == id }
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
        state.isLaunchOver = true
        state.facts.isLaunchOver = true
        defer { state.pendingLaunch = [] }
        return state.pendingLaunch
    }

    // MARK: Settings

    var policy: PresentationPolicy {
        get { state.withLock { $0.policy } }
        set { state.withLock { $0.policy = newValue } }
    }

    var categories: CategoryRegistry? {
        get { state.withLock { $0.categories } }
        set { state.withLock { $0.categories = newValue } }
    }

    func clock(default fallback: any PushClock) -> any PushClock {
        state.withLock { $0.clock } ?? fallback
    }

    func updateFacts(_ body: (inout DeliveryDiagnostics) -> Void) {
        state.withLock { body(&$0.facts) }
    }

    var facts: DeliveryDiagnostics { state.withLock { $0.facts } }
}
