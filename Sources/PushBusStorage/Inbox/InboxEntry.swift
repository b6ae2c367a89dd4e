public import Foundation
public import PushBusCore

/// One notification in a ``PushInbox``: what it said, when it came, and whether the user has read it.
public struct InboxEntry: Sendable, Hashable, Identifiable {
    /// The entry's identity, given when it is added (before its ledger record is written) and stable across
    /// launches, processes and compaction. When two processes add one push at once, the id of the one that lost
    /// still finds the entry (``PushInbox/entry(_:)``, ``PushInbox/markRead(_:)``).
    public var id: UInt64
    /// The message's identity (`PushMessage.ID`).
    public var messageID: PushMessage.ID
    /// `UNNotificationRequest.identifier`, when the process that added the entry knew it.
    public var requestIdentifier: String?
    /// The alert's title (`aps.alert.title`), cut to fit the ledger's
    /// ``DeliveryLedger/Configuration/maximumSummaryBytes``.
    public var title: String?
    /// The alert's subtitle (`aps.alert.subtitle`); left out (`nil`) when it does not fit the same bound.
    public var subtitle: String?
    /// The alert's body, cut to fit the same bound (before the title is).
    public var body: String?
    /// When the notification was delivered: its own date when the process that added the entry knew it, else
    /// when that process was handed it.
    public var date: Date
    /// The notification's deep link (`PushMessage.deepLink`); `nil` when it had none.
    public var deepLink: URL?
    /// `aps.category`.
    public var categoryIdentifier: String?
    /// `aps.thread-id`.
    public var threadIdentifier: String?
    /// The push service's name (`"fcm"`, `"jpush"`, …), `nil` for local notifications.
    public var provider: String?
    /// The custom payload values the entry keeps: those whose keys the ledger's configuration lists
    /// (``DeliveryLedger/Configuration/keptCustomKeys``, in the app's ledger and the extension's alike).
    public var customData: [String: PushValue]
    /// The account the notification belongs to (`PushMessage.scope`); `nil` in an app with one.
    public var scope: PushScope?
    /// A Boolean value indicating whether the user read the entry (tapped the notification, or opened or
    /// marked it in the inbox).
    public var isRead: Bool
    /// What the adding process knew of the notification, for the identity rule (`SeenDeliveries`).
    package var evidence: SeenDeliveries.Evidence
    /// When the adding process was handed the delivery (a callback's date).
    package var reportedAt: Date

    package init(
        id: UInt64, messageID: PushMessage.ID, requestIdentifier: String? = nil, title: String? = nil,
        subtitle: String? = nil, body: String? = nil, date: Date, deepLink: URL? = nil,
        categoryIdentifier: String? = nil, threadIdentifier: String? = nil, provider: String? = nil,
        customData: [String: PushValue] = [:], isRead: Bool = false, scope: PushScope? = nil
    ) {
        self.id = id
        self.messageID = messageID
        self.requestIdentifier = requestIdentifier
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.date = date
        self.deepLink = deepLink
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.provider = provider
        self.customData = customData
        self.isRead = isRead
        self.scope = scope
        self.evidence = SeenDeliveries.Evidence(identifier: requestIdentifier, date: date)
        self.reportedAt = date
    }
}

/// What changed in a ``PushInbox``, for UI code (``PushInbox/changes()``).
public enum InboxChange: Sendable, Hashable {
    /// A new entry (from this process or, after ``PushInbox/refresh()``, from an extension).
    case inserted(InboxEntry)
    /// An entry's read state changed.
    case updated(InboxEntry)
    /// An entry left the inbox (removed, expired, or past the count limit).
    case removed(InboxEntry.ID)
    /// The unread count of one scope (an account) after the changes before it; only for entries with a scope, so an
    /// app with one account never sees it. Comes before the ``unreadCount(_:)`` of the same change.
    case scopeUnreadCount(PushScope, Int)
    /// The unread count after the changes before it.
    case unreadCount(Int)
}

/// How many entries of a ``PushInbox`` are unread, in all and per scope (account): what a badge policy counts
/// (``PushInbox/BadgePolicy``) and an account switcher shows.
public struct InboxUnreadCounts: Sendable, Hashable {
    /// Unread entries in all, with or without a scope.
    public var total: Int
    /// Unread entries per scope; a scope with no unread entry is absent (its count is `0`).
    public var byScope: [PushScope: Int]

    /// Counts as given.
    public init(total: Int, byScope: [PushScope: Int] = [:]) {
        self.total = total
        self.byScope = byScope
    }

    /// The unread entries of `scope` (`0` when it has none).
    public subscript(scope: PushScope) -> Int { byScope[scope] ?? 0 }

    /// The unread entries over `scopes`.
    public func total(in scopes: some Sequence<PushScope>) -> Int {
        Set(scopes).reduce(0) { $0 + self[$1] }
    }
}
