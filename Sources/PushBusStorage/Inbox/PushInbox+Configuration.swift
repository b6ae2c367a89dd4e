public import Foundation
public import PushBusCore

extension PushInbox {
    /// How the app icon's badge follows the inbox: the service extension writes it into the notification it
    /// rewrites, the app sets it after every change (`PushInbox.syncBadge(with:)`).
    ///
    /// ```swift
    /// configuration.badgePolicy = .unreadCount                        // every unread entry
    /// configuration.badgePolicy = .unreadCount(in: ["alice", "bob"])  // the accounts with notifications on
    /// configuration.badgePolicy = .custom { counts in min(counts.total, 99) }
    /// ```
    public enum BadgePolicy: Sendable {
        /// The badge is the unread count, over every entry (with a scope or without).
        case unreadCount
        /// The badge is the unread count over these scopes (accounts) only.
        case unreadCountIn(Set<PushScope>)
        /// The badge is the app's own function of the unread counts (called on the thread of the change, never
        /// under a lock; keep it quick and pure).
        case custom(@Sendable (InboxUnreadCounts) -> Int)
        /// The inbox never touches the badge.
        case manual

        /// The badge is the unread count over `scopes` (``unreadCountIn(_:)``).
        public static func unreadCount(in scopes: Set<PushScope>) -> BadgePolicy { .unreadCountIn(scopes) }

        /// The badge for `counts`, at least `0`; `nil` under ``manual``.
        public func badge(for counts: InboxUnreadCounts) -> Int? {
            switch self {
            case .unreadCount: return max(0, counts.total)
            case .unreadCountIn(let scopes): return max(0, counts.total(in: scopes))
            case .custom(let badge): return max(0, badge(counts))
            case .manual: return nil
            }
        }

        /// A Boolean value indicating whether the inbox sets the badge (every policy but ``manual``).
        public var setsBadge: Bool {
            if case .manual = self { return false }
            return true
        }
    }

    /// What enters an inbox, how long it stays, and what it keeps.
    public struct Configuration: Sendable {
        /// Entries older than this leave the inbox (default 30 days).
        public var maximumAge: TimeInterval = 30 * 86_400
        /// At most this many entries; the oldest leave first (default 200).
        public var maximumCount = 200
        /// A Boolean value indicating whether local notifications enter too (default `false`).
        public var includesLocalNotifications = false
        /// When set, only these categories enter.
        public var categories: Set<String>?
        /// The payload key that keeps a push out when it is `false` (default `"inbox"`: `{"inbox": false}`).
        public var optOutKey: String? = "inbox"
        /// Where the scope (account) of a message is found when the message does not carry one already
        /// (`PushMessage.scope`, read by the app's `PushDelivery.scopeReader`): set it to the same reader in the
        /// app and in the service extension, so both keep the entry's scope. `nil` (the default): entries have the
        /// scope of their message, or none.
        public var scopeReader: PushScopeReader?
        /// The app's own decision, asked last for every message that passed the other rules.
        public var admits: (@Sendable (PushMessage) -> Bool)?
        /// How the badge follows the inbox (default ``BadgePolicy/unreadCount``).
        public var badgePolicy: BadgePolicy = .unreadCount
        /// Reports of the same push that know no common request identifier count as one entry when their dates
        /// are this close, in seconds (default 30, like the delivery's correlation window).
        public var correlationWindow: TimeInterval = 30

        /// Creates the default configuration (each property gives its default): every category admitted, and no
        /// `admits` decision. The custom keys an entry keeps are the ledger's
        /// (`DeliveryLedger.Configuration.keptCustomKeys`).
        public init() {}

        /// A Boolean value indicating whether `message` enters the inbox: a visible alert (a title or body; never a
        /// silent push), a remote one unless ``includesLocalNotifications``, in `categories` when set, not
        /// opted out with ``optOutKey``, and admitted by ``admits``.
        public func shouldAdmit(_ message: PushMessage) -> Bool {
            let content = message.content  // one copy: each `message.content` from another module copies it all
            guard !message.isSilent, content.title != nil || content.body != nil else { return false }
            if !includesLocalNotifications, message.kind == .local || message.kind == .localTapped { return false }
            if let categories, !categories.contains(content.categoryIdentifier ?? "") { return false }
            if let optOutKey, content.customData[optOutKey] == .bool(false) { return false }
            return admits?(message) ?? true
        }
    }
}
