/// The Live Activity rules of ``PayloadValidator`` (`apns-push-type: liveactivity`).
extension ValidationRun {
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
                if seconds < 0 { error("aps." + key, "expected seconds since 1970, found \(seconds)") }
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
        guard pushType == .liveActivity else { return }
        if aps[APSKeys.event] == nil { error("aps.event", "a Live Activity push needs an event") }
        if aps[APSKeys.timestamp] == nil {
            error("aps.timestamp", "a Live Activity push needs a timestamp; without one updates can be dropped")
        }
        if (event == "start" || event == "update") && aps[APSKeys.contentState] == nil {
            error("aps.content-state", "a Live Activity \(event!) needs content-state")
        }
        if event == "start" {
            if aps[APSKeys.attributesType] == nil {
                error("aps.attributes-type", "a Live Activity start needs attributes-type")
            }
            if aps[APSKeys.attributes] == nil { error("aps.attributes", "a Live Activity start needs attributes") }
        }
    }
}
