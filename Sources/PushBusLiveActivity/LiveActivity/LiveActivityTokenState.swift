public import PushBusCore

/// The Live Activity tokens an app holds now: one push-to-start token per attributes type and one update token
/// per running activity. What ``LiveActivityTokens/state`` reports and ``LiveActivityTokenStore`` keeps.
public struct LiveActivityTokenState: Sendable, Hashable, Codable {
    /// A push-to-start token and the attributes type it starts.
    package struct PushToStart: Sendable, Hashable, Codable {
        package var attributesType: String
        package var token: PushToken

        package init(attributesType: String, token: PushToken) {
            self.attributesType = attributesType
            self.token = token
        }
    }

    /// A Live Activity that has not ended, and its update token (`nil` until ActivityKit issued one).
    public struct Activity: Sendable, Hashable, Codable {
        /// Which activity: its `Activity.id` and attributes type.
        public var identity: LiveActivityIdentity
        /// The token its update pushes go to (`Activity.pushToken`); `nil` until ActivityKit issues one.
        public var token: PushToken?
        /// Whether it is scheduled and has not started yet (iOS 26: `ActivityState.pending`).
        public var isPending: Bool
        /// The broadcast channel it listens to (iOS 18: `pushType: .channel(id)`), when the app said so.
        public var channelID: String?

        package init(
            identity: LiveActivityIdentity, token: PushToken? = nil, isPending: Bool = false, channelID: String? = nil
        ) {
            self.identity = identity
            self.token = token
            self.isPending = isPending
            self.channelID = channelID
        }

        private enum CodingKeys: String, CodingKey { case identity, token, isPending, channelID }

        /// Reads files written before `isPending` and `channelID` existed (both absent: running, no channel).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            identity = try container.decode(LiveActivityIdentity.self, forKey: .identity)
            token = try container.decodeIfPresent(PushToken.self, forKey: .token)
            isPending = try container.decodeIfPresent(Bool.self, forKey: .isPending) ?? false
            channelID = try container.decodeIfPresent(String.self, forKey: .channelID)
        }
    }

    /// The push-to-start tokens, in the order their types first got one.
    package var pushToStartTokens: [PushToStart]
    /// The activities that have not ended (running, and scheduled ones still `pending`), in the order they were
    /// first seen. Ended activities are removed.
    public var activities: [Activity]

    package init(pushToStartTokens: [PushToStart] = [], activities: [Activity] = []) {
        self.pushToStartTokens = pushToStartTokens
        self.activities = activities
    }

    /// A Boolean value indicating whether there is no token and no activity.
    public var isEmpty: Bool { pushToStartTokens.isEmpty && activities.isEmpty }

    /// Every token a server should hold now, push-to-start tokens first.
    public var registrations: [LiveActivityRegistration] {
        pushToStartTokens.map { .pushToStart($0.token, attributesType: $0.attributesType) }
            + activities.compactMap { activity in activity.token.map { .update($0, activity: activity.identity) } }
    }

    /// The token of the running activity `id`.
    public func token(forActivity id: String) -> PushToken? {
        activities.first { $0.identity.id == id }?.token
    }

    /// The push-to-start token of `attributesType`.
    public func pushToStartToken(for attributesType: String) -> PushToken? {
        pushToStartTokens.first { $0.attributesType == attributesType }?.token
    }
}

/// One token a server holds: a push-to-start token for an attributes type, or an activity's update token.
public struct LiveActivityRegistration: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The token.
    public var token: PushToken
    /// The attributes type it starts or belongs to.
    public var attributesType: String
    /// The activity an update token reaches; `nil` for a push-to-start token.
    public var activityID: String?

    /// A push-to-start token.
    public static func pushToStart(_ token: PushToken, attributesType: String) -> LiveActivityRegistration {
        LiveActivityRegistration(token: token, attributesType: attributesType, activityID: nil)
    }

    /// An activity's update token.
    public static func update(_ token: PushToken, activity: LiveActivityIdentity) -> LiveActivityRegistration {
        LiveActivityRegistration(token: token, attributesType: activity.attributesType, activityID: activity.id)
    }

    /// A Boolean value indicating whether this is a push-to-start token.
    package var isPushToStart: Bool { activityID == nil }

    public var description: String {
        if let activityID { return "update token \(token) for \(attributesType) \(activityID)" }
        return "push-to-start token \(token) for \(attributesType)"
    }
}

/// What changed since the last run: the tokens the server must learn and those it must drop.
/// Returned by ``LiveActivityTokens/reconcile(with:)``.
public struct LiveActivityReconciliation: Sendable, Hashable, CustomStringConvertible {
    /// Tokens the app holds now that were not saved at the end of the last run (an activity a push started
    /// while the app was not running, a rotated token): send them to the server.
    public var toRegister: [LiveActivityRegistration]
    /// Tokens saved at the end of the last run that no longer work (an activity ended while the app was not
    /// running, a token that rotated): tell the server to drop them.
    public var toRetract: [LiveActivityRegistration]

    package init(toRegister: [LiveActivityRegistration] = [], toRetract: [LiveActivityRegistration] = []) {
        self.toRegister = toRegister
        self.toRetract = toRetract
    }

    /// The difference between the saved and the current tokens.
    package init(saved: LiveActivityTokenState, current: LiveActivityTokenState) {
        let before = saved.registrations
        let now = current.registrations
        toRegister = now.filter { !before.contains($0) }
        toRetract = before.filter { !now.contains($0) }
    }

    /// A Boolean value indicating whether the server already holds exactly the current tokens.
    public var isEmpty: Bool { toRegister.isEmpty && toRetract.isEmpty }

    public var description: String {
        "register \(toRegister.map(\.description)), retract \(toRetract.map(\.description))"
    }
}
