internal import Foundation

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
        var alert = AlertExtras()
        for (key, value) in aps {
            switch key {
            case APSKeys.alert: readAlertValue(value, into: &content, extras: &alert)
            case APSKeys.badge: content.badge = badge(value)
            case APSKeys.sound: content.sound = readSound(value, at: "aps.sound")
            case APSKeys.threadID: content.threadIdentifier = string(value, at: "aps.thread-id")
            case APSKeys.category: content.categoryIdentifier = string(value, at: "aps.category")
            case APSKeys.contentAvailable: content.isContentAvailable = flag(value, at: "aps.content-available")
            case APSKeys.mutableContent: content.isMutableContent = flag(value, at: "aps.mutable-content")
            case APSKeys.targetContentID: content.targetContentIdentifier = string(value, at: "aps.target-content-id")
            case APSKeys.interruptionLevel: content.interruptionLevel = interruptionLevel(value)
            case APSKeys.relevanceScore: relevanceScore = value
            case APSKeys.filterCriteria: content.filterCriteria = string(value, at: "aps.filter-criteria")
            case APSKeys.urlArgs, APSKeys.inputPushToken, APSKeys.inputPushChannel, APSKeys.contentChanged:
                break  // for iOS (or WidgetKit), not the app
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
        finishAlert(alert, isLiveActivity: isLiveActivity, into: &content)
    }

    /// What a Live Activity alert writes differently: `sound` inside `alert`, localizable title/body objects.
    struct AlertExtras {
        var sound: PushSound?
        var hasSound = false
        var localizableObjects: [String] = []
    }

    /// A Live Activity alert's `sound` plays (when `aps.sound` is absent); in other pushes it is reported.
    /// A localizable object outside a Live Activity is read all the same, and reported.
    private mutating func finishAlert(_ alert: AlertExtras, isLiveActivity: Bool, into content: inout PushContent) {
        if alert.hasSound {
            if isLiveActivity {
                if content.sound == nil { content.sound = alert.sound }
            } else {
                report(
                    "aps.alert.sound", "sound inside alert is played only for Live Activities; use aps.sound",
                    .ignored)
            }
        }
        guard !isLiveActivity else { return }
        for keyPath in alert.localizableObjects {
            report(
                keyPath, "a {loc-key, loc-args} object is documented for Live Activity alerts; read as its keys",
                .coerced)
        }
    }

    mutating func readAlertValue(_ alert: PushValue, into content: inout PushContent, extras: inout AlertExtras) {
        switch alert {
        case .string(let body): content.body = body
        case .object(let members): readAlert(members, into: &content, extras: &extras)
        case .null: reportNull(at: "aps.alert", expected: "a string or an object")
        case .int, .double, .bool: content.body = string(alert, at: "aps.alert")
        default: report("aps.alert", "expected a string or an object, found \(alert.typeDescription)", .ignored)
        }
    }

    mutating func readAlert(_ alert: [String: PushValue], into content: inout PushContent, extras: inout AlertExtras) {
        for (key, value) in alert {
            switch (key, value) {
            case ("title", .object(let localizable)):
                extras.localizableObjects.append("aps.alert.title")
                readLocalizable(
                    localizable, at: "aps.alert.title", key: &content.titleLocalizationKey,
                    arguments: &content.titleLocalizationArguments)
            case ("subtitle", .object(let localizable)):
                extras.localizableObjects.append("aps.alert.subtitle")
                readLocalizable(
                    localizable, at: "aps.alert.subtitle", key: &content.subtitleLocalizationKey,
                    arguments: &content.subtitleLocalizationArguments)
            case ("body", .object(let localizable)):
                extras.localizableObjects.append("aps.alert.body")
                readLocalizable(
                    localizable, at: "aps.alert.body", key: &content.bodyLocalizationKey,
                    arguments: &content.bodyLocalizationArguments)
            case ("sound", _):
                extras.hasSound = true
                extras.sound = readSound(value, at: "aps.alert.sound")
            default: readAlertMember(key, value, into: &content)
            }
        }
    }

    /// `{"loc-key": "%@ is on an adventure!", "loc-args": ["Power Panda"]}`: the same fields as the flat
    /// `title-loc-key` / `loc-key` keys, which win when both are present.
    private mutating func readLocalizable(
        _ localizable: [String: PushValue], at keyPath: String, key: inout String?, arguments: inout [String]?
    ) {
        for member in localizable.keys where member != "loc-key" && member != "loc-args" {
            report(keyPath + "." + member, "not a documented key of a localizable string; ignored", .ignored)
        }
        if key == nil { key = string(localizable["loc-key"], at: keyPath + ".loc-key") }
        if arguments == nil { arguments = strings(localizable["loc-args"], at: keyPath + ".loc-args") }
    }

    private mutating func readAlertMember(_ key: String, _ value: PushValue, into content: inout PushContent) {
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

    /// `aps.sound`, or a Live Activity's `aps.alert.sound`.
    mutating func readSound(_ value: PushValue, at keyPath: String) -> PushSound? {
        switch value {
        case .string(let name):
            if name.isEmpty {
                report(keyPath, "the sound name is empty; no sound", .ignored)
                return nil
            }
            return name == "default" ? .default : .named(name)
        case .object(let members):
            return readCriticalSound(members, at: keyPath)
        case .null:
            reportNull(at: keyPath, expected: "a string or an object")
            return nil
        default:
            report(keyPath, "expected a string or an object, found \(value.typeDescription)", .ignored)
            return nil
        }
    }

    /// `{"critical": 1, "name": "alarm.caf", "volume": 0.8}`; `critical: 0` reads as a plain named sound.
    mutating func readCriticalSound(_ sound: [String: PushValue], at keyPath: String) -> PushSound? {
        for key in sound.keys where key != "critical" && key != "name" && key != "volume" {
            report(keyPath + "." + key, "not a documented sound key; left in the payload only", .ignored)
        }
        let isCritical = flag(sound["critical"], at: keyPath + ".critical")
        var name = string(sound["name"], at: keyPath + ".name")
        if name == nil || name == "" {
            report(keyPath + ".name", "no sound name; the default sound is used", .coerced)
            name = "default"
        }
        guard isCritical else { return name == "default" ? .default : .named(name!) }
        var volume = double(sound["volume"], at: keyPath + ".volume") ?? 1
        if !(0...1).contains(volume) {
            let clamped = min(max(volume, 0), 1)
            report(keyPath + ".volume", "the volume \(volume) is outside 0…1; clamped to \(clamped)", .coerced)
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
