import Foundation
import PushBus

/// The link a notification carries, as ``PushRouter/attach(to:options:)`` opens it.
public struct PushRouteLink: Sendable, Hashable {
    /// The URL to open: absolute (`app://product/12345`) or relative (`product/12345`).
    public var url: String
    /// Extra parameters merged into the request (the seeds' `parameters` payload key).
    public var parameters: [String: String]

    public init(url: String, parameters: [String: String] = [:]) {
        self.url = url
        self.parameters = parameters
    }

    /// The default extraction: ``PushMessage/deepLink`` (provider keys, then `route`/`url`/`deeplink`/`link`),
    /// else a relative route under one of those keys; plus the `parameters` object, each value as a string.
    ///
    /// For the seeds' payload `{"route": "app://product/12345", "parameters": {"name": "iPhone 16 Pro",
    /// "price": "7999"}}` this gives `app://product/12345` with `name` and `price`.
    public static func `default`(in message: PushMessage) -> PushRouteLink? {
        let custom = message.content.customData
        var url = message.deepLink?.absoluteString
        if url == nil {
            for key in DeepLinkExtractor.default.keys {
                if let text = custom[key]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines),
                    !text.isEmpty
                {
                    url = text
                    break
                }
            }
        }
        guard let url else { return nil }
        return PushRouteLink(url: url, parameters: parameters(in: custom["parameters"]))
    }

    /// The members of a payload object as strings: strings as they are, numbers and Booleans written out,
    /// nested arrays and objects as compact JSON, `null` left out.
    public static func parameters(in value: PushValue?) -> [String: String] {
        guard let object = value?.objectValue else { return [:] }
        var result: [String: String] = [:]
        for (key, member) in object {
            if let text = string(member) { result[key] = text }
        }
        return result
    }

    private static func string(_ value: PushValue) -> String? {
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
