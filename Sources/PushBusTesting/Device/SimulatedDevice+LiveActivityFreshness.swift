internal import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusLiveActivity
import PushBusValidation

/// What iOS 17.2–26 added around Live Activity tokens, on the simulated device: update streams that stay silent
/// (the app must read the synchronous tokens at each foreground), broadcast channels (iOS 18) and scheduled
/// activities (iOS 26, on the device's manual clock).
extension SimulatedDevice {
    /// ActivityKit's token update streams (`Activity<A>.pushToStartTokenUpdates`, `activity.pushTokenUpdates`)
    /// yield nothing from now on, as reported on devices for whole launches: a rotation reaches the app only when it
    /// reads `Activity<A>.pushToStartToken` and each activity's `pushToken` (at launch and at each foreground).
    func silenceLiveActivityTokenUpdates() {
        activityKit.state.withLock { $0.silentTokenUpdates = true }
        note("ActivityKit's token update streams go silent: rotations are not yielded to the app")
    }

    /// Whether a rotation must not be yielded; notes it when so.
    func tokenUpdatesSilent(noting stream: String) -> Bool {
        guard activityKit.state.withLock({ $0.silentTokenUpdates }) else { return false }
        note("\(stream) stays silent: the app is not told")
        return true
    }

    /// The app came to the foreground: `LiveActivityObserver` reads the synchronous tokens (the push-to-start token
    /// of each observed type, each activity's `pushToken` and state) and posts them; only what changed is
    /// delivered, and an activity that ended is never reported again.
    func liveActivitiesAppForegrounded() {
        guard state != .notRunning else { return }
        let (types, activities) = activityKit.state.withLock { state in
            (state.pushToStartOrder.compactMap { type in state.pushToStart[type].map { (type, $0) } }, state.activities)
        }
        let before = liveActivityEvents.count
        let adapter = LiveActivityAdapter(tokens: center.liveActivities)
        for (type, token) in types { adapter.pushToStartTokenReceived(token.data, attributesType: type) }
        for activity in activities { adapter.observed(activity) }
        let changed = liveActivityEvents.count - before
        if changed > 0 { note("◇ app re-reads ActivityKit's tokens at foreground: \(changed) change(s)") }
    }

    /// A broadcast push arrives on `channel` (iOS 18, `POST /4/broadcasts/apps/<bundle id>`, `apns-channel-id`):
    /// APNs hands its `update` or `end` to every activity subscribed to the channel, whether the app runs or not.
    ///
    /// - Returns: The ids of the activities it reached, in start order.
    /// - Throws: ``LiveActivitySimulationError/invalidPayload(_:)`` when `PayloadValidator.validateBroadcast`
    ///   finds an error (a start, `input-push-token`, a bad channel id).
    @discardableResult
    func broadcast(liveActivity payload: PushValue, channel: String) throws -> [String] {
        let headers = PayloadValidator.BroadcastHeaders(channelID: channel)
        let errors = PayloadValidator.validateBroadcast(payload.jsonData(), headers: headers)
            .filter { $0.severity == .error }
        guard errors.isEmpty else {
            throw LiveActivitySimulationError.invalidPayload(errors.map(\.description).joined(separator: "; "))
        }
        let aps = payload.objectValue?["aps"]?.objectValue ?? [:]
        let isEnd = aps["event"]?.stringValue == "end"
        let reached = activityKit.state.withLock { state -> [SimulatedLiveActivity] in
            var reached: [SimulatedLiveActivity] = []
            for index in state.activities.indices
            where state.activities[index].state == .active && state.activities[index].channelID == channel {
                if let content = aps["content-state"] { state.activities[index].contentState = content }
                if isEnd {
                    state.activities[index].state = .ended
                } else {
                    state.activities[index].updateCount += 1
                }
                reached.append(state.activities[index])
            }
            return reached
        }
        note("broadcast on channel \(channel) (\(isEnd ? "end" : "update")) reaches \(reached.count) Live Activities")
        for activity in reached {
            if isEnd {
                note("Live Activity \(activity.identity) ended by the broadcast")
                whileRunning {
                    $0.activityStatusChanged(
                        id: activity.identity.id, attributesType: activity.identity.attributesType, to: .ended)
                }
            } else {
                note("Live Activity \(activity.identity) updated (\(activity.updateCount)) by the broadcast")
            }
        }
        return reached.map(\.identity.id)
    }

    /// The app schedules a Live Activity (iOS 26: `Activity.request(attributes:content:pushType:style:
    /// alertConfiguration:start:)`); it must be in the foreground. The activity is listed as `pending` until the
    /// device's clock reaches `start`, then it starts (its alert shows, ActivityKit issues its update token); the
    /// app hears of each state as `LiveActivityObserver` does.
    ///
    /// - Returns: The activity's id.
    /// - Throws: ``LiveActivitySimulationError/appNotInForeground`` otherwise.
    @discardableResult
    func scheduleLiveActivity(
        _ attributesType: String, id: String? = nil, contentState: PushValue = [:], startingIn delay: TimeInterval
    ) throws -> String {
        guard state.isForeground else { throw LiveActivitySimulationError.appNotInForeground }
        let start = clock.now.addingTimeInterval(max(0, delay))
        let activity = activityKit.state.withLock { state in
            var activity = state.begin(attributesType, id: id, contentState: contentState, byPush: false)
            activity.state = .pending
            activity.startDate = start
            state.activities[state.activities.count - 1] = activity
            return activity
        }
        let activityID = activity.identity.id
        note("the app schedules Live Activity \(activity.identity) to start at \(start) (pending)")
        whileRunning { $0.observed(activity) }
        let action = clock.schedule(after: delay) { [weak self] in self?.startScheduledLiveActivity(activityID) }
        activityKit.state.withLock { $0.scheduledStarts[activityID] = action }
        return activityID
    }

    /// The clock reached a scheduled activity's start: it becomes `active` with its update token.
    private func startScheduledLiveActivity(_ id: String) {
        let started = activityKit.state.withLock { state -> SimulatedLiveActivity? in
            state.scheduledStarts[id] = nil
            guard let index = state.activities.firstIndex(where: { $0.identity.id == id && $0.state == .pending })
            else { return nil }
            state.activities[index].state = .active
            return state.activities[index]
        }
        guard let started else { return }
        note("ActivityKit starts scheduled Live Activity \(started.identity), update token \(started.token)")
        whileRunning { adapter in
            let identity = started.identity
            adapter.activityStatusChanged(id: identity.id, attributesType: identity.attributesType, to: .active)
            adapter.pushTokenReceived(
                started.token.data, activityID: identity.id, attributesType: identity.attributesType)
        }
    }
}
