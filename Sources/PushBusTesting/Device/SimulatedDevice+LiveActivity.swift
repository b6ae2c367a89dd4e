public import Foundation
@_spi(PushBusInternals) public import PushBusCore
public import PushBusLiveActivity
import PushBusValidation

/// ActivityKit on the simulated device: Live Activities started by the app or by push-to-start, token issue and
/// rotation, updates and ends by `liveactivity` pushes, while the app runs or not.
///
/// What iOS keeps (the activities, their tokens, the push-to-start tokens) survives ``terminate(byUser:)``; the
/// app hears about it the way `LiveActivityObserver` does: at once while it runs, and at its next launch
/// otherwise (ActivityKit's sequences yield the current tokens to a new observer). Every event the app's
/// `PushCenter/liveActivities` accepts is a timeline line (`◇ …`).
///
/// ```swift
/// device.liveActivities.observe("DeliveryAttributes")  // the app observes push-to-start tokens
/// device.terminate()
/// let id = try device.liveActivities.receive(startPayload)  // a push-to-start while the app is killed
/// device.launch()  // the app learns the new activity's token
/// try device.liveActivities.receive(updatePayload, activity: id)
/// ```
extension SimulatedDevice {
    /// A Live Activity as iOS holds it.
    public struct SimulatedLiveActivity: Sendable, Hashable {
        /// `Activity.id` and the attributes type.
        public var identity: LiveActivityIdentity
        /// The current update token.
        public var token: PushToken
        /// `pending` (scheduled, iOS 26), `active`, `ended` or `dismissed`.
        public var state: State
        /// The latest `content-state`.
        public var contentState: PushValue
        /// How many `update` pushes it applied.
        public var updateCount: Int
        /// Whether it was started by a push-to-start push (otherwise by the app).
        public var startedByPush: Bool
        /// The broadcast channel it listens to (`pushType: .channel(id)`, iOS 18); ActivityKit then gives it no
        /// update token the app sees.
        public var channelID: String? = nil

        /// When a scheduled activity starts (`request(…, start:)`, iOS 26); `nil` for one started at once.
        public var startDate: Date? = nil

        /// The ActivityKit life-cycle states the simulator models (`ActivityState`; `pending` is iOS 26's
        /// scheduled activity that has not started).
        public enum State: String, Sendable, Hashable { case pending, active, ended, dismissed }
    }

    /// The Live Activities iOS holds now (dismissed ones are gone), in start order.
    var liveActivityList: [SimulatedLiveActivity] { activityKit.state.withLock { $0.activities } }

    /// The push-to-start token iOS issued for `attributesType`, if the app observes that type.
    func pushToStartToken(for attributesType: String) -> PushToken? {
        activityKit.state.withLock { $0.pushToStart[attributesType] }
    }

    /// The app observes `Activity<A>.pushToStartTokenUpdates` for `attributesType` (iOS 17.2+): iOS issues a
    /// push-to-start token, reported to the app now if it runs, else at its next launch.
    @discardableResult
    func observeLiveActivities(_ attributesType: String) -> PushToken {
        let token = activityKit.state.withLock { state -> PushToken in
            if let token = state.pushToStart[attributesType] { return token }
            let token = state.makeToken(kind: 0xa1)
            state.pushToStart[attributesType] = token
            state.pushToStartOrder.append(attributesType)
            return token
        }
        note("ActivityKit issues push-to-start token \(token) for \(attributesType)")
        whileRunning { $0.pushToStartTokenReceived(token.data, attributesType: attributesType) }
        return token
    }

    /// The app starts a Live Activity (`Activity.request(…, pushType: .token)`, or `.channel(channel)` on
    /// iOS 18); it must be in the foreground. With a channel, the app records the channel id in its token
    /// registry (``reportTokens(in:)``), as ActivityKit does not report it.
    ///
    /// - Returns: The activity's id.
    /// - Throws: ``LiveActivitySimulationError/appNotInForeground`` otherwise.
    @discardableResult
    func startLiveActivity(
        _ attributesType: String, id: String? = nil, contentState: PushValue = [:], channel: String? = nil
    ) throws -> String {
        guard state.isForeground else { throw LiveActivitySimulationError.appNotInForeground }
        let activity = activityKit.state.withLock { state in
            var activity = state.begin(attributesType, id: id, contentState: contentState, byPush: false)
            if let channel {
                activity.channelID = channel
                state.activities[state.activities.count - 1] = activity
            }
            return activity
        }
        if let channel {
            note("the app starts Live Activity \(activity.identity) on broadcast channel \(channel)")
            whileRunning {
                $0.observed(activity)
                // What LiveActivityObserver.request(attributes:content:channel:) posts: ActivityKit does not report
                // an activity's channel, so the app says which one it asked for.
                $0.channelSubscribed(
                    channel, activityID: activity.identity.id, attributesType: activity.identity.attributesType)
            }
        } else {
            note("the app starts Live Activity \(activity.identity) with update token \(activity.token)")
            whileRunning { $0.observed(activity) }
        }
        return activity.identity.id
    }

    /// A `liveactivity` push arrives from APNs. `start` goes to the push-to-start token of its
    /// `attributes-type`; `update` and `end` go to `activity`'s update token.
    ///
    /// - Parameters:
    ///   - payload: The APNs payload; it must pass `PayloadValidator` for `PushType/liveActivity`.
    ///   - activity: The activity an update or end is sent to (its token); ignored for a start.
    ///   - id: The new activity's id, for a start (default `activity-1`, `activity-2`, …).
    /// - Returns: The activity's id.
    /// - Throws: ``LiveActivitySimulationError``: the payload is invalid, no push-to-start token exists for
    ///   the type, or the activity is unknown (APNs would reject the push or the device drop it).
    @discardableResult
    func receive(liveActivity payload: PushValue, activity: String? = nil, id: String? = nil) throws -> String {
        let errors = PayloadValidator.validate(payload, pushType: .liveActivity).filter { $0.severity == .error }
        guard errors.isEmpty else {
            throw LiveActivitySimulationError.invalidPayload(errors.map(\.description).joined(separator: "; "))
        }
        let aps = payload.objectValue?["aps"]?.objectValue ?? [:]
        let contentState = aps["content-state"] ?? [:]
        switch aps["event"]?.stringValue {
        case "start":
            let type = aps["attributes-type"]?.stringValue ?? ""
            let activity = try activityKit.state.withLock { state -> SimulatedLiveActivity in
                guard state.pushToStart[type] != nil else { throw LiveActivitySimulationError.noPushToStartToken(type) }
                var activity = state.begin(type, id: id, contentState: contentState, byPush: true)
                if let channel = aps[APSKeys.inputPushChannel]?.stringValue {
                    // "input-push-channel": the new activity subscribes to the channel and gets no update token.
                    activity.channelID = channel
                    state.activities[state.activities.count - 1] = activity
                }
                return activity
            }
            if let channel = activity.channelID {
                note("push-to-start: iOS starts Live Activity \(activity.identity) on broadcast channel \(channel)")
            } else {
                note("push-to-start: iOS starts Live Activity \(activity.identity), update token \(activity.token)")
            }
            if state == .notRunning {
                note("the app is not running: its observer gets the update token at the next launch")
            }
            whileRunning { $0.observed(activity) }
            return activity.identity.id
        case "update":
            let target = try activityKit.state.withLock { state -> SimulatedLiveActivity in
                let index = try state.activeIndex(activity)
                state.activities[index].contentState = contentState
                state.activities[index].updateCount += 1
                return state.activities[index]
            }
            note("Live Activity \(target.identity) updated (\(target.updateCount)): \(contentState.jsonString())")
            return target.identity.id
        default:
            let ended = try activityKit.state.withLock { state -> SimulatedLiveActivity in
                let index = try state.activeIndex(activity)
                state.activities[index].state = .ended
                if let final = aps["content-state"] { state.activities[index].contentState = final }
                return state.activities[index]
            }
            note("Live Activity \(ended.identity) ended by push; token \(ended.token) no longer works")
            whileRunning {
                $0.activityStatusChanged(
                    id: ended.identity.id, attributesType: ended.identity.attributesType, to: .ended)
            }
            return ended.identity.id
        }
    }

    /// iOS rotates the update token of `activity`.
    ///
    /// - Returns: The new token.
    @discardableResult
    func rotateLiveActivityToken(_ activity: String) throws -> PushToken {
        let updated = try activityKit.state.withLock { state -> SimulatedLiveActivity in
            let index = try state.activeIndex(activity)
            state.activities[index].token = state.makeToken(kind: 0xb2)
            return state.activities[index]
        }
        note("ActivityKit rotates the update token of \(updated.identity) to \(updated.token)")
        guard !tokenUpdatesSilent(noting: "pushTokenUpdates") else { return updated.token }
        whileRunning {
            $0.pushTokenReceived(
                updated.token.data, activityID: updated.identity.id, attributesType: updated.identity.attributesType)
        }
        return updated.token
    }

    /// iOS rotates the push-to-start token of `attributesType`.
    @discardableResult
    func rotatePushToStartToken(_ attributesType: String) throws -> PushToken {
        let token = try activityKit.state.withLock { state -> PushToken in
            guard state.pushToStart[attributesType] != nil else {
                throw LiveActivitySimulationError.noPushToStartToken(attributesType)
            }
            let token = state.makeToken(kind: 0xa1)
            state.pushToStart[attributesType] = token
            return token
        }
        note("ActivityKit rotates the push-to-start token of \(attributesType) to \(token)")
        guard !tokenUpdatesSilent(noting: "pushToStartTokenUpdates") else { return token }
        whileRunning { $0.pushToStartTokenReceived(token.data, attributesType: attributesType) }
        return token
    }

    /// The person removes `activity` from the Lock Screen (`ActivityState.dismissed`).
    func dismissLiveActivity(_ activity: String) throws {
        let dismissed = try activityKit.state.withLock { state -> SimulatedLiveActivity in
            guard let index = state.activities.firstIndex(where: { $0.identity.id == activity }) else {
                throw LiveActivitySimulationError.unknownActivity(activity)
            }
            return state.activities.remove(at: index)
        }
        note("the user dismisses Live Activity \(dismissed.identity)")
        whileRunning {
            $0.activityStatusChanged(
                id: dismissed.identity.id, attributesType: dismissed.identity.attributesType, to: .dismissed)
        }
    }

    /// Uses `directory` for the app's `LiveActivityTokenStore`: at each launch the simulated app calls
    /// `LiveActivityTokens/reconcile(with:)` and the timeline shows what its server must register and retract.
    func persistLiveActivityTokens(in directory: URL) {
        activityKit.state.withLock { $0.storeDirectory = directory }
    }

    /// The reconciliations the simulated app made at its launches, oldest first.
    var liveActivityReconciliations: [LiveActivityReconciliation] {
        activityKit.state.withLock { $0.reconciliations }
    }

    /// The token events the app's `PushCenter/liveActivities` accepted, in order.
    var liveActivityEvents: [LiveActivityEvent] { activityKit.state.withLock { $0.reported } }

    // MARK: The app's side

    /// Runs `report` against the app's `LiveActivityAdapter` (what its `LiveActivityObserver` does) if the app
    /// runs; otherwise ActivityKit keeps the news for the next launch.
    func whileRunning(_ report: (LiveActivityAdapter) -> Void) {
        guard state != .notRunning else { return }
        report(LiveActivityAdapter(tokens: center.liveActivities))
    }

    /// The app launched: its observer reads what ActivityKit holds now, then it reconciles with its store.
    func liveActivitiesAppLaunched() {
        let liveActivities = center.liveActivities
        liveActivities.forgetProcessState()  // a new process: the app's observer starts from nothing
        // The recording subscription of this process: every event the app's center accepts is a timeline line.
        let recording = liveActivities.subscribe { [weak self] event in
            guard let self else { return }
            activityKit.state.withLock { $0.reported.append(event) }
            note("◇ app: \(event)")
        }
        let (types, activities, directory, previous) = activityKit.state.withLock { state in
            defer { state.recording = recording }
            return (
                state.pushToStartOrder.compactMap { type in state.pushToStart[type].map { (type, $0) } },
                state.activities, state.storeDirectory, state.recording
            )
        }
        previous?.cancel()  // the previous process's recording ends here, outside the lock
        let adapter = LiveActivityAdapter(tokens: center.liveActivities)
        for (type, token) in types { adapter.pushToStartTokenReceived(token.data, attributesType: type) }
        for activity in activities { adapter.observed(activity) }
        guard let directory else { return }
        do {
            let changes = try liveActivities.reconcile(with: LiveActivityTokenStore(directory: directory))
            activityKit.state.withLock { $0.reconciliations.append(changes) }
            note("◇ app reconciles Live Activity tokens: \(changes)")
        } catch {
            note("◇ app cannot reconcile Live Activity tokens: \(error)")
        }
    }
}

extension LiveActivityAdapter {
    /// What the observer reports for an activity in `Activity<A>.activities` / `activityUpdates`.
    func observed(_ activity: SimulatedDevice.SimulatedLiveActivity) {
        let status: Status
        switch activity.state {
        case .pending: status = .pending
        case .active: status = .active
        case .ended: status = .ended
        case .dismissed: status = .dismissed
        }
        // A channel activity has no update token; a scheduled one gets its token when it starts.
        let hasToken = activity.channelID == nil && activity.state != .pending
        activityObserved(
            id: activity.identity.id, attributesType: activity.identity.attributesType,
            pushToken: hasToken ? activity.token.data : nil, status: status)
    }
}

extension LiveActivityEvent {
    /// The short form scenario expectations use: `pushToStartToken DeliveryAttributes`, `started order-17`,
    /// `scheduled order-17`, `channel match-9 dHN1L3Rlc3Q=`, `updateToken order-17`, `ended order-17`.
    public var scenarioName: String {
        switch self {
        case .pushToStartToken(_, let type): return "pushToStartToken \(type)"
        case .started(let activity): return "started \(activity.id)"
        case .scheduled(let activity): return "scheduled \(activity.id)"
        case .channelSubscription(let channel, let activity): return "channel \(activity.id) \(channel)"
        case .updateToken(_, let activity): return "updateToken \(activity.id)"
        case .ended(let activity, _, _): return "ended \(activity.id)"
        }
    }
}

/// Why the simulated ActivityKit refused an operation.
public enum LiveActivitySimulationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An app can start a Live Activity only in the foreground.
    case appNotInForeground
    /// APNs would reject the payload.
    case invalidPayload(String)
    /// No push-to-start token exists for the attributes type (the app never observed it).
    case noPushToStartToken(String)
    /// No running Live Activity has this id (never started, ended or dismissed).
    case unknownActivity(String)

    public var description: String {
        switch self {
        case .appNotInForeground: return "an app can start a Live Activity only in the foreground"
        case .invalidPayload(let reason): return "APNs rejects the Live Activity payload: \(reason)"
        case .noPushToStartToken(let type): return "no push-to-start token for \(type): the app never observed it"
        case .unknownActivity(let id): return "no running Live Activity '\(id)'"
        }
    }
}

/// What iOS's ActivityKit holds for the simulated app; survives the app's process.
final class SimulatedActivityKit: Sendable {
    struct State: Sendable {
        var pushToStart: [String: PushToken] = [:]
        var pushToStartOrder: [String] = []
        var activities: [SimulatedDevice.SimulatedLiveActivity] = []
        var nextToken: UInt64 = 0
        var nextActivity = 0
        var storeDirectory: URL?
        /// Whether the device made `storeDirectory` (removed with the device).
        var ownsStoreDirectory = false
        var reconciliations: [LiveActivityReconciliation] = []
        var reported: [LiveActivityEvent] = []
        /// The current process's recording subscription to `center.liveActivities`.
        var recording: PushCancellable?
        /// Whether `pushToStartTokenUpdates` and `pushTokenUpdates` yield nothing (``SimulatedDevice/LiveActivities/
        /// silenceTokenUpdates()``): a rotation reaches the app only through its synchronous reads.
        var silentTokenUpdates = false
        /// The clock actions that start scheduled activities, by activity id.
        var scheduledStarts: [String: ScheduledAction] = [:]

        /// A deterministic token: a kind byte and a counter, 32 bytes like real ones.
        mutating func makeToken(kind: UInt8) -> PushToken {
            nextToken += 1
            var bytes = [UInt8](repeating: 0, count: 32)
            bytes[0] = kind
            withUnsafeBytes(of: nextToken.bigEndian) { bytes.replaceSubrange(24..<32, with: $0) }
            return PushToken(Data(bytes))
        }

        mutating func begin(
            _ type: String, id: String?, contentState: PushValue, byPush: Bool
        ) -> SimulatedDevice.SimulatedLiveActivity {
            nextActivity += 1
            let activity = SimulatedDevice.SimulatedLiveActivity(
                identity: LiveActivityIdentity(id: id ?? "activity-\(nextActivity)", attributesType: type),
                token: makeToken(kind: 0xb2), state: .active, contentState: contentState, updateCount: 0,
                startedByPush: byPush)
            activities.append(activity)
            return activity
        }

        /// The index of the running activity `id` (the only one when `id` is `nil`). A `pending` activity takes no
        /// push: ActivityKit has not started it.
        func activeIndex(_ id: String?) throws -> Int {
            let candidates = activities.indices.filter { activities[$0].state == .active }
            if let id {
                guard let index = candidates.first(where: { activities[$0].identity.id == id }) else {
                    throw LiveActivitySimulationError.unknownActivity(id)
                }
                return index
            }
            guard candidates.count == 1, let index = candidates.first else {
                throw LiveActivitySimulationError.unknownActivity("(name the activity: \(candidates.count) running)")
            }
            return index
        }
    }

    let state = LockedState(State())

    deinit {
        let owned = state.withLock { $0.ownsStoreDirectory ? $0.storeDirectory : nil }
        if let owned { try? FileManager.default.removeItem(at: owned) }
    }
}
