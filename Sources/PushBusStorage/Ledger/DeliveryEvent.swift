public import Foundation
public import PushBusCore

/// What happened to a delivery: one entry of a ``DeliveryLedger``.
///
/// A struct rather than an enum so that new kinds (the inbox's read state, a content extension's answers, a
/// Live Activity token) never break a `switch`: they are new `Kind` values carrying ``values``.
///
/// ```swift
/// try ledger.record(.opened(action: "reply", userText: "On my way"), for: message, role: .app)
/// ```
public struct DeliveryEvent: Sendable, Hashable, CustomStringConvertible {
    /// The name of an event, stored as text in the ledger file (unknown names written by a newer version read back
    /// unchanged).
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { rawValue = value }
        public var description: String { rawValue }

        /// The notification reached a process (see ``DeliveryRecord/role`` for which one).
        public static let received: Kind = "received"
        /// The notification was shown (or was going to be shown) to the user.
        public static let presented: Kind = "presented"
        /// The user opened the notification or chose one of its actions.
        public static let opened: Kind = "opened"
        /// The user dismissed the notification.
        public static let dismissed: Kind = "dismissed"
        /// The router opened the notification's deep link.
        public static let routed: Kind = "routed"
        /// The notification was removed (from Notification Center, or by the app).
        public static let removed: Kind = "removed"
    }

    /// What happened.
    public var kind: Kind
    /// The action identifier, for `Kind.opened` (Apple's default action identifier for a plain open).
    public var action: String?
    /// The text the user typed, for an `Kind.opened` event from a text-input action.
    public var userText: String?
    /// The URL that was opened, for `Kind.routed`.
    public var url: URL?
    /// Small named values for other kinds (an inbox state, a content extension's answer). Bounded by the
    /// ledger's ``DeliveryLedger/Configuration/maximumSummaryBytes`` like the summary.
    public var values: [String: String]

    /// Creates an event of any kind; prefer the static factories for the built-in ones.
    public init(
        kind: Kind, action: String? = nil, userText: String? = nil, url: URL? = nil, values: [String: String] = [:]
    ) {
        self.kind = kind
        self.action = action
        self.userText = userText
        self.url = url
        self.values = values
    }

    /// The notification reached a process.
    public static let received = DeliveryEvent(kind: .received)
    /// The notification was presented.
    public static let presented = DeliveryEvent(kind: .presented)
    /// The notification was dismissed.
    public static let dismissed = DeliveryEvent(kind: .dismissed)
    /// The notification was removed.
    public static let removed = DeliveryEvent(kind: .removed)

    /// The user opened the notification with `action` (an identifier as iOS reports it), maybe typing `userText`.
    public static func opened(action: String = PushResponse.Action.defaultActionIdentifier, userText: String? = nil)
        -> DeliveryEvent
    {
        DeliveryEvent(kind: .opened, action: action, userText: userText)
    }

    /// The user's response, as a `PushResponse` describes it: dismissed, or opened with an action.
    public static func responded(_ response: PushResponse) -> DeliveryEvent {
        if response.action == .dismiss { return DeliveryEvent(kind: .dismissed, action: response.action.identifier) }
        return opened(action: response.action.identifier, userText: response.userText)
    }

    /// The router opened `url`.
    public static func routed(_ url: URL) -> DeliveryEvent { DeliveryEvent(kind: .routed, url: url) }

    public var description: String {
        var text = kind.rawValue
        if let action { text += " action=\(action)" }
        if let userText { text += " text=\(userText.debugDescription)" }
        if let url { text += " url=\(url.absoluteString)" }
        for key in values.keys.sorted() { text += " \(key)=\(values[key] ?? "")" }
        return text
    }
}
