import Foundation
import PushBus

/// Turns payload values into a route: when the payload's keys hold the given values, open a URL built from a
/// template (the JPush seed's `BusinessLine` / `OrderID` mapping).
///
/// ```swift
/// let rules = PayloadRouteRules([
///     PayloadRouteRule(when: ["BusinessLine": "1"], open: "app://flight/order/{OrderID}"),
///     PayloadRouteRule(when: ["BusinessLine": "6"], open: "app://train/order/{OrderID}"),
/// ])
/// let subscription = router.attach(to: center, options: .init(link: { message in
///     rules.link(for: message) ?? PushRouteLink.default(in: message)
/// }))
/// // {"aps": {…}, "BusinessLine": 6, "OrderID": "T2024"} opens app://train/order/T2024
/// ```
///
/// Values compare as text, so numbers and strings alike match: `1`, `1.0` and `"1"` all match `"1"`;
/// Booleans are `"true"` / `"false"`. Keys are the payload's top-level custom keys (outside `aps`).
/// A `{key}` in the template is replaced by that key's value, percent-encoded as one path segment (a value
/// never adds a `/`, `?`, `#` or `..` of its own); a rule whose template names a missing key does not apply.
public struct PayloadRouteRule: Sendable, Hashable {
    /// The payload key → value pairs that must all hold.
    package var conditions: [String: String]
    /// The URL template, with `{key}` placeholders.
    package var template: String

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - conditions: Payload key → value (as text) pairs that must all hold; empty matches every payload.
    ///   - template: The URL to open, with `{key}` placeholders filled from the payload.
    public init(when conditions: [String: String], open template: String) {
        self.conditions = conditions
        self.template = template
    }

    /// The link this rule gives for `message`, or `nil` when a condition fails or a placeholder's key is missing.
    public func link(for message: PushMessage) -> PushRouteLink? {
        let values = PushRouteLink.parameters(in: .object(message.content.customData))
        guard conditions.allSatisfy({ values[$0.key] == $0.value }) else { return nil }
        var url = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            url += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            guard let value = values[key] else { return nil }
            url += Self.segment(value)
            rest = rest[rest.index(after: close)...]
        }
        url += rest
        return PushRouteLink(url: url)
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
