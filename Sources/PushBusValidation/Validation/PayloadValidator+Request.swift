public import Foundation

/// The header rules of ``PayloadValidator`` for a push to one device: `POST /3/device/<device token>`.
///
/// Each rule cites the Apple page it follows beside its check in `validateRequestHeaders(_:)`. In short: the device
/// token is hexadecimal of no fixed length; `apns-priority` is 10, 5 or 1; `apns-collapse-id` is at most 64 bytes;
/// `apns-expiration` is seconds since 1970 or 0; `apns-topic` carries the push type's suffix.
extension PayloadValidator {
    /// The APNs request of a push to one device: the token in the path and the headers that can be checked offline.
    public struct RequestHeaders: Sendable, Hashable {
        /// The device token (or Live Activity, push-to-start, widget or control push token) in the request path, as
        /// hexadecimal; `nil` when not checked.
        public var deviceToken: String?
        /// `apns-push-type`.
        public var pushType: PushType
        /// `apns-topic`, if sent: the bundle identifier plus the push type's ``PushType/topicSuffix``.
        public var topic: String?
        /// `apns-priority`, if sent: 10, 5 or 1 (APNs assumes 10 when it is left out).
        public var priority: Int?
        /// `apns-expiration`, if sent: seconds since 1970, or 0 (deliver once, never store).
        public var expiration: Int?
        /// `apns-collapse-id`, if sent: at most 64 bytes.
        public var collapseID: String?

        /// Creates the request of a push sent with `pushType`; every header left `nil` is not sent (and not checked).
        public init(
            deviceToken: String? = nil, pushType: PushType = .alert, topic: String? = nil, priority: Int? = nil,
            expiration: Int? = nil, collapseID: String? = nil
        ) {
            self.deviceToken = deviceToken
            self.pushType = pushType
            self.topic = topic
            self.priority = priority
            self.expiration = expiration
            self.collapseID = collapseID
        }
    }

    /// Checks `json` as a push to one device sent with `headers`: the header rules (Docs/Validation.md, "Request
    /// headers"), then the rules of ``validate(_:pushType:)-(Data,_)`` for the push type. Header findings use the
    /// header's name as key path (`device-token` for the token in the path).
    ///
    /// ```swift
    /// let headers = PayloadValidator.RequestHeaders(deviceToken: token, pushType: .controls, priority: 5)
    /// let diagnostics = PayloadValidator.validateRequest(jsonData, headers: headers)
    /// ```
    ///
    /// - Returns: Errors first, then warnings, each in the order found.
    public static func validateRequest(_ json: Data, headers: RequestHeaders) -> [PayloadDiagnostic] {
        var run = ValidationRun()
        run.validateRequestHeaders(headers)
        run.validate(json, pushType: headers.pushType)
        if headers.pushType == .background, headers.priority ?? 10 == 10 {
            run.validateBackgroundPriority(explicit: headers.priority != nil)
        }
        return run.diagnostics.filter { $0.severity == .error } + run.diagnostics.filter { $0.severity == .warning }
    }
}

extension ValidationRun {
    /// The priorities APNs takes. Apple, "Sending notification requests to APNs", `apns-priority`: 10 (send
    /// immediately), 5 (send based on the device's power considerations), 1 (prioritize the device's power
    /// considerations over all other factors; the device is not woken). Left out, APNs uses 10.
    ///
    /// No push type narrows this set except background (see `validateBackgroundPriority(explicit:)`). For `controls`
    /// and `widgets` the pages that define them ("Updating controls locally and remotely", "Updating widgets with
    /// WidgetKit push notifications") state no priority rule in the parts the search tools reached, so only this
    /// general table is applied to them (nor does any other source found); broadcasts take the same three values
    /// ("Sending broadcast push notification requests to APNs").
    static let priorities: Set<Int> = [1, 5, 10]

    /// Apple, "Sending notification requests to APNs", `apns-collapse-id`: at most 64 bytes (of the header value's
    /// UTF-8). Apple's table itself was not in the search corpus; the limit is the and is quoted the same by
    /// the APNs clients found (Amazon Pinpoint's `collapseId`, the `a2` crate's `CollapseId`).
    static let collapseIDLimit = 64

    mutating func validateRequestHeaders(_ headers: PayloadValidator.RequestHeaders) {
        if let token = headers.deviceToken { validateDeviceToken(token) }
        if let topic = headers.topic { validateTopic(topic, pushType: headers.pushType) }
        if let priority = headers.priority, !Self.priorities.contains(priority) {
            error("apns-priority", "expected 10, 5 or 1, found \(priority)")
        }
        if let expiration = headers.expiration, expiration < 0 {
            // "Sending notification requests to APNs", `apns-expiration`: a UNIX epoch date in seconds, or 0.
            error("apns-expiration", "expected seconds since 1970 or 0, found \(expiration)")
        }
        if let collapseID = headers.collapseID {
            let bytes = collapseID.utf8.count
            if bytes > Self.collapseIDLimit {
                error("apns-collapse-id", "\(bytes) bytes; APNs accepts at most \(Self.collapseIDLimit)")
            } else if bytes == 0 {
                warning("apns-collapse-id", "empty; leave the header out when nothing is to be collapsed")
            }
        }
    }

    /// The token of the request path. UIKit, `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`:
    /// "APNs device tokens are of variable length. Do not hard-code their size." (Simulator tokens are longer than a
    /// device's 32 bytes.) So any non-empty, even number of hexadecimal digits is a token; the same holds for
    /// ActivityKit, WidgetKit and control push tokens, which are sent the same way.
    private mutating func validateDeviceToken(_ token: String) {
        if token.isEmpty {
            error("device-token", "the device token is empty")
        } else if !token.utf8.allSatisfy(Self.isHexDigit) {
            error(
                "device-token",
                "expected hexadecimal digits (the token's bytes, two digits each), found \"\(token.prefix(40))\"")
        } else if !token.count.isMultiple(of: 2) {
            error("device-token", "expected two hexadecimal digits per byte, found \(token.count) digits")
        }
    }

    /// "Sending notification requests to APNs", `apns-topic`: the bundle ID, plus `.voip`, `.complication`,
    /// `.pushkit.fileprovider`, `.location-query`, `.voip-ptt` or `.push-type.liveactivity` for those push types;
    /// "Updating controls locally and remotely": `.push-type.controls`; "Updating widgets with WidgetKit push
    /// notifications": `.push-type.widgets`.
    private mutating func validateTopic(_ topic: String, pushType: PushType) {
        if let suffix = pushType.topicSuffix {
            if !topic.hasSuffix(suffix) || topic.count == suffix.count {
                error("apns-topic", "a \(pushType.rawValue) push is sent to <bundle-id>\(suffix), found \"\(topic)\"")
            }
            return
        }
        let other = PushType.all.compactMap { type in type.topicSuffix.map { (type, $0) } }
            .filter { topic.hasSuffix($0.1) }.max { $0.1.count < $1.1.count }
        if let (type, suffix) = other {
            error(
                "apns-topic",
                "\(suffix) is the topic of \(type.rawValue) pushes; a \(pushType.rawValue) push is sent to the bundle id"
            )
        } else if topic.isEmpty {
            error("apns-topic", "the topic is empty; expected the bundle id")
        }
    }

    /// A background push left at priority 10. "Pushing background updates to your App": a background notification
    /// is sent with `apns-priority` 5; the `apns-priority` row of "Sending notification requests to APNs" has long
    /// said 10 is for notifications that alert, sound or badge, and is an error for a payload with only
    /// `content-available` (that sentence is confirmed from quotations of the page, not the current page itself).
    /// Sent explicitly, 10 is an error; left out (APNs then assumes 10), a warning.
    mutating func validateBackgroundPriority(explicit: Bool) {
        if explicit {
            error(
                "apns-priority",
                "a background push (content-available only) is sent with priority 5 (or 1); 10 needs an alert, "
                    + "sound or badge")
        } else {
            warning("apns-priority", "a background push is sent with apns-priority 5; left out, APNs assumes 10")
        }
    }
}

extension ValidationRun {
    /// `0-9`, `A-F`, `a-f`.
    fileprivate static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
