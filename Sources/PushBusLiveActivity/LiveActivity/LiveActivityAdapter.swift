public import Foundation
import PushBusCore

/// ActivityKit's callback shapes, platform-neutral: what the Apple glue (`LiveActivityObserver`) and
/// `SimulatedDevice` hand over, turned into ``LiveActivityEvent``s on a center's `PushCenter.liveActivities`.
///
/// One call per thing ActivityKit reports:
///
/// | ActivityKit | call |
/// | --- | --- |
/// | `Activity<A>.pushToStartToken`, `pushToStartTokenUpdates` (17.2+) | ``pushToStartTokenReceived(_:attributesType:)`` |
/// | an activity in `Activity<A>.activities` or `activityUpdates` | ``activityObserved(id:attributesType:pushToken:status:)`` |
/// | `activity.pushTokenUpdates` | ``pushTokenReceived(_:activityID:attributesType:)`` |
/// | `activity.activityStateUpdates` | ``activityStatusChanged(id:attributesType:to:)`` |
/// | `Activity.request(…, pushType: .channel(id))` (18+) | ``channelSubscribed(_:activityID:attributesType:)`` |
public struct LiveActivityAdapter: Sendable {
    /// `ActivityState`, neutral. Only `ended` and `dismissed` end the activity's token; `pending` (iOS 26) is a
    /// scheduled activity that has not started.
    public enum Status: String, Sendable, Hashable {
        case active, stale, pending, ended, dismissed
    }

    /// Where the events go.
    package let tokens: LiveActivityTokens

    /// An adapter posting to `tokens` (a center's `PushCenter.liveActivities`).
    public init(tokens: LiveActivityTokens) { self.tokens = tokens }

    /// A push-to-start token was read or yielded for `attributesType`.
    ///
    /// - Returns: Whether it was new (delivered).
    @discardableResult
    public func pushToStartTokenReceived(_ token: Data, attributesType: String) -> Bool {
        tokens.post(.pushToStartToken(PushToken(token), attributesType: attributesType))
    }

    /// An activity was seen with its current token and status: its start and token, or its end.
    public func activityObserved(id: String, attributesType: String, pushToken: Data?, status: Status) {
        let identity = LiveActivityIdentity(id: id, attributesType: attributesType)
        let token = pushToken.map(PushToken.init)
        if let reason = status.endReason {
            tokens.post(.ended(identity, reason: reason, invalidatedToken: token))
            return
        }
        tokens.post(status == .pending ? .scheduled(identity) : .started(identity))
        if let token { tokens.post(.updateToken(token, activity: identity)) }
    }

    /// The app started `activityID` on a broadcast channel (iOS 18: `pushType: .channel(channelID)`, or a
    /// push-to-start it asked to carry `input-push-channel`). ActivityKit does not report an activity's channel, so
    /// whoever requested it says so.
    ///
    /// - Returns: Whether it was new (delivered).
    @discardableResult
    public func channelSubscribed(_ channelID: String, activityID: String, attributesType: String) -> Bool {
        let identity = LiveActivityIdentity(id: activityID, attributesType: attributesType)
        return tokens.post(.channelSubscription(channelID, activity: identity))
    }

    /// An activity's update token was issued or rotated.
    ///
    /// - Returns: Whether it was new (delivered).
    @discardableResult
    public func pushTokenReceived(_ token: Data, activityID: String, attributesType: String) -> Bool {
        let identity = LiveActivityIdentity(id: activityID, attributesType: attributesType)
        return tokens.post(.updateToken(PushToken(token), activity: identity))
    }

    /// An activity's status changed; `ended` and `dismissed` invalidate its token, and `active` (or `stale`) after
    /// `pending` is a scheduled activity's start.
    ///
    /// - Returns: Whether the activity ended now (an end was delivered).
    @discardableResult
    public func activityStatusChanged(id: String, attributesType: String, to status: Status) -> Bool {
        let identity = LiveActivityIdentity(id: id, attributesType: attributesType)
        guard let reason = status.endReason else {
            if status != .pending { tokens.post(.started(identity)) }  // news only for a pending activity
            return false
        }
        return tokens.post(.ended(identity, reason: reason, invalidatedToken: nil))
    }
}

extension LiveActivityAdapter.Status {
    /// Why the activity's token died, for `ended` and `dismissed`; `nil` while it still takes updates.
    package var endReason: LiveActivityEndReason? {
        switch self {
        case .ended: return .ended
        case .dismissed: return .dismissed
        case .active, .stale, .pending: return nil
        }
    }
}
