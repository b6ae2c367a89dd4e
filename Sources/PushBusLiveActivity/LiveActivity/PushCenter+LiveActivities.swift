import PushBusCore
public import PushBusHub

extension PushCenter {
    /// Live Activity tokens: push-to-start and update tokens, starts and ends (`Docs/LiveActivities.md`).
    ///
    /// One channel per center, made on first use. The Live Activity layer keeps it in the center's attachments,
    /// so the hub itself knows nothing of Live Activities.
    public var liveActivities: LiveActivityTokens {
        attachments.value { LiveActivityTokens() }
    }
}
