import Foundation

extension PushContent {
    /// Reads a remote payload leniently. Never throws: problems end up in ``issues``.
    ///
    /// - Parameter userInfo: The payload as iOS hands it over (`UNNotificationContent.userInfo`, the
    ///   `didReceiveRemoteNotification` dictionary, or the launch options' `.remoteNotification` value).
    public init(userInfo: [AnyHashable: Any]) {
        var issues: [PayloadIssue] = []
        let payload = PushValue.convert(userInfo, path: "", issues: &issues)
        self.init(payload: payload, conversionIssues: issues)
    }

    /// Reads a payload that is already a ``PushValue`` (for example parsed from JSON).
    public init(payload: PushValue) {
        self.init(payload: payload, conversionIssues: [])
    }

    init(payload: PushValue, conversionIssues: [PayloadIssue]) {
        self.init()
        self.payload = payload
        issues = conversionIssues
        var reader = PayloadReader(issues: issues)
        guard case .object(let root) = payload else {
            reader.report("", "the payload is a \(payload.typeName), not an object", .ignored)
            issues = reader.issues
            return
        }
        var custom = root
        custom.removeValue(forKey: "aps")
        customData = custom
        if let aps = root["aps"] {
            if case .object(let apsMembers) = aps {
                reader.readAPS(apsMembers, into: &self)
            } else {
                reader.report("aps", "expected an object, found \(aps.typeName)", .ignored)
            }
        }
        issues = reader.issues
    }
}

/// Reads `aps` members with the lenient coercion rules, collecting issues.
struct PayloadReader {
    var issues: [PayloadIssue]

    mutating func report(_ keyPath: String, _ message: String, _ resolution: PayloadIssue.Resolution) {
        issues.append(PayloadIssue(keyPath: keyPath, message: message, resolution: resolution))
    }

    mutating func readAPS(_ aps: [String: PushValue], into content: inout PushContent) {
        if let alert = aps["alert"] {
            switch alert {
            case .string(let body): content.body = body
            case .object(let members): readAlert(members, into: &content)
            case .null: break
            default: report("aps.alert", "expected a string or an object, found \(alert.typeName)", .ignored)
            }
        }
        content.badge = int(aps["badge"], at: "aps.badge")
        if let sound = aps["sound"] { content.sound = readSound(sound) }
        content.threadIdentifier = string(aps["thread-id"], at: "aps.thread-id")
        content.categoryIdentifier = string(aps["category"], at: "aps.category")
        content.isContentAvailable = flag(aps["content-available"], at: "aps.content-available")
        content.isMutableContent = flag(aps["mutable-content"], at: "aps.mutable-content")
    }

    mutating func readAlert(_ alert: [String: PushValue], into content: inout PushContent) {
        content.title = string(alert["title"], at: "aps.alert.title")
        content.subtitle = string(alert["subtitle"], at: "aps.alert.subtitle")
        content.body = string(alert["body"], at: "aps.alert.body")
    }

    mutating func readSound(_ value: PushValue) -> PushSound? {
        switch value {
        case .string(let name): return name == "default" ? .default : .named(name)
        default:
            report("aps.sound", "expected a string or an object, found \(value.typeName)", .ignored)
            return nil
        }
    }

    /// A string, coercing numbers and Booleans to their text.
    mutating func string(_ value: PushValue?, at keyPath: String) -> String? {
        guard let value else { return nil }
        switch value {
        case .string(let string): return string
        case .null: return nil
        case .int(let int):
            report(keyPath, "expected a string, found the number \(int)", .coerced)
            return String(int)
        default:
            report(keyPath, "expected a string, found \(value.typeName)", .ignored)
            return nil
        }
    }

    /// An integer, coercing numeric strings and integral doubles.
    mutating func int(_ value: PushValue?, at keyPath: String) -> Int? {
        guard let value else { return nil }
        switch value {
        case .int(let int): return int
        case .null: return nil
        case .string(let string):
            if let int = Int(string.trimmingCharacters(in: .whitespaces)) {
                report(keyPath, "expected a number, found the string \"\(string)\"", .coerced)
                return int
            }
        case .double(let double):
            if let int = value.intValue {
                report(keyPath, "expected an integer, found \(double)", .coerced)
                return int
            }
        default: break
        }
        report(keyPath, "expected an integer, found \(value.typeName)", .ignored)
        return nil
    }

    /// A 0/1 flag, as APNs writes `content-available` and `mutable-content`.
    mutating func flag(_ value: PushValue?, at keyPath: String) -> Bool {
        guard let value else { return false }
        switch value {
        case .int(let int): return int != 0
        case .bool(let bool):
            report(keyPath, "expected the number 1, found the Boolean \(bool)", .coerced)
            return bool
        case .string(let string) where Int(string) != nil:
            report(keyPath, "expected the number 1, found the string \"\(string)\"", .coerced)
            return Int(string) != 0
        case .null: return false
        default:
            report(keyPath, "expected the number 1, found \(value.typeName)", .ignored)
            return false
        }
    }
}
