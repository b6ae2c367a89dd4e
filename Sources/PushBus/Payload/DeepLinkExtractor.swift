import Foundation

/// Finds the deep link a payload carries: the provider's own key first, then configurable top-level keys.
///
/// Provider keys: FCM `gcm.app_link`; OneSignal `custom.u` (also when `custom` is JSON text), then
/// `os_data.u`; Airship `^d`; Braze `ab_uri`. Then the top-level ``keys`` in order (`route`, `url`,
/// `deeplink`, `link` by default), as the seeds' payloads write `{"route": "app://product/12345", …}`.
///
/// A candidate is used when it is a string that reads as a URL: surrounding whitespace is trimmed, spaces and
/// other characters a URL cannot hold are percent-encoded, and the candidate is rejected (and the next key
/// tried) when it is empty, longer than ``maximumLength``, holds control characters, uses a scheme in
/// ``blockedSchemes``, or starts with `//` (a host with no scheme). A relative link such as `product/12345`
/// is kept as a scheme-less URL when ``allowsRelativeLinks`` is `true` (the default): the router resolves it
/// against its own scheme. The extractor never follows or rewrites a link; which routes a link may open is
/// the router's decision.
///
/// Configure it once at startup, before the first message is built:
///
/// ```swift
/// DeepLinkExtractor.default = DeepLinkExtractor(keys: ["target", "route"])
/// ```
public struct DeepLinkExtractor: Sendable, Hashable {
    /// Top-level keys tried in order after the provider's key.
    public var keys: [String]
    /// A Boolean value indicating whether the provider's own deep-link key is tried first.
    public var usesProviderKeys: Bool
    /// A Boolean value indicating whether a link with no scheme (`product/12345`) is accepted.
    public var allowsRelativeLinks: Bool
    /// Schemes never returned as a deep link (compared case-insensitively).
    public var blockedSchemes: Set<String>
    /// Longer candidates are rejected.
    public var maximumLength: Int

    /// The keys the seeds' payloads and most backends use.
    public static let defaultKeys = ["route", "url", "deeplink", "link"]
    /// Schemes that run code or read local files when opened.
    public static let defaultBlockedSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]

    public init(
        keys: [String] = DeepLinkExtractor.defaultKeys, usesProviderKeys: Bool = true,
        allowsRelativeLinks: Bool = true, blockedSchemes: Set<String> = DeepLinkExtractor.defaultBlockedSchemes,
        maximumLength: Int = 4096
    ) {
        self.keys = keys
        self.usesProviderKeys = usesProviderKeys
        self.allowsRelativeLinks = allowsRelativeLinks
        self.blockedSchemes = Set(blockedSchemes.map { $0.lowercased() })
        self.maximumLength = maximumLength
    }

    private static let shared = LockedState(DeepLinkExtractor())

    /// The extractor ``PushMessage/init(kind:content:response:appState:path:requestIdentifier:date:)`` uses.
    ///
    /// Set it once at startup; messages built earlier keep the link they were built with. To use another
    /// extractor for one message, pass it to
    /// ``PushMessage/init(kind:content:response:appState:path:requestIdentifier:date:deepLinkExtractor:)``.
    public static var `default`: DeepLinkExtractor {
        get { shared.withLock { $0 } }
        set { shared.withLock { $0 = newValue } }
    }

    /// The deep link in `payload`, if any key holds a usable link.
    public func deepLink(in payload: PushValue, provider: PushProvider?) -> URL? {
        guard case .object(let root) = payload else { return nil }
        if usesProviderKeys, let provider {
            for candidate in providerCandidates(root, provider: provider.name) {
                if let url = link(from: candidate) { return url }
            }
        }
        for key in keys {
            if let candidate = root[key], let url = link(from: candidate) { return url }
        }
        return nil
    }

    private func providerCandidates(_ root: [String: PushValue], provider: PushProvider.Name) -> [PushValue] {
        switch provider {
        case .fcm: return [root["gcm.app_link"]].compactMap { $0 }
        case .oneSignal:
            let custom = PushProviderRecognizer.oneSignalCustom(root)?["u"]
            return [custom, root["os_data"]?["u"]].compactMap { $0 }
        case .airship: return [root["^d"]].compactMap { $0 }
        case .braze: return [root["ab_uri"]].compactMap { $0 }
        default: return []
        }
    }

    /// The candidate as a URL, or `nil` when it is not a usable link.
    public func link(from candidate: PushValue) -> URL? {
        guard case .string(let raw) = candidate else { return nil }
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.utf8.count <= maximumLength,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
            !text.hasPrefix("//"), !text.hasPrefix("\\")
        else { return nil }
        guard let url = URL(string: text) ?? DeepLinkExtractor.encoded(text).flatMap({ URL(string: $0) }) else {
            return nil
        }
        if let scheme = url.scheme {
            guard !blockedSchemes.contains(scheme.lowercased()) else { return nil }
        } else {
            guard allowsRelativeLinks, !text.hasPrefix(":") else { return nil }
        }
        return url
    }

    /// Percent-encodes what a URL cannot hold (spaces, non-ASCII), keeping reserved characters and escapes.
    private static func encoded(_ text: String) -> String? {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(0x80)))
        allowed.insert(charactersIn: "-._~:/?#[]@!$&'()*+,;=%")
        return text.addingPercentEncoding(withAllowedCharacters: allowed)
    }
}
