public import Foundation
internal import PushBusCore

/// The broadcast rules of ``PayloadValidator`` (iOS 18): one push to a channel updates every Live Activity
/// subscribed to it.
///
/// Sources: Apple, "Sending broadcast push notification requests to APNs" and "Sending channel management requests
/// to APNs" (UserNotifications documentation): a broadcast is a `POST /4/broadcasts/apps/<bundle id>` with the
/// channel in `apns-channel-id` (base64, as APNs returned it when the channel was created), `apns-push-type:
/// liveactivity`, and no `apns-topic` (the path names the app); `apns-priority` is 10, 5 or 1; a channel created
/// with message-storage-policy 0 ("No Messages Stored") takes only `apns-expiration: 0`. The payload reaches every
/// subscriber, so it cannot carry what belongs to one device: a start (push-to-start goes to each device's
/// push-to-start token, `input-push-channel` subscribing the new activity to the channel), `input-push-token`,
/// `input-push-channel`, `attributes-type` or `attributes`.
extension PayloadValidator {
    /// The APNs headers of a broadcast push.
    public struct BroadcastHeaders: Sendable, Hashable {
        /// `apns-channel-id`: the channel, base64 (e.g. `dHN1L3Rlc3Q=`).
        public var channelID: String
        /// `apns-push-type`; broadcasts take only ``PushType/liveActivity``.
        public var pushType: PushType
        /// `apns-priority`, if sent: 10, 5 or 1.
        public var priority: Int?
        /// `apns-expiration`, if sent: seconds since 1970, or 0 (deliver once, never store).
        public var expiration: Int?

        /// Creates the headers of a broadcast: the Live Activity push type, and no priority or expiration header unless
        /// given.
        public init(channelID: String, pushType: PushType = .liveActivity, priority: Int? = nil, expiration: Int? = nil)
        {
            self.channelID = channelID
            self.pushType = pushType
            self.priority = priority
            self.expiration = expiration
        }
    }

    /// Checks `json` as a broadcast push sent with `headers`: the rules of ``validate(_:pushType:)-(Data,_)`` for the
    /// push type, then the broadcast rules (Docs/Validation.md, "Broadcast pushes"). Header findings use the
    /// header's name as key path.
    ///
    /// ```swift
    /// let headers = PayloadValidator.BroadcastHeaders(channelID: "dHN1L3Rlc3Q=", priority: 10)
    /// let diagnostics = PayloadValidator.validateBroadcast(jsonData, headers: headers)
    /// ```
    ///
    /// - Returns: Errors first, then warnings, each in the order found.
    public static func validateBroadcast(_ json: Data, headers: BroadcastHeaders) -> [PayloadDiagnostic] {
        var run = ValidationRun()
        run.validateBroadcastHeaders(headers)
        run.validate(json, pushType: headers.pushType)
        if headers.pushType == .liveActivity, case .object(let root)? = try? JSONParser.parse(json).value,
            case .object(let aps)? = root["aps"]
        {
            run.validateBroadcastPayload(aps)
        }
        return run.diagnostics.filter { $0.severity == .error } + run.diagnostics.filter { $0.severity == .warning }
    }
}

extension ValidationRun {
    /// The priorities APNs takes for a broadcast.
    static let broadcastPriorities: Set<Int> = [1, 5, 10]

    mutating func validateBroadcastHeaders(_ headers: PayloadValidator.BroadcastHeaders) {
        if !Self.isBase64ChannelID(headers.channelID) {
            error(
                "apns-channel-id",
                "expected the channel id APNs returned (a base64 string), found \"\(headers.channelID.prefix(40))\"")
        }
        if headers.pushType != .liveActivity {
            error(
                "apns-push-type",
                "broadcast pushes are sent with apns-push-type liveactivity, not \(headers.pushType.rawValue)")
        }
        if let priority = headers.priority, !Self.broadcastPriorities.contains(priority) {
            error("apns-priority", "expected 10, 5 or 1, found \(priority)")
        }
        if let expiration = headers.expiration {
            if expiration < 0 {
                error("apns-expiration", "expected seconds since 1970 or 0, found \(expiration)")
            } else if expiration > 0 {
                warning(
                    "apns-expiration",
                    "a channel created with message-storage-policy 0 (No Messages Stored) takes only "
                        + "apns-expiration 0; a later expiration needs policy 1 (Most Recent Message)")
            }
        }
    }

    /// What a payload sent to every subscriber of a channel cannot carry.
    mutating func validateBroadcastPayload(_ aps: [String: PushValue]) {
        if case .string("start") = aps[APSKeys.event] {
            error(
                "aps.event",
                "a broadcast updates or ends the activities on the channel (event update or end); start one with a "
                    + "push-to-start sent to each device's push-to-start token, with input-push-channel")
        }
        for key in [APSKeys.inputPushToken, APSKeys.inputPushChannel, APSKeys.attributesType, APSKeys.attributes]
        where aps[key] != nil && !diagnostics.contains(where: { $0.keyPath == "aps." + key }) {
            error(
                "aps." + key, "a broadcast reaches every subscriber of the channel; \(key) belongs to a push-to-start")
        }
    }
}
