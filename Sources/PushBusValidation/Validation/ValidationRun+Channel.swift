internal import PushBusCore

/// The broadcast-channel rules of ``PayloadValidator`` for Live Activity pushes (iOS 18).
///
/// Source: Apple, "Starting and updating Live Activities with ActivityKit push notifications": an activity started
/// with `pushType: .channel(id)` gets its updates from broadcast pushes to that channel; a push-to-start can ask
/// for the new activity's update token (`"input-push-token": 1`) or subscribe it to a channel
/// (`"input-push-channel": "<base64 channel id>"`), not both (an activity has one push type).
extension ValidationRun {
    mutating func validateChannelKeys(_ aps: [String: PushValue], event: String?) {
        let token = aps[APSKeys.inputPushToken]
        let channel = aps[APSKeys.inputPushChannel]
        for (key, value) in [(APSKeys.inputPushToken, token), (APSKeys.inputPushChannel, channel)] where value != nil {
            if let event, event != "start" {
                error("aps." + key, "only a push-to-start (event start) carries \(key)")
            }
        }
        if let token, token != .int(1) {
            error("aps.input-push-token", "expected 1, found \(article(token))")
        }
        if let channel {
            if case .string(let id) = channel, Self.isBase64ChannelID(id) {
            } else {
                error("aps.input-push-channel", "expected a channel id (a base64 string), found \(article(channel))")
            }
        }
        if token != nil, channel != nil {
            error(
                "aps.input-push-channel",
                "a push-to-start takes input-push-token or input-push-channel, not both: an activity updates by "
                    + "its token or by a channel")
        }
    }

    /// A non-empty standard base64 string (APNs channel ids, e.g. `dHN1L3Rlc3Q=`).
    static func isBase64ChannelID(_ id: String) -> Bool {
        guard !id.isEmpty, id.count.isMultiple(of: 4) else { return false }
        let padding = id.reversed().prefix { $0 == "=" }.count
        guard padding <= 2 else { return false }
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        return id.dropLast(padding).allSatisfy(allowed.contains)
    }
}
