/// Which push service sent a payload, and the message id it gave it.
public struct PushProvider: Sendable, Hashable, CustomStringConvertible {
    /// A push service. Extensible: compare with the static members.
    public struct Name: RawRepresentable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }
        public var description: String { rawValue }

        /// Plain Apple Push Notification service, no SDK markers.
        public static let apns: Name = "apns"
        /// Firebase Cloud Messaging (`gcm.message_id`, `google.c.*`).
        public static let fcm: Name = "fcm"
        /// JPush / Aurora (`_j_msgid`).
        public static let jpush: Name = "jpush"
        /// RongCloud IM, 融云 (`rc`, an object: `id` the message UID, `cType`, `fId`, `oName`, `tId`).
        public static let rongCloud: Name = "rongCloud"
        /// Tencent Push Notification Service (TPNS, formerly XG, 腾讯移动推送 / 信鸽) (`xg`, an object).
        public static let tencentPush: Name = "tencentPush"
        /// Getui, 个推 (`_ge_`, `_gmid_`, `_gurl_`).
        public static let getui: Name = "getui"
        /// Umeng Push, 友盟 (`d` the message id beside `p`).
        public static let umeng: Name = "umeng"
        /// Alibaba Cloud Mobile Push, 阿里云推送 (`_ALIYUN_NOTIFICATION_ID_`, `_ALIYUN_NOTIFICATION_MSG_ID_`).
        public static let aliyunPush: Name = "aliyunPush"
        /// Easemob / Hyphenate IM, 环信 (`f`, `t` and `m` the message id; `e` or `em_apns_ext` the extension).
        public static let easemob: Name = "easemob"
        /// NetEase IM, 网易云信 (`nim`).
        public static let netEaseIM: Name = "netEaseIM"
        /// OneSignal (`custom.i`, `os_data`).
        public static let oneSignal: Name = "oneSignal"
        /// Airship, formerly Urban Airship (`_`, `com.urbanairship.metadata`).
        public static let airship: Name = "airship"
        /// Braze, formerly Appboy (`ab`).
        public static let braze: Name = "braze"
        /// Iterable (`itbl`).
        public static let iterable: Name = "iterable"
        /// Adobe Journey Optimizer and Adobe Campaign (`adb_*`, `_xdm`, `_mId`, `_dId`).
        public static let adobe: Name = "adobe"
        /// MoEngage (`moengage`).
        public static let moEngage: Name = "moEngage"
        /// Leanplum (`_lpm`, `_lpx`).
        public static let leanplum: Name = "leanplum"
        /// CleverTap (`wzrk_*`).
        public static let cleverTap: Name = "cleverTap"
        /// Klaviyo (`body._k`).
        public static let klaviyo: Name = "klaviyo"
        /// Salesforce Marketing Cloud MobilePush (`"_sid": "SFMC"`).
        public static let salesforceMarketingCloud: Name = "salesforceMarketingCloud"
        /// Customer.io (`CIO`, `CIO-Delivery-ID`).
        public static let customerIO: Name = "customerIO"
        /// Pushwoosh (`pw_msg`).
        public static let pushwoosh: Name = "pushwoosh"
        /// Batch (`com.batch`).
        public static let batch: Name = "batch"
        /// Expo push notifications (`experienceId`, `scopeKey`).
        public static let expo: Name = "expo"
    }

    /// The service.
    public var name: Name
    /// The service's id for this message, when the payload carries one.
    public var messageID: String?

    package init(name: Name, messageID: String? = nil) {
        self.name = name
        self.messageID = messageID
    }

    public var description: String {
        messageID.map { "\(name.rawValue) (\($0))" } ?? name.rawValue
    }
}
