import PushBusCore
public import PushBusHub

extension PushCenter {
    /// Live Activity tokens: push-to-start and update tokens, starts and ends (`Docs/LiveActivities.md`).
    ///
    /// One channel per center, made on first use and kept as long as the center. The Live Activity module keeps
    /// it: the center holds nothing of Live Activities.
    public var liveActivities: LiveActivityTokens {
        LiveActivityTokens.channels.value(for: self) { LiveActivityTokens() }
    }
}

extension LiveActivityTokens {
    /// The channel of each live center (`PushCenter.liveActivities`).
    static let channels = InstanceValues<PushCenter, LiveActivityTokens>()
}
