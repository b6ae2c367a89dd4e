public import Foundation

/// Finds the deep link a payload carries: the provider's own key first, then configurable top-level keys.
///
/// Provider keys: each provider's own (FCM `gcm.app_link`, OneSignal `custom.u`, Iterable
/// `itbl.defaultAction.data`, CleverTap `wzrk_dl`, …; the full list is the provider table in Docs/Payloads.md).
/// Then the top-level ``keys`` in order (`route`, `url`, `deeplink`, `link` by default), as most backends'
/// payloads write `{"route": "app://product/12345", …}`.
///
/// A candidate is used when it is a string that reads as a URL: surrounding whitespace is trimmed, spaces and
/// other characters a URL cannot hold are percent-encoded, and the candidate is rejected (and the next key
/// tried) when it is empty, longer than ``maximumLength``, holds control characters, uses a scheme in
/// ``blockedSchemes``, or starts with `//` (a host with no scheme). A relative link such as `product/12345`
/// is kept as a scheme-less URL when ``allowsRelativeLinks`` is `true` (the default): the router resolves it
/// against its own scheme. The extractor never follows or rewrites a link; which routes a link may open is
/// the router's decision.
///
/// It is configuration of a `PushDelivery`, not a global: the adapters build every message with their
/// delivery's extractor.
///
/// ```swift
/// PushDelivery.shared(for: .shared).deepLinkExtractor = DeepLinkExtractor(keys: ["target", "route"])
/// ```
public struct DeepLinkExtractor: Sendable, Hashable {
    /// Top-level keys tried in order after the provider's key.
    public var keys: [String]
    /// A Boolean value indicating whether the provider's own deep-link key is tried first.
    public var usesProviderKeys: Bool
    /// A Boolean value indicating whether a link with no scheme (`product/12345`) is accepted.
    public var allowsRelativeLinks: Bool
    /// Schemes never returned as a deep link, in lowercase (a link's scheme is lowercased before comparing).
    public var blockedSchemes: Set<String>
    /// Longer candidates are rejected.
    public var maximumLength: Int

    /// The keys most backends' payloads use.
    public static let defaultKeys = ["route", "url", "deeplink", "link"]
    /// Schemes that run code or read local files when opened.
    public static let defaultBlockedSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]

    /// Creates an extractor. The defaults make ``default``: provider keys, then ``defaultKeys``; relative links
    /// allowed; ``defaultBlockedSchemes`` refused; at most 4,096 UTF-8 bytes. `blockedSchemes` are lowercased.
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

    /// The default configuration: provider keys, then ``defaultKeys``; relative links allowed; the
    /// ``defaultBlockedSchemes`` refused. ``PushMessage`` uses it unless given another extractor.
    public static let `default` = DeepLinkExtractor()

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
        PushProviderTable.rule(named: provider)?.deepLinks(root).compactMap { $0 } ?? []
    }

    /// The candidate as a URL, or `nil` when it is not a usable link.
    ///
    /// Checked on the UTF-8 bytes (no Foundation string calls) because every message takes this path.
    package func link(from candidate: PushValue) -> URL? {
        guard case .string(let raw) = candidate else { return nil }
        let text = DeepLinkExtractor.trimmed(raw)
        let bytes = text.utf8
        guard let first = bytes.first, bytes.count <= maximumLength else { return nil }
        var hasNonASCII = false
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F { return nil }  // control characters: an injection smell
            if byte >= 0x80 { hasNonASCII = true }
        }
        if hasNonASCII, text.unicodeScalars.contains(where: \.isControlOrLineSeparator) { return nil }
        // "//host" and "\\host" name a host with no scheme; ":x" is not a link.
        if first == UInt8(ascii: "/"), bytes.dropFirst().first == UInt8(ascii: "/") { return nil }
        if first == UInt8(ascii: "\\") || first == UInt8(ascii: ":") { return nil }
        if let scheme = DeepLinkExtractor.scheme(of: bytes) {
            guard !blockedSchemes.contains(scheme) else { return nil }
        } else {
            guard allowsRelativeLinks else { return nil }
        }
        return URL(string: text) ?? DeepLinkExtractor.encoded(text).flatMap { URL(string: $0) }
    }

    /// The lowercased scheme (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`, then `:`), if any.
    private static func scheme(of bytes: String.UTF8View) -> String? {
        var scheme: [UInt8] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): scheme.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): scheme.append(byte | 0x20)
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard !scheme.isEmpty else { return nil }
                scheme.append(byte)
            case UInt8(ascii: ":"):
                return scheme.isEmpty ? nil : String(decoding: scheme, as: UTF8.self)
            default:
                return nil
            }
        }
        return nil
    }

    /// `text` without leading and trailing ASCII whitespace; the same string when there is none.
    private static func trimmed(_ text: String) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, isSpace(first) || isSpace(last) else { return text }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[start...end])
    }

    /// Percent-encodes what a URL cannot hold (spaces, non-ASCII), keeping reserved characters and escapes.
    private static func encoded(_ text: String) -> String? {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(0x80)))
        allowed.insert(charactersIn: "-._~:/?#[]@!$&'()*+,;=%")
        return text.addingPercentEncoding(withAllowedCharacters: allowed)
    }
}
