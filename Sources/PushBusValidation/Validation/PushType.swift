/// The `apns-push-type` a payload is sent with: it decides the size limit and which keys are required.
///
/// Extensible: compare with the static members. The types, their topics and sizes follow Apple, "Sending notification
/// requests to APNs" (the `apns-push-type` and `apns-topic` rows of its header table) and "Generating a remote
/// notification" (4 KB; 5 KB for VoIP); the newer types cite their own pages beside their declarations.
public struct PushType: RawRepresentable, Sendable, Hashable, CustomStringConvertible, Codable {
    /// The `apns-push-type` header value.
    public var rawValue: String
    /// The largest payload APNs accepts for this type, in bytes.
    package var maximumSize: Int

    public init(rawValue: String) {
        self.init(rawValue: rawValue, maximumSize: rawValue == "voip" ? 5120 : 4096)
    }

    package init(rawValue: String, maximumSize: Int) {
        self.rawValue = rawValue
        self.maximumSize = maximumSize
    }

    public var description: String { rawValue }

    /// A visible notification: alert, sound or badge. 4096 bytes.
    public static let alert = PushType(rawValue: "alert", maximumSize: 4096)
    /// A silent push that wakes the app: `content-available: 1` and nothing visible. 4096 bytes.
    public static let background = PushType(rawValue: "background", maximumSize: 4096)
    /// A PushKit VoIP push. 5120 bytes; `aps` is optional.
    public static let voip = PushType(rawValue: "voip", maximumSize: 5120)
    /// An ActivityKit Live Activity start, update or end. 4096 bytes.
    public static let liveActivity = PushType(rawValue: "liveactivity", maximumSize: 4096)
    /// A watchOS complication update. 4096 bytes; `aps` is optional.
    public static let complication = PushType(rawValue: "complication", maximumSize: 4096)
    /// A File Provider change signal. 4096 bytes; `aps` is optional.
    public static let fileProvider = PushType(rawValue: "fileprovider", maximumSize: 4096)
    /// A location query for a Location Push Service Extension. 4096 bytes.
    public static let location = PushType(rawValue: "location", maximumSize: 4096)
    /// A Push to Talk push. 4096 bytes; `aps` is optional.
    public static let pushToTalk = PushType(rawValue: "pushtotalk", maximumSize: 4096)

    /// A WidgetKit push (iOS 26): reloads the widgets' timelines; the payload is `{"aps":{"content-changed":true}}`
    /// and nothing else. 4096 bytes.
    ///
    /// Source: Apple, "Updating widgets with WidgetKit push notifications" (WidgetKit): the token comes from
    /// `WidgetCenter.currentPushInfo` or a `WidgetPushHandler`; the topic is `<bundle-id>.push-type.widgets`.
    public static let widgets = PushType(rawValue: "widgets", maximumSize: 4096)

    /// A control push (iOS 18): the system reloads the app's controls (Control Center, Lock Screen, Action button)
    /// that registered a `ControlPushHandler`; the payload is `{"aps":{"content-changed":true}}` and nothing else.
    /// 4096 bytes.
    ///
    /// Source: Apple, "Updating controls locally and remotely" (WidgetKit): the tokens come from
    /// `ControlPushHandler.pushTokensDidChange(controls:)` (`ControlInfo.pushInfo?.token`); the request is sent with
    /// `apns-push-type: controls` and the topic `<bundle-id>.push-type.controls`.
    public static let controls = PushType(rawValue: "controls", maximumSize: 4096)

    /// The documented types, for command-line parsing.
    package static let all: [PushType] = [
        .alert, .background, .voip, .liveActivity, .complication, .fileProvider, .location, .pushToTalk, .widgets,
        .controls,
    ]

    /// What APNs requires after the bundle identifier in the `apns-topic` header for this type
    /// (`.push-type.liveactivity` for Live Activities); `nil` when the topic is the bundle identifier itself.
    public var topicSuffix: String? {
        switch rawValue {
        case "liveactivity": return ".push-type.liveactivity"
        case "voip": return ".voip"
        case "complication": return ".complication"
        case "fileprovider": return ".pushkit.fileprovider"
        case "location": return ".location-query"
        case "pushtotalk": return ".voip-ptt"
        case "widgets": return ".push-type.widgets"
        case "controls": return ".push-type.controls"
        default: return nil
        }
    }

    /// The `apns-topic` header for an app: its bundle identifier plus ``topicSuffix``.
    ///
    /// ```swift
    /// let topic = PushType.liveActivity.apnsTopic(bundleIdentifier: "com.example.shop")
    /// // "com.example.shop.push-type.liveactivity"
    /// ```
    public func apnsTopic(bundleIdentifier: String) -> String { bundleIdentifier + (topicSuffix ?? "") }

    /// A Boolean value indicating whether APNs requires an `aps` dictionary for this type.
    package var requiresAPS: Bool {
        self == .alert || self == .background || self == .liveActivity || self == .location || self == .widgets
            || self == .controls
    }

    /// A Boolean value indicating whether the payload is only `{"aps":{"content-changed":true}}`: a WidgetKit push
    /// that makes the system reload widgets or controls, with nothing shown and no app code run.
    package var isContentChanged: Bool { self == .widgets || self == .controls }
}
