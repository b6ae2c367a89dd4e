public import Foundation

/// What a notification says: the `aps` dictionary read into typed fields, plus every other top-level key.
///
/// ```swift
/// let content = PushContent(userInfo: notification.request.content.userInfo)
/// let title = content.title  // "New product"
/// let route = content.customData["route"]?.stringValue
/// let issues = content.issues  // what was wrong in the payload, and how it was read
/// ```
public struct PushContent: Sendable, Hashable {
    /// `aps.alert.title`.
    public var title: String?
    /// `aps.alert.subtitle`.
    public var subtitle: String?
    /// `aps.alert.body`, or `aps.alert` itself when it is a string.
    public var body: String?
    /// `aps.alert.launch-image`.
    public var launchImageName: String?
    /// `aps.alert.title-loc-key`: the title's localization key.
    public var titleLocalizationKey: String?
    /// `aps.alert.title-loc-args`.
    public var titleLocalizationArguments: [String]?
    /// `aps.alert.subtitle-loc-key`: the subtitle's localization key.
    public var subtitleLocalizationKey: String?
    /// `aps.alert.subtitle-loc-args`.
    public var subtitleLocalizationArguments: [String]?
    /// `aps.alert.loc-key`: the body's localization key.
    public var bodyLocalizationKey: String?
    /// `aps.alert.loc-args`.
    public var bodyLocalizationArguments: [String]?
    /// `aps.alert.action-loc-key` (legacy).
    public var actionLocalizationKey: String?
    /// `nil` leaves the badge as it is; `0` clears it.
    public var badge: Int?
    /// `aps.sound` (for a Live Activity, `aps.alert.sound` when `aps.sound` is absent); `nil` plays none.
    public var sound: PushSound?
    /// `aps.category`: the registered category whose actions the notification shows.
    public var categoryIdentifier: String?
    /// `aps.thread-id`: notifications with the same value are grouped together.
    public var threadIdentifier: String?
    /// `aps.target-content-id`: which window (scene) the notification brings forward when opened.
    public var targetContentIdentifier: String?
    /// `aps.interruption-level` (iOS 15+); `nil` is the system's default, `active`.
    public var interruptionLevel: InterruptionLevel?
    /// `aps.relevance-score`: 0…1 for notifications (clamped when outside); any number for a Live Activity.
    public var relevanceScore: Double?
    /// `aps.filter-criteria`: the Focus filter this notification matches.
    public var filterCriteria: String?
    /// A Boolean value indicating whether `aps.content-available` is 1.
    public var isContentAvailable: Bool
    /// A Boolean value indicating whether `aps.mutable-content` is 1.
    public var isMutableContent: Bool
    /// The Live Activity fields, when the payload updates one.
    public var liveActivity: LiveActivityContent?
    /// The earlier messages this push retracts or replaces (`pushbus.retract`, `pushbus.replaces`); see
    /// ``PushRetraction``.
    public var retraction: PushRetraction?
    /// Every top-level key except `"aps"`.
    public var customData: [String: PushValue]
    /// The payload as it was received (`aps` included).
    public var payload: PushValue
    /// What was wrong and how it was read.
    public var issues: [PayloadIssue]
    /// The digest of input that was not JSON at all (``payload`` is then `.null`): it identifies the message,
    /// so two different unreadable inputs never share an id.
    var unreadableInputDigest: String?

    /// Creates empty content; fill the fields you need.
    public init() {
        isContentAvailable = false
        isMutableContent = false
        customData = [:]
        payload = .object([:])
        issues = []
    }

    /// A Boolean value indicating whether there is anything for a person to see or hear (alert, sound or badge).
    public var isUserVisible: Bool {
        title != nil || subtitle != nil || body != nil || titleLocalizationKey != nil
            || subtitleLocalizationKey != nil || bodyLocalizationKey != nil || sound != nil || badge != nil
    }
}

/// The `aps` fields of a Live Activity push (`event`, `content-state`, `timestamp`, …).
public struct LiveActivityContent: Sendable, Hashable {
    /// `aps.event`: `start`, `update` or `end`.
    public var event: String?
    /// `aps.timestamp`, seconds since 1970.
    public var timestamp: Date?
    /// `aps.stale-date`.
    public var staleDate: Date?
    /// `aps.dismissal-date`.
    public var dismissalDate: Date?
    /// `aps.content-state`: the activity's dynamic content.
    public var contentState: PushValue?
    /// `aps.attributes-type` (start events).
    public var attributesType: String?
    /// `aps.attributes` (start events).
    public var attributes: PushValue?

    package init(
        event: String? = nil, timestamp: Date? = nil, staleDate: Date? = nil, dismissalDate: Date? = nil,
        contentState: PushValue? = nil, attributesType: String? = nil, attributes: PushValue? = nil
    ) {
        self.event = event
        self.timestamp = timestamp
        self.staleDate = staleDate
        self.dismissalDate = dismissalDate
        self.contentState = contentState
        self.attributesType = attributesType
        self.attributes = attributes
    }
}
