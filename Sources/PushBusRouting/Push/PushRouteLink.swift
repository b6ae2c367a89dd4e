import Foundation
public import PushBusCore

/// The link a notification carries, as `attach(to:options:)` opens it.
public struct PushRouteLink: Sendable, Hashable {
    /// The URL to open: absolute (`app://product/12345`) or relative (`product/12345`).
    public var url: String
    /// Extra parameters merged into the request (the `parameters` payload key).
    public var parameters: [String: String]

    /// Creates a link to `url`, with no extra parameters unless given.
    public init(url: String, parameters: [String: String] = [:]) {
        self.url = url
        self.parameters = parameters
    }

    /// The default extraction: `PushMessage.deepLink` (what the message's `DeepLinkExtractor` accepted:
    /// provider keys, then `route`/`url`/`deeplink`/`link`), plus the `parameters` object, each value as a string.
    ///
    /// Only what the extractor accepted is routed: a link it refused (a blocked scheme, a relative link it does
    /// not allow, an over-long or control-character link) is not opened from the raw payload string either.
    ///
    /// For the payload `{"route": "app://product/12345", "parameters": {"name": "iPhone 16 Pro",
    /// "price": "7999"}}` this gives `app://product/12345` with `name` and `price`.
    public static func `default`(in message: PushMessage) -> PushRouteLink? {
        guard let link = message.deepLink else { return nil }
        let parameters = parameters(in: message.content.customData["parameters"])
        return PushRouteLink(url: link.absoluteString, parameters: parameters)
    }

    /// The members of a payload object as strings: strings as they are, numbers and Booleans written out,
    /// nested arrays and objects as compact JSON, `null` left out.
    package static func parameters(in value: PushValue?) -> [String: String] {
        guard let object = value?.objectValue else { return [:] }
        var result: [String: String] = [:]
        for (key, member) in object {
            if let written = text(member) { result[key] = written }
        }
        return result
    }

    /// A payload value as text: strings as they are, numbers and Booleans written out, arrays and objects as
    /// compact JSON with sorted keys, `null` as `nil`.
    package static func text(_ value: PushValue) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number):
            if let exact = Int(exactly: number) { return String(exact) }
            return String(number)
        case .array, .object:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            guard let data = try? encoder.encode(value) else { return nil }
            return String(bytes: data, encoding: .utf8)
        }
    }
}
