@_spi(PushBusInternals) public import PushBusCore
public import PushBusHub
public import PushBusStorage

/// Feeds a ``PushTokenRegistry`` from a center: the device token of each registration and the Live Activity
/// tokens its `PushCenter.liveActivities` channel posts (from `LiveActivityObserver` or `SimulatedDevice`).
extension PushTokenRegistry {
    /// Records every token `center` hears of, from now on, and calls `onChange` with what the server has not
    /// learned yet after each change (and once now, when something is left from an earlier launch), including
    /// the changes the app records itself with ``update(_:to:)`` (a channel id, the widget token). Keep the
    /// subscription as long as the app runs.
    ///
    /// | the center hears | key, value |
    /// | --- | --- |
    /// | `RegistrationEvent.registered(token)` | `Key.device`, `token.hexString` |
    /// | `LiveActivityEvent.pushToStartToken(token, type)` | `Key.pushToStart(attributesType:)`, the token |
    /// | `LiveActivityEvent.updateToken(token, activity)` | `Key.activityUpdate(activityID:)`, the token |
    /// | `LiveActivityEvent.channelSubscription(channel, activity)` | `Key.broadcastChannel(activityID:)`, the channel id |
    /// | `LiveActivityEvent.ended(activity, …)` | `Key.activityUpdate(activityID:)` and `Key.broadcastChannel(activityID:)`, `nil` |
    ///
    /// ```swift
    /// let tokens = try PushTokenRegistry(directory: appGroupURL)
    /// subscription = tokens.attach(to: center) { changes in
    ///     Task { for change in changes where try await server.send(change) { try tokens.markReported(change) } }
    /// }
    /// ```
    ///
    /// A token that fails to be written is not reported (``writeFailure`` says why); the same token handed over
    /// again at the next launch is recorded then.
    public func attach(
        to center: PushCenter, onChange: (@Sendable ([Change]) -> Void)? = nil
    ) -> PushCancellable {
        let handler = onChange.map { onChange in
            changeHandlers.withLock { state -> UInt64 in
                state.next += 1
                state.handlers[state.next] = onChange
                return state.next
            }
        }
        let pending = pendingChanges()
        if !pending.isEmpty { onChange?(pending) }
        let registrations = center.subscribeRegistration { [weak self] event in
            guard case .registered(let token) = event else { return }
            self?.record([(.device, token.hexString)])
        }
        let activities = center.liveActivities.subscribe { [weak self] event in
            self?.record(Self.updates(for: event))
        }
        return PushCancellable { [weak self] in
            registrations.cancel()
            activities.cancel()
            if let handler { self?.changeHandlers.withLock { _ = $0.handlers.removeValue(forKey: handler) } }
        }
    }

    /// The registry's updates for one Live Activity event.
    static func updates(for event: LiveActivityEvent) -> [(Key, String?)] {
        switch event {
        case .pushToStartToken(let token, let type): return [(.pushToStart(attributesType: type), token.hexString)]
        case .started, .scheduled: return []
        case .channelSubscription(let channel, let activity):
            return [(.broadcastChannel(activityID: activity.id), channel)]
        case .updateToken(let token, let activity): return [(.activityUpdate(activityID: activity.id), token.hexString)]
        case .ended(let activity, _, _):
            return [(.activityUpdate(activityID: activity.id), nil), (.broadcastChannel(activityID: activity.id), nil)]
        }
    }
}
