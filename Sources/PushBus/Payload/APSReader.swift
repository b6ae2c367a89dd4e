import Foundation

/// Reads `aps` members into ``PushContent`` with the lenient coercion rules, collecting issues.
struct APSReader {
    var issues: [PayloadIssue]

    mutating func report(_ keyPath: String, _ message: String, _ resolution: PayloadIssue.Resolution) {
        issues.append(PayloadIssue(keyPath: keyPath, message: message, resolution: resolution))
    }

    mutating func readAPS(_ aps: [String: PushValue], into content: inout PushContent) {
        for key in aps.keys where !APSKeys.all.contains(key) {
            report("aps." + key, "not a documented aps key; left in the payload only", .ignored)
        }
        if let alert = aps[APSKeys.alert] {
            switch alert {
            case .string(let body): content.body = body
            case .object(let members): readAlert(members, into: &content)
            case .null: break
            case .int, .double, .bool:
                content.body = string(alert, at: "aps.alert")
            default: report("aps.alert", "expected a string or an object, found \(alert.typeDescription)", .ignored)
            }
        }
        content.badge = badge(aps[APSKeys.badge])
        if let sound = aps[APSKeys.sound] { content.sound = readSound(sound) }
        content.threadIdentifier = string(aps[APSKeys.threadID], at: "aps.thread-id")
        content.categoryIdentifier = string(aps[APSKeys.category], at: "aps.category")
        content.isContentAvailable = flag(aps[APSKeys.contentAvailable], at: "aps.content-available")
        content.isMutableContent = flag(aps[APSKeys.mutableContent], at: "aps.mutable-content")
        content.targetContentIdentifier = string(aps[APSKeys.targetContentID], at: "aps.target-content-id")
        content.interruptionLevel = interruptionLevel(aps[APSKeys.interruptionLevel])
        let isLiveActivity = APSKeys.liveActivity.contains { aps[$0] != nil }
        content.relevanceScore = relevanceScore(aps[APSKeys.relevanceScore], isLiveActivity: isLiveActivity)
        content.filterCriteria = string(aps[APSKeys.filterCriteria], at: "aps.filter-criteria")
        if isLiveActivity { content.liveActivity = readLiveActivity(aps) }
    }

    mutating func readAlert(_ alert: [String: PushValue], into content: inout PushContent) {
        for key in alert.keys where !APSKeys.alertKeys.contains(key) {
            report("aps.alert." + key, "not a documented alert key; left in the payload only", .ignored)
        }
        content.title = string(alert["title"], at: "aps.alert.title")
        content.subtitle = string(alert["subtitle"], at: "aps.alert.subtitle")
        content.body = string(alert["body"], at: "aps.alert.body")
        content.launchImageName = string(alert["launch-image"], at: "aps.alert.launch-image")
        content.titleLocalizationKey = string(alert["title-loc-key"], at: "aps.alert.title-loc-key")
        content.titleLocalizationArguments = strings(alert["title-loc-args"], at: "aps.alert.title-loc-args")
        content.subtitleLocalizationKey = string(alert["subtitle-loc-key"], at: "aps.alert.subtitle-loc-key")
        content.subtitleLocalizationArguments = strings(
            alert["subtitle-loc-args"], at: "aps.alert.subtitle-loc-args")
        content.bodyLocalizationKey = string(alert["loc-key"], at: "aps.alert.loc-key")
        content.bodyLocalizationArguments = strings(alert["loc-args"], at: "aps.alert.loc-args")
        content.actionLocalizationKey = string(alert["action-loc-key"], at: "aps.alert.action-loc-key")
    }

    mutating func readSound(_ value: PushValue) -> PushSound? {
        switch value {
        case .string(let name):
            if name.isEmpty {
                report("aps.sound", "the sound name is empty; no sound", .ignored)
                return nil
            }
            return name == "default" ? .default : .named(name)
        case .object(let members):
            return readCriticalSound(members)
        case .null:
            return nil
        default:
            report("aps.sound", "expected a string or an object, found \(value.typeDescription)", .ignored)
            return nil
        }
    }

    /// `{"critical": 1, "name": "alarm.caf", "volume": 0.8}`; `critical: 0` reads as a plain named sound.
    mutating func readCriticalSound(_ sound: [String: PushValue]) -> PushSound? {
        for key in sound.keys where !APSKeys.soundKeys.contains(key) {
            report("aps.sound." + key, "not a documented sound key; left in the payload only", .ignored)
        }
        let isCritical = flag(sound["critical"], at: "aps.sound.critical")
        var name = string(sound["name"], at: "aps.sound.name")
        if name == nil || name == "" {
            report("aps.sound.name", "no sound name; the default sound is used", .coerced)
            name = "default"
        }
        guard isCritical else { return name == "default" ? .default : .named(name!) }
        var volume = double(sound["volume"], at: "aps.sound.volume") ?? 1
        if !(0...1).contains(volume) {
            let clamped = min(max(volume, 0), 1)
            report("aps.sound.volume", "the volume \(volume) is outside 0…1; clamped to \(clamped)", .coerced)
            volume = clamped
        }
        return .critical(name: name!, volume: volume)
    }

    mutating func readLiveActivity(_ aps: [String: PushValue]) -> LiveActivityContent {
        var activity = LiveActivityContent()
        activity.event = string(aps[APSKeys.event], at: "aps.event")
        if let event = activity.event, !APSKeys.events.contains(event) {
            report("aps.event", "\"\(event)\" is not start, update or end", .kept)
        }
        activity.timestamp = date(aps[APSKeys.timestamp], at: "aps.timestamp")
        activity.staleDate = date(aps[APSKeys.staleDate], at: "aps.stale-date")
        activity.dismissalDate = date(aps[APSKeys.dismissalDate], at: "aps.dismissal-date")
        activity.contentState = object(aps[APSKeys.contentState], at: "aps.content-state")
        activity.attributesType = string(aps[APSKeys.attributesType], at: "aps.attributes-type")
        activity.attributes = object(aps[APSKeys.attributes], at: "aps.attributes")
        return activity
    }

    mutating func badge(_ value: PushValue?) -> Int? {
        guard let badge = int(value, at: "aps.badge") else { return nil }
        guard badge >= 0 else {
            report("aps.badge", "the badge \(badge) is negative; the badge is left as it is", .ignored)
            return nil
        }
        return badge
    }

    mutating func interruptionLevel(_ value: PushValue?) -> InterruptionLevel? {
        guard let text = string(value, at: "aps.interruption-level") else { return nil }
        if let level = InterruptionLevel(rawValue: text) { return level }
        let normalized = text.lowercased().replacingOccurrences(of: "_", with: "-")
        let level = InterruptionLevel(rawValue: normalized) ?? (normalized == "timesensitive" ? .timeSensitive : nil)
        if let level {
            report("aps.interruption-level", "\"\(text)\" read as \"\(level.rawValue)\"", .coerced)
        } else {
            report(
                "aps.interruption-level",
                "\"\(text)\" is not passive, active, time-sensitive or critical; the system default is used",
                .ignored)
        }
        return level
    }

    /// A notification's score is 0…1; a Live Activity's is any number (higher sorts first), kept as it is.
    mutating func relevanceScore(_ value: PushValue?, isLiveActivity: Bool) -> Double? {
        guard let score = double(value, at: "aps.relevance-score") else { return nil }
        guard isLiveActivity || (0...1).contains(score) else {
            let clamped = min(max(score, 0), 1)
            report("aps.relevance-score", "the score \(score) is outside 0…1; clamped to \(clamped)", .coerced)
            return clamped
        }
        return score
    }
}
