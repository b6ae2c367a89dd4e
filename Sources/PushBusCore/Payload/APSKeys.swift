/// The keys Apple documents for the `aps` dictionary and its `alert` and critical `sound` dictionaries.
///
/// One list, used by the lenient reader (to flag unknown keys) and by ``PayloadValidator``.
enum APSKeys {
    static let alert = "alert"
    static let badge = "badge"
    static let sound = "sound"
    static let threadID = "thread-id"
    static let category = "category"
    static let contentAvailable = "content-available"
    static let mutableContent = "mutable-content"
    static let targetContentID = "target-content-id"
    static let interruptionLevel = "interruption-level"
    static let relevanceScore = "relevance-score"
    static let filterCriteria = "filter-criteria"
    static let staleDate = "stale-date"
    static let contentState = "content-state"
    static let timestamp = "timestamp"
    static let event = "event"
    static let dismissalDate = "dismissal-date"
    static let attributesType = "attributes-type"
    static let attributes = "attributes"
    /// iOS 18: a push-to-start asks for the new activity's update token (`"input-push-token": 1`).
    static let inputPushToken = "input-push-token"
    /// iOS 18: a push-to-start subscribes the new activity to a broadcast channel (base64 channel id).
    static let inputPushChannel = "input-push-channel"
    /// Safari web push: arguments substituted into the URL format.
    static let urlArgs = "url-args"

    /// Every documented `aps` key.
    static let all: Set<String> = [
        alert, badge, sound, threadID, category, contentAvailable, mutableContent, targetContentID,
        interruptionLevel, relevanceScore, filterCriteria, staleDate, contentState, timestamp, event,
        dismissalDate, attributesType, attributes, inputPushToken, inputPushChannel, urlArgs,
    ]

    /// The Live Activity keys: their presence makes ``PushContent/liveActivity`` non-nil.
    static let liveActivity: [String] = [
        event, timestamp, staleDate, dismissalDate, contentState, attributesType, attributes,
    ]

    /// Every documented `aps.alert` key.
    static let alertKeys: Set<String> = [
        "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args", "subtitle-loc-key",
        "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key", "action",
    ]

    /// The `aps.alert` keys documented only for Live Activity alerts (`title` and `body` may then also be
    /// `{"loc-key": …, "loc-args": […]}` objects).
    static let liveActivityAlertKeys: Set<String> = ["sound"]

    /// Every documented key of a critical `aps.sound` dictionary.
    static let soundKeys: Set<String> = ["critical", "name", "volume"]

    /// The documented Live Activity events.
    static let events: Set<String> = ["start", "update", "end"]
}
