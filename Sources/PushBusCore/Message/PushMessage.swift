public import Foundation

/// One notification event, whichever callback delivered it: the value every subscriber receives.
///
/// ```swift
/// let subscription = center.subscribe(.tapped) { message in
///     if let link = message.deepLink { router.open(link.absoluteString, source: .push) }
/// }
/// ```
public struct PushMessage: Sendable, Hashable, Identifiable {
    /// What happened: a notification arrived, or the user responded to one.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// A remote notification arrived (foreground, or a background/silent push).
        case remote
        /// A local notification fired while the app was in the foreground.
        case local
        /// The user responded to a remote notification (opened, dismissed or chose an action).
        case remoteTapped
        /// The user responded to a local notification.
        case localTapped

        /// A Boolean value indicating whether this kind is a user response.
        public var isTapped: Bool { self == .remoteTapped || self == .localTapped }
        /// A Boolean value indicating whether the notification came from a push provider.
        public var isRemote: Bool { self == .remote || self == .remoteTapped }
    }

    /// The fields, behind one reference: handing a message on (fan-out, parking, the tap memory, the ledger) copies
    /// a pointer, not ~30 reference-counted fields. A setter copies the storage first unless this value is its only
    /// owner (copy-on-write), so messages keep value semantics.
    private var storage: Storage

    /// Which push it is: the provider's message id or a payload digest (see ``PushMessage/ID``). Whether two
    /// reports are one delivery also depends on ``requestIdentifier`` and ``notificationDate``.
    public var id: ID {
        get { storage.fields.id }
        _modify {
            makeUnique()
            yield &storage.fields.id
        }
    }

    /// Arrival or tap, remote or local.
    public var kind: Kind {
        get { storage.fields.kind }
        _modify {
            makeUnique()
            yield &storage.fields.kind
        }
    }

    /// The normalized payload.
    public var content: PushContent {
        get { storage.fields.content }
        _modify {
            makeUnique()
            yield &storage.fields.content
        }
    }

    /// What the user did; set for the tapped kinds.
    public var response: PushResponse? {
        get { storage.fields.response }
        _modify {
            makeUnique()
            yield &storage.fields.response
        }
    }

    /// The app's state when the callback fired.
    public var appState: PushAppState {
        get { storage.fields.appState }
        _modify {
            makeUnique()
            yield &storage.fields.appState
        }
    }

    /// The callback that delivered the message.
    public var path: DeliveryPath {
        get { storage.fields.path }
        _modify {
            makeUnique()
            yield &storage.fields.path
        }
    }

    /// `UNNotificationRequest.identifier`, when the path knows it.
    public var requestIdentifier: String? {
        get { storage.fields.requestIdentifier }
        _modify {
            makeUnique()
            yield &storage.fields.requestIdentifier
        }
    }

    /// When the callback reported it: the notification's delivery date on `willPresent`, the time of the
    /// callback otherwise (a tap's response, a legacy or forwarded report).
    public var date: Date {
        get { storage.fields.date }
        _modify {
            makeUnique()
            yield &storage.fields.date
        }
    }

    /// `UNNotification.date`: when the system delivered the notification, on the paths that know it
    /// (`willPresent`, `didReceive`, scene connection); `nil` for legacy callbacks, launch options and forwarded
    /// reports. Two reports whose notification dates differ by more than a second are two deliveries.
    public var notificationDate: Date? {
        get { storage.fields.notificationDate }
        _modify {
            makeUnique()
            yield &storage.fields.notificationDate
        }
    }

    /// The push service that sent it; `nil` for local notifications.
    public var provider: PushProvider? {
        get { storage.fields.provider }
        _modify {
            makeUnique()
            yield &storage.fields.provider
        }
    }

    /// The deep link the payload carries (provider key, or a top-level `route`/`url`/`deeplink`/`link`; see
    /// ``DeepLinkExtractor``). A relative route such as `product/12345` is a URL with no scheme.
    public var deepLink: URL? {
        get { storage.fields.deepLink }
        _modify {
            makeUnique()
            yield &storage.fields.deepLink
        }
    }

    /// The account, profile or workspace the notification belongs to, in an app signed in to several; `nil` for an
    /// app with one (the default). The adapters read it with their delivery's `PushDelivery.scopeReader`.
    public var scope: PushScope? {
        get { storage.fields.scope }
        _modify {
            makeUnique()
            yield &storage.fields.scope
        }
    }

    /// Creates a message; ``id``, ``provider`` and ``deepLink`` are derived from the content.
    ///
    /// - Parameters:
    ///   - kind: Arrival or tap, remote or local.
    ///   - content: The normalized payload.
    ///   - response: The user's response, for tapped kinds.
    ///   - appState: The app's state when the callback fired.
    ///   - path: The callback that reported it.
    ///   - requestIdentifier: `UNNotificationRequest.identifier`, when the path knows it.
    ///   - date: When the message was reported.
    ///   - notificationDate: `UNNotification.date`, when the path knows it (see ``notificationDate``).
    ///   - deepLinkExtractor: Finds ``deepLink``; default ``DeepLinkExtractor/default``. The adapters pass their
    ///     delivery's `PushDelivery.deepLinkExtractor`.
    ///   - scope: The account it belongs to (``scope``); `nil` for an app with one.
    public init(
        kind: Kind = .remote, content: PushContent, response: PushResponse? = nil,
        appState: PushAppState = .active, path: DeliveryPath = .direct,
        requestIdentifier: String? = nil, date: Date = Date(), notificationDate: Date? = nil,
        deepLinkExtractor: DeepLinkExtractor = .default, scope: PushScope? = nil
    ) {
        let provider = kind.isRemote ? PushProviderRecognizer.recognize(content.payload) : nil
        storage = Storage(
            Fields(
                id: ID(provider: provider, content: content), kind: kind, content: content,
                response: kind.isTapped ? (response ?? PushResponse()) : response, appState: appState, path: path,
                requestIdentifier: requestIdentifier, date: date, notificationDate: notificationDate,
                provider: provider, deepLink: deepLinkExtractor.deepLink(in: content.payload, provider: provider),
                scope: scope))
    }

    /// A Boolean value indicating whether the message is a silent (background) push: `content-available`
    /// with no alert, sound or badge.
    public var isSilent: Bool {
        kind == .remote && content.isContentAvailable && !content.isUserVisible
    }

    /// What the de-duplication gate compares: identity, kind and the response's action, plus the evidence that
    /// can tell two deliveries of one push apart (request identifier, notification date). See
    /// `DeduplicationKey`.
    package var deduplicationKey: DeduplicationKey {
        var key = DeduplicationKey(
            id: id, kind: kind, action: response?.action, requestIdentifier: requestIdentifier,
            notificationDate: notificationDate)
        if isSilent { key.silentPath = path }
        return key
    }

    /// Copies the storage before a write unless this value is its only owner.
    /// The response's action, read in place (``response`` would copy the whole response first).
    package var responseAction: PushResponse.Action? { storage.fields.response?.action }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    }

    public static func == (lhs: PushMessage, rhs: PushMessage) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    /// The stored fields of a ``PushMessage``, behind one reference.
    ///
    /// Safe as `@unchecked Sendable`: a `Storage` is mutated only through ``PushMessage/makeUnique()``, that is while
    /// a single value owns it; once shared (copied into another value, handed to another thread) it is only read.
    final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// A message's fields: what it is equal and hashed by.
    struct Fields: Hashable {
        var id: ID
        var kind: Kind
        var content: PushContent
        var response: PushResponse?
        var appState: PushAppState
        var path: DeliveryPath
        var requestIdentifier: String?
        var date: Date
        var notificationDate: Date?
        var provider: PushProvider?
        var deepLink: URL?
        var scope: PushScope?
    }
}

extension PushMessage {
    /// A message's identity: the provider's message id when there is one, else a digest of the payload.
    ///
    /// The digest walks the canonical payload (sorted keys, integral numbers as integers), so the same push
    /// reported by the legacy callback, the launch options and `didReceive` has the same id.
    public struct ID: Sendable, Hashable, CustomStringConvertible, Codable {
        /// `provider:messageID` (for example `fcm:0:1700000000%abc`) or `digest:<32 hex digits>`.
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        init(provider: PushProvider?, content: PushContent) {
            if let provider, let messageID = provider.messageID, !messageID.isEmpty {
                rawValue = provider.name.rawValue + ":" + messageID
            } else if let digest = content.unreadableInputDigest, content.payload == .null {
                rawValue = "digest:" + digest
            } else {
                rawValue = "digest:" + PayloadDigest.hex(of: content.payload)
            }
        }

        public var description: String { rawValue }
    }

    /// One report of a delivery, as the de-duplication gate compares it.
    ///
    /// Two reports are one delivery when ``id``, ``kind`` and ``action`` are equal and nothing proves them
    /// apart: both know the ``requestIdentifier`` and the identifiers differ (case-insensitively), or both know
    /// the ``notificationDate`` and the dates differ by more than a second. Reports that share neither (legacy
    /// callbacks, launch options, forwarded reports) are one delivery only within the correlation window
    /// (`PushCenter.Configuration.deduplicationWindow`, 30 s by default), and only when they came through
    /// different callbacks if the push is silent: iOS reports a silent push once per callback, so an identical
    /// silent push on the same callback, however soon, is a new delivery. So equal keys of a push that is not
    /// silent are always one delivery; unequal keys may be one too (a launch-options report and the `didReceive`
    /// of the same tap).
    package struct DeduplicationKey: Sendable, Hashable {
        /// The push: provider message id or payload digest.
        package var id: ID
        /// Arrival or response, remote or local.
        package var kind: Kind
        /// The response's action; `nil` for arrivals.
        package var action: PushResponse.Action?
        /// `UNNotificationRequest.identifier`, when the report knows it.
        package var requestIdentifier: String?
        /// `UNNotification.date`, when the report knows it.
        package var notificationDate: Date?
        /// The callback that reported a silent push (`nil` for any other message).
        package var silentPath: DeliveryPath?

        package init(
            id: ID, kind: Kind, action: PushResponse.Action? = nil, requestIdentifier: String? = nil,
            notificationDate: Date? = nil
        ) {
            self.id = id
            self.kind = kind
            self.action = action
            self.requestIdentifier = requestIdentifier
            self.notificationDate = notificationDate
        }
    }
}
