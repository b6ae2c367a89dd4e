/// The keys Apple documents for the `aps` dictionary and its `alert` and critical `sound` dictionaries.
///
/// One list, used by the lenient reader (to flag unknown keys) and by ``PayloadValidator``.
package enum APSKeys {
    package static let alert = "alert"
    package static let badge = "badge"
    package static let sound = "sound"
    package static let threadID = "thread-id"
    package static let category = "category"
    package static let contentAvailable = "content-available"
    package static let mutableContent = "mutable-content"
    package static let targetContentID = "target-content-id"
    package static let interruptionLevel = "interruption-level"
    package static let relevanceScore = "relevance-score"
    package static let filterCriteria = "filter-criteria"
    package static let staleDate = "stale-date"
    package static let contentState = "content-state"
    package static let timestamp = "timestamp"
    package static let event = "event"
    package static let dismissalDate = "dismissal-date"
    package static let attributesType = "attributes-type"
    package static let attributes = "attributes"
    /// iOS 18: a push-to-start asks for the new activity's update token (`"input-push-token": 1`).
    package static let inputPushToken = "input-push-token"
    /// iOS 18: a push-to-start subscribes the new activity to a broadcast channel (base64 channel id).
    package static let inputPushChannel = "input-push-channel"
    /// Safari web push: arguments substituted into the URL format.
    package static let urlArgs = "url-args"
    /// Widget (iOS 26) and control (iOS 18) pushes: `{"aps": {"content-changed": true}}` reloads them.
    package static let contentChanged = "content-changed"

    /// Every documented `aps` key.
    package static let all: Set<String> = [
        alert, badge, sound, threadID, category, contentAvailable, mutableContent, targetContentID,
        interruptionLevel, relevanceScore, filterCriteria, staleDate, contentState, timestamp, event,
        dismissalDate, attributesType, attributes, inputPushToken, inputPushChannel, urlArgs, contentChanged,
    ]

    /// The Live Activity keys: their presence makes ``PushContent/liveActivity`` non-nil.
    package static let liveActivity: [String] = [
        event, timestamp, staleDate, dismissalDate, contentState, attributesType, attributes,
    ]

    /// Every documented `aps.alert` key.
    package static let alertKeys: Set<String> = [
        "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args", "subtitle-loc-key",
        "subtitle-loc-args", "loc-key", "loc-args", "action-loc-key", "action",
    ]

    /// The `aps.alert` keys documented only for Live Activity alerts (`title` and `body` may then also be
    /// `{"loc-key": …, "loc-args": […]}` objects).
    package static let liveActivityAlertKeys: Set<String> = ["sound"]

    /// Every documented key of a critical `aps.sound` dictionary.
    package static let soundKeys: Set<String> = ["critical", "name", "volume"]

    /// The documented Live Activity events.
    package static let events: Set<String> = ["start", "update", "end"]
}
