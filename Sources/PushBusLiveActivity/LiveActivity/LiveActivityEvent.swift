public import PushBusCore

/// One Live Activity, as ActivityKit identifies it: `Activity.id` and the name of its `ActivityAttributes` type
/// (the `attributes-type` a push-to-start payload names).
public struct LiveActivityIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `Activity.id`.
    public var id: String
    /// The `ActivityAttributes` type's name, e.g. `"DeliveryAttributes"`.
    public var attributesType: String

    /// Creates an identity from `Activity.id` and the name of the activity's attributes type.
    public init(id: String, attributesType: String) {
        self.id = id
        self.attributesType = attributesType
    }

    public var description: String { "\(attributesType) \(id)" }
}

/// Why a Live Activity's update token stopped working.
public enum LiveActivityEndReason: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// `ActivityState.ended`: ended by the app, a push (`"event": "end"`) or the system; it may stay visible
    /// until its dismissal date but takes no more updates.
    case ended
    /// `ActivityState.dismissed`: removed by the person or the system.
    case dismissed

    public var description: String { rawValue }
}

/// A change in the app's Live Activity tokens, posted through `PushCenter.liveActivities` by
/// ``LiveActivityAdapter`` (which the Apple glue's `LiveActivityObserver` and `SimulatedDevice` call), and
/// handed to every subscriber in post order.
///
/// A server needs exactly these facts: which push-to-start token starts an attributes type, which update token
/// reaches which activity, and when a token stops working.
///
/// ```swift
/// let subscription = center.liveActivities.subscribe { event in
///     switch event {
///     case .pushToStartToken(let token, let type): server.register(startToken: token.hexString, for: type)
///     case .started, .scheduled: break
///     case .channelSubscription(let channel, let activity): server.register(channel: channel, for: activity.id)
///     case .updateToken(let token, let activity): server.register(updateToken: token.hexString, for: activity.id)
///     case .ended(let activity, _, let token): server.retract(token?.hexString, for: activity.id)
///     }
/// }
/// ```
public enum LiveActivityEvent: Sendable, Hashable, CustomStringConvertible {
    /// A push-to-start token for an attributes type was issued, or rotated: the new token replaces the previous
    /// one for that type, which must no longer be used.
    case pushToStartToken(PushToken, attributesType: String)
    /// A Live Activity began (started by the app, by a push-to-start push, or a scheduled one whose start date
    /// came).
    case started(LiveActivityIdentity)
    /// A Live Activity was scheduled to start later (iOS 26: `ActivityState.pending`, requested with `start:`). It is
    /// listed like a running one; ``started(_:)`` follows when it starts, ``ended(_:reason:invalidatedToken:)`` if it
    /// is removed first.
    case scheduled(LiveActivityIdentity)
    /// A Live Activity listens to a broadcast channel (iOS 18: requested with `pushType: .channel(id)`): the
    /// channel id (base64) a server broadcasts its updates to. It stops at the activity's end.
    case channelSubscription(String, activity: LiveActivityIdentity)
    /// A Live Activity's update token was issued, or rotated: it replaces the activity's previous token.
    case updateToken(PushToken, activity: LiveActivityIdentity)
    /// A Live Activity ended or was dismissed: `invalidatedToken` (its last update token, filled in by
    /// ``LiveActivityTokens`` when the poster did not know it) no longer reaches anything.
    case ended(LiveActivityIdentity, reason: LiveActivityEndReason, invalidatedToken: PushToken?)

    /// The activity the event is about; `nil` for push-to-start tokens.
    public var activity: LiveActivityIdentity? {
        switch self {
        case .pushToStartToken: return nil
        case .started(let activity), .scheduled(let activity), .updateToken(_, let activity),
            .channelSubscription(_, let activity), .ended(let activity, _, _):
            return activity
        }
    }

    public var description: String {
        switch self {
        case .pushToStartToken(let token, let type): return "push-to-start token \(token) for \(type)"
        case .started(let activity): return "Live Activity \(activity) started"
        case .scheduled(let activity): return "Live Activity \(activity) scheduled (pending)"
        case .channelSubscription(let channel, let activity): return "Live Activity \(activity) on channel \(channel)"
        case .updateToken(let token, let activity): return "update token \(token) for \(activity)"
        case .ended(let activity, let reason, let token):
            return "Live Activity \(activity) \(reason)" + (token.map { "; token \($0) invalid" } ?? "")
        }
    }
}
