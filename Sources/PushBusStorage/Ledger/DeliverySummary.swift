public import Foundation
public import PushBusCore

/// What a ledger keeps of a message's content: enough to list it (an inbox, analytics) without the payload.
///
/// Bounded: ``DeliveryLedger/Configuration/maximumSummaryBytes`` caps the text; custom values that do not fit are
/// left out and ``isTruncated`` says so.
public struct DeliverySummary: Sendable, Hashable {
    /// The alert's title (`aps.alert.title`).
    public var title: String?
    /// The alert's body (`aps.alert.body`, or `aps.alert` when it is a string).
    public var body: String?
    /// `aps.category`.
    public var categoryIdentifier: String?
    /// `aps.thread-id`.
    public var threadIdentifier: String?
    /// The deep link. Kept as text and parsed when read, so loading a ledger parses no URLs.
    public var deepLink: URL? {
        get { deepLinkText.flatMap { URL(string: $0) } }
        set { deepLinkText = newValue?.absoluteString }
    }
    /// `deepLink` as stored.
    var deepLinkText: String?
    /// The push service's name (`PushProvider.Name`), `nil` for local notifications.
    public var provider: String?
    /// The custom payload values whose keys the ledger was asked to keep
    /// (``DeliveryLedger/Configuration/keptCustomKeys``).
    public var customData: [String: PushValue]
    /// A Boolean value indicating whether text or custom values were cut to fit the size bound.
    public var isTruncated: Bool

    /// Creates a summary of these values as given; no size bound is applied here.
    public init(
        title: String? = nil, body: String? = nil, categoryIdentifier: String? = nil, threadIdentifier: String? = nil,
        deepLink: URL? = nil, provider: String? = nil, customData: [String: PushValue] = [:], isTruncated: Bool = false
    ) {
        self.title = title
        self.body = body
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.deepLinkText = deepLink?.absoluteString
        self.provider = provider
        self.customData = customData
        self.isTruncated = isTruncated
    }

    /// The summary of `message`, keeping the custom keys in `keptKeys`, within `maximumBytes` of text.
    package init(_ message: PushMessage, keeping keptKeys: Set<String> = [], maximumBytes: Int = 4096) {
        // One copy of the content: each `message.content` from another module copies all of its fields.
        let content = message.content
        self.init(
            title: content.title, body: content.body, categoryIdentifier: content.categoryIdentifier,
            threadIdentifier: content.threadIdentifier, deepLink: message.deepLink,
            provider: message.provider?.name.rawValue,
            customData: keptKeys.isEmpty ? [:] : content.customData.filter { keptKeys.contains($0.key) })
        bound(to: maximumBytes)
    }

    /// Cuts the summary to `maximumBytes` of UTF-8: custom values first (largest first), then body, then title.
    mutating func bound(to maximumBytes: Int) {
        func size(_ text: String?) -> Int { text?.utf8.count ?? 0 }
        var fixed = size(categoryIdentifier) + size(threadIdentifier) + size(deepLinkText) + size(provider)
        fixed += size(title) + size(body)
        var customSizes = customData.map { ($0.key, $0.key.utf8.count + $0.value.jsonData().count) }
        var total = fixed + customSizes.reduce(0) { $0 + $1.1 }
        guard total > maximumBytes else { return }
        isTruncated = true
        customSizes.sort { $0.1 > $1.1 }
        for (key, entrySize) in customSizes where total > maximumBytes {
            customData[key] = nil
            total -= entrySize
        }
        if total > maximumBytes, let body {
            let keep = max(0, body.utf8.count - (total - maximumBytes))
            self.body = Self.prefix(body, bytes: keep)
            total -= body.utf8.count - (self.body?.utf8.count ?? 0)
        }
        if total > maximumBytes, let title {
            self.title = Self.prefix(title, bytes: max(0, title.utf8.count - (total - maximumBytes)))
        }
    }

    /// The longest prefix of `text` of at most `bytes` UTF-8 bytes that ends on a character boundary.
    private static func prefix(_ text: String, bytes: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let count = character.utf8.count
            if used + count > bytes { break }
            result.append(character)
            used += count
        }
        return result
    }
}
