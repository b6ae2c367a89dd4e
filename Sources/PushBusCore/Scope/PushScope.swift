/// The account, profile or workspace a notification belongs to, in an app signed in to several at once (a social
/// or mail client with several accounts, a team app with several workspaces, a bank with several profiles).
///
/// ```swift
/// delivery.scopeReader = .key("account")            // {"aps": …, "account": "alice@example.social"}
/// let alice: PushScope = "alice@example.social"
/// let unread = inbox.unreadCount(in: alice)          // O(1)
/// ```
///
/// Optional everywhere: an app with one account never names a scope, and every message, ledger record, inbox
/// entry, token and route works as before (``PushMessage/scope`` is `nil`).
///
/// An identifier is 1 to ``maximumLength`` UTF-8 bytes with no control characters; ``init(rawValue:)`` refuses
/// anything else, so a hostile payload cannot name a scope of a megabyte.
public struct PushScope: RawRepresentable, Sendable, Hashable, Comparable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The app's own identifier of the account (a user id, an account handle, a workspace id).
    public let rawValue: String

    /// The longest identifier, in UTF-8 bytes.
    public static let maximumLength = 256

    /// The scope named `rawValue`, or `nil` when it is empty, longer than ``maximumLength`` UTF-8 bytes or holds a
    /// control character.
    public init?(rawValue: String) {
        guard Self.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// A scope written in the app's source. An invalid literal (empty, too long, a control character) is kept with
    /// its control characters replaced and cut to ``maximumLength``, never a crash; prefer ``init(rawValue:)`` for
    /// identifiers that come from outside.
    public init(stringLiteral value: String) {
        if Self.isValid(value) {
            rawValue = value
        } else {
            var cleaned = String(
                value.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
            while cleaned.utf8.count > Self.maximumLength { cleaned.removeLast() }
            rawValue = cleaned.isEmpty ? "?" : cleaned
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let scope = PushScope(rawValue: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a scope identifier"))
        }
        self = scope
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: PushScope, rhs: PushScope) -> Bool { lhs.rawValue < rhs.rawValue }

    private static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maximumLength else { return false }
        return !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
