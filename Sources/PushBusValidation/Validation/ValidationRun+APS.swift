internal import PushBusCore

/// The `aps` rules of ``PayloadValidator``.
///
/// Sources, cited beside each rule: Apple, "Generating a remote notification" (UserNotifications; the `aps` keys,
/// their types, the `alert` and critical `sound` dictionaries, `interruption-level`, `relevance-score`); "Pushing
/// background updates to your App" (a background push carries only `content-available: 1`, sent with
/// `apns-push-type: background`); "Modifying content in newly delivered notifications" (the service extension runs
/// for `mutable-content: 1` with an alert).
extension ValidationRun {
    /// "Generating a remote notification", the table of `aps` keys: anything else is ignored by the device.
    mutating func validateAPS(_ aps: [String: PushValue], pushType: PushType) {
        for key in aps.keys.sorted() where !APSKeys.all.contains(key) {
            warning("aps." + key, "not a documented aps key; devices ignore it (custom data belongs beside aps)")
        }
        var hasAlert = false
        if let alert = aps[APSKeys.alert] {
            switch alert {
            case .string: hasAlert = true
            case .object(let members):
                hasAlert = true
                // A Live Activity alert by its push type, or by its event when the type was not given.
                validateAlert(members, isLiveActivity: pushType == .liveActivity || aps[APSKeys.event] != nil)
            default: error("aps.alert", "expected a string or an object, found \(article(alert))")
            }
        }
        // "Generating a remote notification": badge is a number (0 removes it); sound a file name or "default", or a
        // dictionary for a critical alert (critical 1, name, volume 0…1).
        if let badge = aps[APSKeys.badge] {
            if let count = badge.intValue, case .int = badge {
                if count < 0 { error("aps.badge", "expected a non-negative integer, found \(count)") }
            } else {
                error("aps.badge", "expected a non-negative integer, found \(article(badge))")
            }
        }
        if let sound = aps[APSKeys.sound] { validateSound(sound) }
        for key in [
            APSKeys.threadID, APSKeys.category, APSKeys.targetContentID, APSKeys.filterCriteria,
            APSKeys.attributesType,
        ] {
            if let value = aps[key] { requireString(value, at: "aps." + key) }
        }
        let isContentAvailable = validateFlag(aps[APSKeys.contentAvailable], at: "aps.content-available")
        let isMutableContent = validateFlag(aps[APSKeys.mutableContent], at: "aps.mutable-content")
        // "Generating a remote notification": interruption-level is passive, active, time-sensitive or critical;
        // relevance-score a number from 0 to 1 (any number for a Live Activity, "Starting and updating Live
        // Activities with ActivityKit push notifications", where it orders the app's activities).
        if let level = aps[APSKeys.interruptionLevel] {
            if case .string(let text) = level, InterruptionLevel(rawValue: text) != nil {
            } else {
                error(
                    "aps.interruption-level",
                    "expected \"passive\", \"active\", \"time-sensitive\" or \"critical\", found \(article(level))")
            }
        }
        if let score = aps[APSKeys.relevanceScore] {
            if let number = score.doubleValue, !(score.boolValue != nil) {
                let isLiveActivity = pushType == .liveActivity || aps[APSKeys.event] != nil
                if !isLiveActivity && !(0...1).contains(number) {
                    error("aps.relevance-score", "expected a number from 0 to 1, found \(number)")
                }
            } else {
                error("aps.relevance-score", "expected a number from 0 to 1, found \(article(score))")
            }
        }
        let isVisible = hasAlert || aps[APSKeys.sound] != nil || aps[APSKeys.badge] != nil
        validateLiveActivity(aps, pushType: pushType)
        validatePurpose(
            pushType: pushType, isVisible: isVisible, hasAlert: hasAlert, isContentAvailable: isContentAvailable,
            isMutableContent: isMutableContent, isLiveActivity: aps[APSKeys.event] != nil)
    }

    /// "Pushing background updates to your App" (a background push has only content-available 1, nothing shown) and
    /// "Modifying content in newly delivered notifications" (the service extension needs an alert).
    private mutating func validatePurpose(
        pushType: PushType, isVisible: Bool, hasAlert: Bool, isContentAvailable: Bool, isMutableContent: Bool,
        isLiveActivity: Bool
    ) {
        // content-available with an alert, sound or badge is legal (a background update with a visible part);
        // only the background push type must carry nothing to show.
        if isContentAvailable && isVisible && pushType == .background {
            error(
                "aps.content-available",
                "a background push must not carry an alert, sound or badge; send it as an alert push instead")
        }
        if pushType == .background && !isContentAvailable {
            error("aps.content-available", "a background push needs \"content-available\": 1")
        }
        if pushType == .alert && !isVisible && !isContentAvailable && !isLiveActivity {
            warning("aps", "nothing to show: no alert, sound or badge (for a silent push use content-available 1)")
        }
        if isMutableContent && !hasAlert {
            warning("aps.mutable-content", "the notification service extension runs only for pushes with an alert")
        }
    }

    /// "Generating a remote notification", the alert dictionary; a Live Activity alert's title and body may be
    /// localizable objects and it may carry a sound ("Starting and updating Live Activities with ActivityKit push
    /// notifications").
    private mutating func validateAlert(_ alert: [String: PushValue], isLiveActivity: Bool) {
        for key in alert.keys.sorted() where !APSKeys.alertKeys.contains(key) {
            if isLiveActivity && APSKeys.liveActivityAlertKeys.contains(key) { continue }
            let note = APSKeys.liveActivityAlertKeys.contains(key) ? " outside a Live Activity (use aps.\(key))" : ""
            warning("aps.alert." + key, "not a documented alert key\(note); devices ignore it")
        }
        if isLiveActivity, let sound = alert["sound"] { validateSound(sound, at: "aps.alert.sound") }
        for key in ["launch-image", "title-loc-key", "subtitle-loc-key", "loc-key", "action-loc-key", "action"] {
            if let value = alert[key] { requireString(value, at: "aps.alert." + key) }
        }
        for key in ["title", "subtitle", "body"] {
            guard let value = alert[key] else { continue }
            if isLiveActivity, case .object(let localizable) = value {
                validateLocalizable(localizable, at: "aps.alert." + key)
            } else if isLiveActivity {
                if case .string = value { continue }
                error("aps.alert." + key, "expected a string or a {loc-key, loc-args} object, found \(article(value))")
            } else {
                requireString(value, at: "aps.alert." + key)
            }
        }
        for (args, locKey) in [
            ("title-loc-args", "title-loc-key"), ("subtitle-loc-args", "subtitle-loc-key"), ("loc-args", "loc-key"),
        ] {
            guard let value = alert[args] else { continue }
            requireStrings(value, at: "aps.alert." + args)
            if alert[locKey] == nil {
                warning("aps.alert." + args, "\(args) without \(locKey) is never used")
            }
        }
    }

    /// A Live Activity alert's `{"loc-key": "%@ found a sword!", "loc-args": ["Power Panda"]}`.
    private mutating func validateLocalizable(_ localizable: [String: PushValue], at keyPath: String) {
        for key in localizable.keys.sorted() where key != "loc-key" && key != "loc-args" {
            warning(keyPath + "." + key, "not a documented key of a localizable string; devices ignore it")
        }
        if let key = localizable["loc-key"] {
            requireString(key, at: keyPath + ".loc-key")
        } else {
            error(keyPath + ".loc-key", "a localizable string needs a loc-key")
        }
        if let arguments = localizable["loc-args"] { requireStrings(arguments, at: keyPath + ".loc-args") }
    }

    private mutating func validateSound(_ sound: PushValue, at keyPath: String = "aps.sound") {
        switch sound {
        case .string(let name):
            if name.isEmpty { error(keyPath, "the sound name is empty; use \"default\" or a file name") }
        case .object(let members):
            for key in members.keys.sorted() where !APSKeys.soundKeys.contains(key) {
                warning(keyPath + "." + key, "not a documented sound key; devices ignore it")
            }
            if let critical = members["critical"] {
                if case .int(let flag) = critical, flag == 0 || flag == 1 {
                } else {
                    error(keyPath + ".critical", "expected 1 (critical) or 0, found \(article(critical))")
                }
            }
            if let name = members["name"] {
                requireString(name, at: keyPath + ".name")
            } else {
                error(keyPath + ".name", "a sound dictionary needs a name (a file name or \"default\")")
            }
            if let volume = members["volume"] {
                if let number = volume.doubleValue, volume.boolValue == nil {
                    if !(0...1).contains(number) {
                        error(keyPath + ".volume", "expected a number from 0 to 1, found \(number)")
                    }
                } else {
                    error(keyPath + ".volume", "expected a number from 0 to 1, found \(article(volume))")
                }
            }
        default:
            error(keyPath, "expected a string or a critical-sound object, found \(article(sound))")
        }
    }

    /// Checks a 0/1 flag; returns whether it is set to 1.
    private mutating func validateFlag(_ value: PushValue?, at keyPath: String) -> Bool {
        guard let value else { return false }
        switch value {
        case .int(1): return true
        case .int(0):
            warning(keyPath, "0 has no effect; omit the key instead")
            return false
        default:
            error(keyPath, "expected the number 1, found \(article(value))")
            return false
        }
    }

    private mutating func requireStrings(_ value: PushValue, at keyPath: String) {
        guard case .array(let elements) = value else {
            error(keyPath, "expected an array of strings, found \(article(value))")
            return
        }
        for (index, element) in elements.enumerated() { requireString(element, at: "\(keyPath)[\(index)]") }
    }

    mutating func requireString(_ value: PushValue, at keyPath: String) {
        if case .string = value { return }
        error(keyPath, "expected a string, found \(article(value))")
    }
}
