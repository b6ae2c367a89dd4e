import Foundation

/// One notification event, whichever callback delivered it: the value every subscriber receives.
///
/// ```swift
/// center.subscribe(.tapped) { message in
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

    /// The identity used to drop the same delivery reported twice (see ``PushMessage/ID``).
    public var id: ID
    public var kind: Kind
    public var content: PushContent
    /// What the user did; set for the tapped kinds.
    public var response: PushResponse?
    /// The app's state when the callback fired.
    public var appState: AppState
    /// The callback that delivered the message.
    public var path: DeliveryPath
    /// `UNNotificationRequest.identifier`, when the path knows it.
    public var requestIdentifier: String?
    /// When the notification was delivered (or the response made).
    public var date: Date
    /// The push service that sent it; `nil` for local notifications.
    public var provider: PushProvider?
    /// The deep link the payload carries (provider key, or a top-level `route`/`url`/`deeplink`/`link`; see
    /// ``DeepLinkExtractor``). A relative route such as `product/12345` is a URL with no scheme.
    public var deepLink: URL?

    /// Creates a message; ``id``, ``provider`` and ``deepLink`` are derived from the content.
    ///
    /// The deep link is found by ``DeepLinkExtractor/default``.
    public init(
        kind: Kind = .remote, content: PushContent, response: PushResponse? = nil,
        appState: AppState = .active, path: DeliveryPath = .direct,
        requestIdentifier: String? = nil, date: Date = Date()
    ) {
        self.init(
            kind: kind, content: content, response: response, appState: appState, path: path,
            requestIdentifier: requestIdentifier, date: date, deepLinkExtractor: .default)
    }

    /// Creates a message whose ``deepLink`` is found by `deepLinkExtractor` instead of the default one.
    public init(
        kind: Kind = .remote, content: PushContent, response: PushResponse? = nil,
        appState: AppState = .active, path: DeliveryPath = .direct,
        requestIdentifier: String? = nil, date: Date = Date(), deepLinkExtractor: DeepLinkExtractor
    ) {
        self.kind = kind
        self.content = content
        self.response = kind.isTapped ? (response ?? PushResponse()) : response
        self.appState = appState
        self.path = path
        self.requestIdentifier = requestIdentifier
        self.date = date
        let provider = kind.isRemote ? PushProviderRecognizer.recognize(content.payload) : nil
        self.provider = provider
        self.deepLink = deepLinkExtractor.deepLink(in: content.payload, provider: provider)
        self.id = ID(provider: provider, payload: content.payload)
    }

    /// A Boolean value indicating whether the message is a silent (background) push: `content-available`
    /// with no alert, sound or badge.
    public var isSilent: Bool {
        kind == .remote && content.isContentAvailable && !content.isUserVisible
    }

    /// The key the de-duplication gate compares: identity, kind and the response's action.
    public var deduplicationKey: DeduplicationKey {
        DeduplicationKey(id: id, kind: kind, action: response?.action)
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

        init(provider: PushProvider?, payload: PushValue) {
            if let provider, let messageID = provider.messageID, !messageID.isEmpty {
                rawValue = provider.name.rawValue + ":" + messageID
            } else {
                rawValue = "digest:" + PayloadDigest.hex(of: payload)
            }
        }

        public var description: String { rawValue }
    }

    /// Identity, kind and response action: two messages with equal keys are the same delivery.
    public struct DeduplicationKey: Sendable, Hashable {
        public var id: ID
        public var kind: Kind
        public var action: PushResponse.Action?
    }
}
