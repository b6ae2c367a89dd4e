// Requests channel (iOS 18) and scheduled (iOS 26) Live Activities and posts what ActivityKit does not report.
// Compiled only where ActivityKit has that API: against the stubs, and against an SDK whose ActivityKit is newer
// than the iOS 17.4 SDK's (user module version 127.107), which has neither `PushType.channel(_:)` nor `ActivityStyle`.
// The package needs Swift 6.2 tools, that is Xcode 26 and its iOS 26 SDK, so every SDK an app builds PushBus with
// passes the check; only the project's own type-check against the 17.4 SDK leaves this file out.
#if canImport(ActivityKit, _version: 128) && os(iOS) && !targetEnvironment(macCatalyst)
public import ActivityKit
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(ActivityKit, _version: 128) && os(iOS) && !targetEnvironment(macCatalyst)) || PUSHBUS_APPLE_STUBS
public import Foundation
import PushBusLiveActivity

@available(iOS 16.1, *)
extension LiveActivityObserver {
    /// Starts a Live Activity that listens to the broadcast channel `channelID` (iOS 18: `Activity.request(attributes:
    /// content:pushType: .channel(channelID), style:)`) and posts it with its channel: its start, then
    /// `LiveActivityEvent.channelSubscription(channelID, activity:)`, which a `PushTokenRegistry` records as
    /// `Key.broadcastChannel(activityID:)`. Such an activity has no update token; APNs broadcasts reach it.
    ///
    /// - Returns: The new activity's `id`.
    /// - Throws: What `Activity.request` throws (Live Activities disabled, too many activities, …).
    @available(iOS 18.0, *)
    @discardableResult
    public func request(
        attributes: Attributes, content: ActivityContent<Activity<Attributes>.ContentState>, channel channelID: String,
        style: ActivityStyle = .standard
    ) throws -> String {
        let activity = try Activity<Attributes>.request(
            attributes: attributes, content: content, pushType: .channel(channelID), style: style)
        report(activity)
        recordChannel(channelID, forActivity: activity.id)
        return activity.id
    }

    /// Schedules a Live Activity to start at `start` (iOS 26: `Activity.request(attributes:content:pushType:style:
    /// alertConfiguration:start:)`); until then ActivityKit lists it as `ActivityState.pending`, which the observer
    /// posts as `LiveActivityEvent.scheduled(_:)`, then `started` when it starts. With a `channel` it listens to
    /// that broadcast channel (posted as for ``request(attributes:content:channel:style:)``).
    ///
    /// Below iOS 26 there is no scheduled Live Activity: schedule a local notification for `start` instead, or let
    /// the server start the activity then with a push-to-start push (iOS 17.2+).
    ///
    /// - Returns: The new activity's `id`.
    @available(iOS 26.0, *)
    @discardableResult
    public func schedule(
        attributes: Attributes, content: ActivityContent<Activity<Attributes>.ContentState>,
        alertConfiguration: AlertConfiguration, start: Date, channel channelID: String? = nil,
        style: ActivityStyle = .standard
    ) throws -> String {
        let activity = try Activity<Attributes>.request(
            attributes: attributes, content: content, pushType: channelID.map { .channel($0) } ?? .token, style: style,
            alertConfiguration: alertConfiguration, start: start)
        report(activity)
        if let channelID { recordChannel(channelID, forActivity: activity.id) }
        return activity.id
    }
}
#endif
