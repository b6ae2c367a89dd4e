internal import PushBusCore

/// The Live Activity rules of ``PayloadValidator`` (`apns-push-type: liveactivity`).
///
/// Sources: Apple, "Starting and updating Live Activities with ActivityKit push notifications" (ActivityKit
/// documentation): `event`, `timestamp` (seconds), `content-state`, `attributes-type` + `attributes` and an
/// `alert` for a start, `dismissal-date` for an end, `stale-date`, `relevance-score`; 4 KB payloads; topic
/// `<bundle-id>.push-type.liveactivity`.
extension ValidationRun {
    /// Dates from 10^12 on (13 digits and more) are milliseconds: in seconds they would be after the year 33658.
    static let millisecondsThreshold = 1e12

    mutating func validateLiveActivity(_ aps: [String: PushValue], pushType: PushType) {
        let present = APSKeys.liveActivity.filter { aps[$0] != nil }
        if !present.isEmpty && pushType != .liveActivity {
            warning(
                "aps." + present[0],
                "Live Activity keys are read only from pushes sent with apns-push-type liveactivity")
        }
        for key in [APSKeys.timestamp, APSKeys.staleDate, APSKeys.dismissalDate] {
            guard let value = aps[key] else { continue }
            if let seconds = value.doubleValue, value.boolValue == nil {
                if seconds < 0 {
                    error("aps." + key, "expected seconds since 1970, found \(seconds)")
                } else if seconds >= Self.millisecondsThreshold {
                    let shown = seconds < 1e18 && seconds.rounded() == seconds ? "\(Int64(seconds))" : "\(seconds)"
                    error(
                        "aps." + key,
                        "\(shown) looks like milliseconds; APNs expects seconds since 1970 (divide by 1000)")
                }
            } else {
                error("aps." + key, "expected seconds since 1970 (a number), found \(article(value))")
            }
        }
        var event: String?
        if let value = aps[APSKeys.event] {
            if case .string(let text) = value, APSKeys.events.contains(text) {
                event = text
            } else {
                error("aps.event", "expected \"start\", \"update\" or \"end\", found \(article(value))")
            }
        }
        for key in [APSKeys.contentState, APSKeys.attributes] {
            guard let value = aps[key] else { continue }
            if case .object = value { continue }
            error("aps." + key, "expected an object, found \(article(value))")
        }
        guard pushType == .liveActivity else {
            // "Starting and updating Live Activities with ActivityKit push notifications": the input-push keys are
            // read from a push-to-start only, which is a liveactivity push.
            for key in [APSKeys.inputPushToken, APSKeys.inputPushChannel] where aps[key] != nil {
                warning(
                    "aps." + key,
                    "\(key) is read only from a Live Activity push-to-start (apns-push-type liveactivity, event start)")
            }
            return
        }
        validateLiveActivityEvent(aps, event: event)
        validateChannelKeys(aps, event: event)
    }

    /// The rules that depend on the event of a `liveactivity` push.
    private mutating func validateLiveActivityEvent(_ aps: [String: PushValue], event: String?) {
        if aps[APSKeys.event] == nil { error("aps.event", "a Live Activity push needs an event") }
        if aps[APSKeys.timestamp] == nil {
            error("aps.timestamp", "a Live Activity push needs a timestamp; without one updates can be dropped")
        }
        guard let event else { return }
        if (event == "start" || event == "update") && aps[APSKeys.contentState] == nil {
            error("aps.content-state", "a Live Activity \(event) needs content-state")
        }
        if event == "start" {
            if aps[APSKeys.attributesType] == nil {
                error("aps.attributes-type", "a Live Activity start needs attributes-type")
            }
            if aps[APSKeys.attributes] == nil { error("aps.attributes", "a Live Activity start needs attributes") }
            if aps[APSKeys.alert] == nil {
                error("aps.alert", "a Live Activity start (push-to-start) needs an alert with a title and body")
            } else if case .object(let alert) = aps[APSKeys.alert], alert["title"] != nil, alert["body"] != nil {
                // As documented.
            } else {
                warning(
                    "aps.alert",
                    "a Live Activity start's alert is documented as an object with a title and a body")
            }
        } else {
            for key in [APSKeys.attributesType, APSKeys.attributes] where aps[key] != nil {
                error(
                    "aps." + key,
                    "only a start carries \(key); an activity's attributes are fixed once it started")
            }
        }
        if event != "end" && aps[APSKeys.dismissalDate] != nil {
            warning("aps.dismissal-date", "dismissal-date is read only with \"event\": \"end\"")
        }
    }
}
