import Foundation
public import PushBusCore

/// Turns payload values into a route: when the payload holds the given values, open a URL built from a
/// template (a JPush app's `BusinessLine` / `OrderID` mapping).
///
/// ```swift
/// let rules = PayloadRouteRules([
///     PayloadRouteRule(when: ["BusinessLine": "1"], open: "app://flight/order/{OrderID}"),
///     PayloadRouteRule(when: ["BusinessLine": "6"], open: "app://train/order/{OrderID}"),
///     PayloadRouteRule(
///         matching: [.value("aps.sound", equals: "chat.caf"), .present("rc")],
///         open: "app://chat/{rc.fId}"),
///     PayloadRouteRule(matching: [.provider(.rongCloud)], open: "app://chat"),
///     .always(open: "app://notices"),  // everything else
/// ])
/// let subscription = router.attach(
///     to: center,
///     options: .init(link: { message in
///         rules.link(for: message) ?? PushRouteLink.default(in: message)
///     }))
/// // {"aps": {…}, "BusinessLine": 6, "OrderID": "T2024"} opens app://train/order/T2024
/// ```
///
/// A key is a payload key path: a top-level custom key (`BusinessLine`) or a dotted path into the payload
/// (`aps.sound`, `aps.alert.title`, `rc.cType`). A top-level key that itself contains dots (`gcm.message_id`,
/// `com.batch`) is read as that key first; ``Condition/value(at:equals:)`` takes the keys one by one when a path
/// is ambiguous.
///
/// Values compare as text, so numbers and strings alike match: `1`, `1.0` and `"1"` all match `"1"`;
/// Booleans are `"true"` / `"false"`; arrays and objects are compact JSON with sorted keys.
/// A `{key}` in the template is replaced by that key's value (a path too: `{rc.fId}`), percent-encoded as one
/// path segment (a value never adds a `/`, `?`, `#` or `..` of its own); a rule whose template names a missing
/// key does not apply. A rule with no conditions matches every payload: ``always(open:)`` writes that catch-all
/// explicitly.
public struct PayloadRouteRule: Sendable, Hashable {
    /// The payload key → value pairs that must all hold.
    package var conditions: [String: String]
    /// The further conditions that must all hold (`aps` keys, presence, provider).
    package var matchers: [Condition]
    /// The URL template, with `{key}` placeholders.
    package var template: String

    /// One thing a ``PayloadRouteRule`` requires of a message.
    public struct Condition: Sendable, Hashable, CustomStringConvertible {
        package enum Test: Sendable, Hashable {
            case equals([String], String)
            case present([String])
            case provider(PushProvider.Name)
        }

        package var test: Test

        /// The value at `path` (a top-level key or a dotted path such as `aps.sound` or `rc.cType`), read as
        /// text, equals `value`.
        public static func value(_ path: String, equals value: String) -> Condition {
            Condition(test: .equals([path], value))
        }

        /// The value reached through `keys`, one object key each (`["gcm.message_id"]`, `["aps", "sound"]`),
        /// read as text, equals `value`. An empty `keys` never matches.
        public static func value(at keys: [String], equals value: String) -> Condition {
            Condition(test: .equals([""] + keys, value))
        }

        /// The payload has a value other than `null` at `path` (RongCloud's `rc`, `aps.mutable-content`).
        public static func present(_ path: String) -> Condition {
            Condition(test: .present([path]))
        }

        /// The payload has a value other than `null` reached through `keys`, one object key each.
        public static func present(at keys: [String]) -> Condition {
            Condition(test: .present([""] + keys))
        }

        /// The push service that sent the payload is `provider` (`PushMessage.provider`; a local notification
        /// has none and never matches).
        public static func provider(_ provider: PushProvider.Name) -> Condition {
            Condition(test: .provider(provider))
        }

        /// `aps.sound == "chat.caf"`, `present(rc)`, `provider == rongCloud`.
        public var description: String {
            switch test {
            case .equals(let path, let value): return "\(Self.render(path)) == \"\(value)\""
            case .present(let path): return "present(\(Self.render(path)))"
            case .provider(let name): return "provider == \(name)"
            }
        }

        private static func render(_ path: [String]) -> String {
            path.first == "" ? path.dropFirst().joined(separator: ".") : path.joined(separator: ".")
        }

        /// Whether `message` meets the condition.
        func holds(for message: PushMessage) -> Bool {
            switch test {
            case .equals(let path, let value): return PayloadRouteRule.text(at: path, in: message) == value
            case .present(let path):
                guard let found = PayloadRouteRule.value(at: path, in: message) else { return false }
                return !found.isNull
            case .provider(let name): return message.provider?.name == name
            }
        }
    }

    /// Creates a rule on top-level custom keys or key paths.
    ///
    /// - Parameters:
    ///   - conditions: Payload key (or dotted path, `aps.sound`) → value (as text) pairs that must all hold;
    ///     empty matches every payload.
    ///   - template: The URL to open, with `{key}` placeholders filled from the payload.
    public init(when conditions: [String: String], open template: String) {
        self.conditions = conditions
        self.matchers = []
        self.template = template
    }

    /// Creates a rule from conditions on values, presence and the provider.
    ///
    /// - Parameters:
    ///   - conditions: What must all hold (``Condition/value(_:equals:)``, ``Condition/present(_:)``,
    ///     ``Condition/provider(_:)``); empty matches every payload.
    ///   - template: The URL to open, with `{key}` placeholders filled from the payload.
    public init(matching conditions: [Condition], open template: String) {
        self.conditions = [:]
        self.matchers = conditions
        self.template = template
    }

    /// A catch-all: the rule that matches every payload, for the end of a ``PayloadRouteRules`` list.
    ///
    /// - Parameter template: The URL to open, with `{key}` placeholders filled from the payload (a placeholder
    ///   whose key is missing still makes the rule not apply).
    public static func always(open template: String) -> PayloadRouteRule {
        PayloadRouteRule(matching: [], open: template)
    }

    /// The link this rule gives for `message`, or `nil` when a condition fails or a placeholder's key is missing.
    public func link(for message: PushMessage) -> PushRouteLink? {
        guard conditions.allSatisfy({ Self.text(at: [$0.key], in: message) == $0.value }),
            matchers.allSatisfy({ $0.holds(for: message) })
        else { return nil }
        var url = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            url += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            guard let value = Self.text(at: [key], in: message) else { return nil }
            url += Self.segment(value)
            rest = rest[rest.index(after: close)...]
        }
        url += rest
        return PushRouteLink(url: url)
    }

    /// The value at `path`: one element is a top-level key (`aps` too), else a dotted path into the whole
    /// payload; a leading empty element marks a path already split into keys.
    static func value(at path: [String], in message: PushMessage) -> PushValue? {
        if path.first == "" { return walk(path.dropFirst(), in: message.content.payload) }
        guard let key = path.first else { return nil }
        if let custom = message.content.customData[key] ?? message.content.payload[key] { return custom }
        let keys = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard keys.count > 1, !keys.contains(where: \.isEmpty) else { return nil }
        return walk(keys[...], in: message.content.payload)
    }

    private static func walk(_ keys: ArraySlice<String>, in payload: PushValue) -> PushValue? {
        guard !keys.isEmpty else { return nil }
        var value: PushValue? = payload
        for key in keys { value = value?[key] }
        return value
    }

    /// The value at `path` as text (`PushRouteLink.text(_:)`), `nil` when missing or `null`.
    static func text(at path: [String], in message: PushMessage) -> String? {
        value(at: path, in: message).flatMap(PushRouteLink.text)
    }

    /// `value` percent-encoded so that it stays one path segment and cannot climb the path.
    static func segment(_ value: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#%;")
        let encoded = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        switch encoded {
        case ".": return "%2E"
        case "..": return "%2E%2E"
        default: return encoded
        }
    }
}

/// An ordered list of ``PayloadRouteRule``s: the first that applies gives the link.
public struct PayloadRouteRules: Sendable, Hashable {
    /// The rules, tried in order.
    package var rules: [PayloadRouteRule]

    /// Creates the list; ``link(for:)`` tries the rules in this order.
    public init(_ rules: [PayloadRouteRule]) {
        self.rules = rules
    }

    /// The link of the first rule that applies to `message`, or `nil`.
    public func link(for message: PushMessage) -> PushRouteLink? {
        for rule in rules {
            if let link = rule.link(for: message) { return link }
        }
        return nil
    }
}
