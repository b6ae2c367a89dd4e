import Foundation
import PushBusCore

extension PushInbox {
    /// How the app icon's badge follows the inbox.
    public enum BadgePolicy: String, Sendable, Hashable, CaseIterable {
        /// The badge is the unread count: the service extension writes it into the notification it rewrites, the
        /// app sets it after every change (`PushInbox.syncBadge(with:)`).
        case unreadCount
        /// The inbox never touches the badge.
        case manual
    }

    /// What enters an inbox, how long it stays, and what it keeps.
    public struct Configuration: Sendable {
        /// Entries older than this leave the inbox (default 30 days).
        public var maximumAge: TimeInterval = 30 * 86_400
        /// At most this many entries; the oldest leave first (default 200).
        public var maximumCount = 200
        /// Custom payload keys to keep with each entry (for example `["orderID"]`).
        public var keptCustomKeys: Set<String> = []
        /// A Boolean value indicating whether local notifications enter too (default `false`).
        public var includesLocalNotifications = false
        /// When set, only these categories enter.
        public var categories: Set<String>?
        /// The payload key that keeps a push out when it is `false` (default `"inbox"`: `{"inbox": false}`).
        public var optOutKey: String? = "inbox"
        /// The app's own decision, asked last for every message that passed the other rules.
        public var admits: (@Sendable (PushMessage) -> Bool)?
        /// How the badge follows the inbox (default ``BadgePolicy/unreadCount``).
        public var badgePolicy: BadgePolicy = .unreadCount
        /// Reports of the same push that know no common request identifier count as one entry when their dates
        /// are this close, in seconds (default 30, like the delivery's correlation window).
        public var correlationWindow: TimeInterval = 30

        /// Creates the default configuration (each property gives its default): no custom keys kept, every
        /// category admitted, and no `admits` decision.
        public init() {}

        /// A Boolean value indicating whether `message` enters the inbox: a visible alert (a title or body; never a
        /// silent push), a remote one unless ``includesLocalNotifications``, in `categories` when set, not
        /// opted out with ``optOutKey``, and admitted by ``admits``.
        public func shouldAdmit(_ message: PushMessage) -> Bool {
            guard !message.isSilent, message.content.title != nil || message.content.body != nil else { return false }
            if !includesLocalNotifications, message.kind == .local || message.kind == .localTapped { return false }
            if let categories, !categories.contains(message.content.categoryIdentifier ?? "") { return false }
            if let optOutKey, message.content.customData[optOutKey] == .bool(false) { return false }
            return admits?(message) ?? true
        }
    }
}
