/// The pure state of ``LiveActivityTokens``: applies events and says what to deliver. No locks, no callbacks.
struct LiveActivityStateMachine: Sendable {
    /// What a post leads to.
    enum PostAction: Sendable, Equatable {
        /// Deliver this (normalized) event to every subscriber; the state changed.
        case deliver(LiveActivityEvent)
        /// Nothing changed: the same token again, an activity that already ended, …
        case ignore
    }

    /// How many ended activities are remembered, so late tokens for them are ignored and late subscribers
    /// still learn which tokens died.
    static let endedLimit = 64

    private(set) var state = LiveActivityTokenState()
    /// The end events of activities that ended in this process, oldest first.
    private(set) var ended: [LiveActivityEvent] = []

    mutating func post(_ event: LiveActivityEvent) -> PostAction {
        switch event {
        case .pushToStartToken(let token, let type):
            if let index = state.pushToStartTokens.firstIndex(where: { $0.attributesType == type }) {
                guard state.pushToStartTokens[index].token != token else { return .ignore }
                state.pushToStartTokens[index].token = token
            } else {
                state.pushToStartTokens.append(.init(attributesType: type, token: token))
            }
            return .deliver(event)
        case .started(let activity):
            guard !hasEnded(activity.id) else { return .ignore }
            if let index = index(of: activity.id) {
                // Known: only a scheduled activity's start is news.
                guard state.activities[index].isPending else { return .ignore }
                state.activities[index].isPending = false
                return .deliver(.started(state.activities[index].identity))
            }
            state.activities.append(.init(identity: activity))
            return .deliver(event)
        case .scheduled(let activity):
            guard !hasEnded(activity.id), index(of: activity.id) == nil else { return .ignore }
            state.activities.append(.init(identity: activity, isPending: true))
            return .deliver(event)
        case .channelSubscription(let channel, let activity):
            guard !hasEnded(activity.id) else { return .ignore }
            if let index = index(of: activity.id) {
                guard state.activities[index].channelID != channel else { return .ignore }
                state.activities[index].channelID = channel
                return .deliver(.channelSubscription(channel, activity: state.activities[index].identity))
            }
            state.activities.append(.init(identity: activity, channelID: channel))
            return .deliver(event)
        case .updateToken(let token, let activity):
            guard !hasEnded(activity.id) else { return .ignore }
            if let index = index(of: activity.id) {
                guard state.activities[index].token != token else { return .ignore }
                state.activities[index].token = token
                return .deliver(.updateToken(token, activity: state.activities[index].identity))
            }
            state.activities.append(.init(identity: activity, token: token))
            return .deliver(event)
        case .ended(let activity, let reason, let token):
            guard !hasEnded(activity.id) else { return .ignore }
            var identity = activity
            var invalidated = token
            if let index = index(of: activity.id) {
                identity = state.activities[index].identity
                invalidated = token ?? state.activities[index].token
                state.activities.remove(at: index)
            }
            let normalized = LiveActivityEvent.ended(identity, reason: reason, invalidatedToken: invalidated)
            ended.append(normalized)
            if ended.count > Self.endedLimit { ended.removeFirst(ended.count - Self.endedLimit) }
            return .deliver(normalized)
        }
    }

    /// What a new subscriber is told first: the latest state as events. Each attributes type's current
    /// push-to-start token; each activity's start (or schedule), its channel and its current token; then the ends
    /// seen in this process (oldest first), so a late subscriber still retracts their tokens.
    func replay() -> [LiveActivityEvent] {
        var events = state.pushToStartTokens.map {
            LiveActivityEvent.pushToStartToken($0.token, attributesType: $0.attributesType)
        }
        for activity in state.activities {
            events.append(activity.isPending ? .scheduled(activity.identity) : .started(activity.identity))
            if let channel = activity.channelID {
                events.append(.channelSubscription(channel, activity: activity.identity))
            }
            if let token = activity.token { events.append(.updateToken(token, activity: activity.identity)) }
        }
        return events + ended
    }

    private func index(of id: String) -> Int? { state.activities.firstIndex { $0.identity.id == id } }

    private func hasEnded(_ id: String) -> Bool { ended.contains { $0.activity?.id == id } }
}
