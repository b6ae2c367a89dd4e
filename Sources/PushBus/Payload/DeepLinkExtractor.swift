import Foundation

/// Finds the deep link a payload carries: a provider's own key, or a configurable top-level key.
public struct DeepLinkExtractor: Sendable, Hashable {
    /// Top-level keys tried in order after the provider's key.
    public var keys: [String]

    public init(keys: [String] = ["route", "url", "deeplink", "link"]) {
        self.keys = keys
    }

    /// The extractor ``PushMessage`` uses.
    public static let `default` = DeepLinkExtractor()

    /// The deep link in `payload`, if any key holds a string that parses as a URL.
    public func deepLink(in payload: PushValue, provider: PushProvider?) -> URL? {
        guard case .object(let root) = payload else { return nil }
        for key in keys {
            if let text = root[key]?.stringValue, let url = URL(string: text), url.scheme != nil {
                return url
            }
        }
        return nil
    }
}
