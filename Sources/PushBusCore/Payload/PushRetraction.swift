/// What a push takes back: the earlier messages it retracts or replaces (the top-level `pushbus` dictionary).
///
/// ```json
/// {"aps": {"content-available": 1}, "pushbus": {"retract": ["fcm:0:1700000000%a1", "0:1700000000%a2"]}}
/// {"aps": {"alert": "Order cancelled", "mutable-content": 1}, "pushbus": {"replaces": "order-1001-shipped"}}
/// ```
///
/// Each target names a message by its PushBus id (``PushMessage/ID/rawValue``, `fcm:0:1700000000%a1`) or by the
/// provider's own message id (`0:1700000000%a1`). Docs/Retraction.md says who acts on it in each app state.
public struct PushRetraction: Sendable, Hashable {
    /// `pushbus.retract`: the messages to take back (removed from Notification Center and from the inbox).
    public var retracted: [String]
    /// `pushbus.replaces`: the message this push replaces (removed; this push is shown instead).
    public var replaced: String?

    /// Creates a retraction.
    ///
    /// - Parameters:
    ///   - retracted: The ids of the messages to take back.
    ///   - replaced: The id of the message this push replaces.
    package init(retracted: [String] = [], replaced: String? = nil) {
        self.retracted = retracted
        self.replaced = replaced
    }

    /// The payload key of the PushBus dictionary.
    package static let namespaceKey = "pushbus"
    /// The keys inside it.
    package static let retractKey = "retract"
    package static let replacesKey = "replaces"
    /// The most targets one push names; more are ignored (and reported).
    static let maximumTargets = 100

    /// Every target: the retracted ones, then the replaced one.
    var targets: [String] { retracted + (replaced.map { [$0] } ?? []) }
}

extension PushRetraction {
    /// Reads the `pushbus` dictionary leniently: a number is read as its decimal text, a single string as a list of
    /// one, and anything else is dropped; each with a ``PayloadIssue``. `nil` when it names no target.
    package static func read(_ value: PushValue, issues: inout [PayloadIssue]) -> PushRetraction? {
        let base = namespaceKey
        guard case .object(let members) = value else {
            issues.append(
                PayloadIssue(
                    keyPath: base, message: "expected an object, found \(value.typeDescription)", resolution: .ignored))
            return nil
        }
        var retraction = PushRetraction()
        if let retract = members[retractKey] {
            let path = base + "." + retractKey
            let elements: [(PushValue, String)]
            switch retract {
            case .array(let values):
                elements = values.enumerated().map { ($0.element, "\(path)[\($0.offset)]") }
            case .string, .int:
                issues.append(
                    PayloadIssue(keyPath: path, message: "expected an array of ids, found one id", resolution: .coerced)
                )
                elements = [(retract, path)]
            default:
                issues.append(
                    PayloadIssue(
                        keyPath: path, message: "expected an array of ids, found \(retract.typeDescription)",
                        resolution: .ignored))
                elements = []
            }
            for (element, elementPath) in elements {
                guard let id = identifier(element, at: elementPath, issues: &issues) else { continue }
                guard retraction.retracted.count < maximumTargets else {
                    issues.append(
                        PayloadIssue(
                            keyPath: path, message: "more than \(maximumTargets) ids; the rest are ignored",
                            resolution: .ignored))
                    break
                }
                if !retraction.retracted.contains(id) { retraction.retracted.append(id) }
            }
        }
        if let replaces = members[replacesKey] {
            retraction.replaced = identifier(replaces, at: base + "." + replacesKey, issues: &issues)
        }
        return retraction.targets.isEmpty ? nil : retraction
    }

    /// One target: a non-empty string, or an integer read as its decimal text (JPush's numeric message ids).
    private static func identifier(_ value: PushValue, at path: String, issues: inout [PayloadIssue]) -> String? {
        switch value {
        case .string(let text) where !text.isEmpty:
            return text
        case .string:
            issues.append(PayloadIssue(keyPath: path, message: "an id cannot be empty", resolution: .ignored))
            return nil
        case .int(let number):
            issues.append(
                PayloadIssue(keyPath: path, message: "expected a string id, found a number", resolution: .coerced))
            return String(number)
        default:
            issues.append(
                PayloadIssue(
                    keyPath: path, message: "expected a non-empty string id, found \(value.typeDescription)",
                    resolution: .ignored))
            return nil
        }
    }
}
