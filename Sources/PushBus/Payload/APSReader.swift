import Foundation

/// Reads `aps` members into ``PushContent`` with the lenient coercion rules, collecting issues.
struct APSReader {
    var issues: [PayloadIssue]

    mutating func report(_ keyPath: String, _ message: String, _ resolution: PayloadIssue.Resolution) {
        issues.append(PayloadIssue(keyPath: keyPath, message: message, resolution: resolution))
    }

    /// One pass over `aps`, dispatching on the key: every message takes this path, so no key is hashed twice.
    mutating func readAPS(_ aps: [String: PushValue], into content: inout PushContent) {
        var relevanceScore: PushValue?
        var activity = LiveActivityContent()
        var isLiveActivity = false
        for (key, value) in aps {
            switch key {
            case APSKeys.alert: readAlertValue(value, into: &content)
            case APSKeys.badge: content.badge = badge(value)
            case APSKeys.sound: content.sound = readSound(value)
            case APSKeys.threadID: content.threadIdentifier = string(value, at: "aps.thread-id")
            case APSKeys.category: content.categoryIdentifier = string(value, at: "aps.category")
            case APSKeys.contentAvailable: content.isContentAvailable = flag(value, at: "aps.content-available")
            case APSKeys.mutableContent: content.isMutableContent = flag(value, at: "aps.mutable-content")
            case APSKeys.targetContentID: content.targetContentIdentifier = string(value, at: "aps.target-content-id")
            case APSKeys.interruptionLevel: content.interruptionLevel = interruptionLevel(value)
            case APSKeys.relevanceScore: relevanceScore = value
            case APSKeys.filterCriteria: content.filterCriteria = string(value, at: "aps.filter-criteria")
            case APSKeys.urlArgs, APSKeys.inputPushToken, APSKeys.inputPushChannel: break  // for iOS, not the app
            case APSKeys.event, APSKeys.timestamp, APSKeys.staleDate, APSKeys.dismissalDate, APSKeys.contentState,
                APSKeys.attributesType, APSKeys.attributes:
                isLiveActivity = true
                readLiveActivity(key, value, into: &activity)
            default:
                report("aps." + key, "not a documented aps key; left in the payload only", .ignored)
            }
        }
        content.relevanceScore = self.relevanceScore(relevanceScore, isLiveActivity: isLiveActivity)
        if isLiveActivity { content.liveActivity = activity }
    }

    mutating func readAlertValue(_ alert: PushValue, into content: inout PushContent) {
        switch alert {
        case .string(let body): content.body = body
        case .object(let members): readAlert(members, into: &content)
        case .null: reportNull(at: "aps.alert", expected: "a string or an object")
        case .int, .double, .bool: content.body = string(alert, at: "aps.alert")
        default: report("aps.alert", "expected a string or an object, found \(alert.typeDescription)", .ignored)
        }
    }

    mutating func readAlert(_ alert: [String: PushValue], into content: inout PushContent) {
        for (key, value) in alert {
            switch key {
            case "title": content.title = string(value, at: "aps.alert.title")
            case "subtitle": content.subtitle = string(value, at: "aps.alert.subtitle")
            case "body": content.body = string(value, at: "aps.alert.body")
            case "launch-image": content.launchImageName = string(value, at: "aps.alert.launch-image")
            case "title-loc-key": content.titleLocalizationKey = string(value, at: "aps.alert.title-loc-key")
            case "title-loc-args":
                content.titleLocalizationArguments = strings(value, at: "aps.alert.title-loc-args")
            case "subtitle-loc-key": content.subtitleLocalizationKey = string(value, at: "aps.alert.subtitle-loc-key")
            case "subtitle-loc-args":
                content.subtitleLocalizationArguments = strings(value, at: "aps.alert.subtitle-loc-args")
            case "loc-key": content.bodyLocalizationKey = string(value, at: "aps.alert.loc-key")
            case "loc-args": content.bodyLocalizationArguments = strings(value, at: "aps.alert.loc-args")
            case "action-loc-key": content.actionLocalizationKey = string(value, at: "aps.alert.action-loc-key")
            case "action": break
            default: report("aps.alert." + key, "not a documented alert key; left in the payload only", .ignored)
            }
        }
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
            reportNull(at: "aps.sound", expected: "a string or an object")
            return nil
        default:
            report("aps.sound", "expected a string or an object, found \(value.typeDescription)", .ignored)
            return nil
        }
    }

    /// `{"critical": 1, "name": "alarm.caf", "volume": 0.8}`; `critical: 0` reads as a plain named sound.
    mutating func readCriticalSound(_ sound: [String: PushValue]) -> PushSound? {
        for key in sound.keys where key != "critical" && key != "name" && key != "volume" {
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

    mutating func readLiveActivity(_ key: String, _ value: PushValue, into activity: inout LiveActivityContent) {
        switch key {
        case APSKeys.event:
            activity.event = string(value, at: "aps.event")
            if let event = activity.event, !APSKeys.events.contains(event) {
                report("aps.event", "\"\(event)\" is not start, update or end", .kept)
            }
        case APSKeys.timestamp: activity.timestamp = date(value, at: "aps.timestamp")
        case APSKeys.staleDate: activity.staleDate = date(value, at: "aps.stale-date")
        case APSKeys.dismissalDate: activity.dismissalDate = date(value, at: "aps.dismissal-date")
        case APSKeys.contentState: activity.contentState = object(value, at: "aps.content-state")
        case APSKeys.attributesType: activity.attributesType = string(value, at: "aps.attributes-type")
        case APSKeys.attributes: activity.attributes = object(value, at: "aps.attributes")
        default: break
        }
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
        guard let score = double(value, at: "aps.relevance-score"), score.isFinite else { return nil }
        guard isLiveActivity || (0...1).contains(score) else {
            let clamped = min(max(score, 0), 1)
            report("aps.relevance-score", "the score \(score) is outside 0…1; clamped to \(clamped)", .coerced)
            return clamped
        }
        return score
    }
}
