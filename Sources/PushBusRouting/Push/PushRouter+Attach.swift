import PushBus

extension PushRouter {
    /// Which notifications ``PushRouter/attach(to:options:)`` routes and how it finds their link.
    public struct AttachOptions: Sendable {
        /// The hub filter (default ``PushFilter/tapped``).
        public var filter: PushFilter
        /// Decides per message; by default only the default action (the user opened the notification), not a
        /// dismissal or a custom action button.
        public var shouldRoute: @Sendable (PushMessage) -> Bool
        /// Finds the link; default ``PushRouteLink/default(in:)``.
        public var link: @Sendable (PushMessage) -> PushRouteLink?
        /// The source the links open with (default ``RouteSource/push``).
        public var source: RouteSource

        public init(
            filter: PushFilter = .tapped,
            shouldRoute: @escaping @Sendable (PushMessage) -> Bool = { ($0.response?.action ?? .open) == .open },
            link: @escaping @Sendable (PushMessage) -> PushRouteLink? = { PushRouteLink.default(in: $0) },
            source: RouteSource = .push
        ) {
            self.filter = filter
            self.shouldRoute = shouldRoute
            self.link = link
            self.source = source
        }
    }

    /// How many routed deliveries the router remembers so that one tap opens once, even when the hub
    /// replays it to a second attachment.
    static let routedMessageMemory = 64

    /// Routes tapped notifications from `center`: their deep link opens with source ``RouteSource/push`` and the
    /// message as context, through the readiness gate.
    ///
    /// The subscription replays parked messages, so a tap posted before the router attached (a cold start) is
    /// still routed, once the app calls ``setReady(_:)``. Keep the returned subscription.
    public func attach(to center: PushCenter) -> PushSubscription {
        attach(to: center, options: AttachOptions())
    }

    /// Routes notifications from `center` chosen and read by `options`.
    public func attach(to center: PushCenter, options: AttachOptions) -> PushSubscription {
        // The subscription keeps the router alive: a tap is never lost because only the subscription was kept.
        center.subscribe(options.filter, replay: .parked) { message in
            self.route(message, options: options)
        }
    }

    /// Opens the link `message` carries, unless it has no link or this delivery (identity and date) was routed
    /// already.
    @discardableResult
    public func route(_ message: PushMessage, options: AttachOptions = AttachOptions()) -> RouteResult? {
        guard options.shouldRoute(message), let link = options.link(message) else { return nil }
        let key = RoutedMessage(key: message.deduplicationKey, date: message.date)
        let isNew = state.withLock { state -> Bool in
            guard !state.routedMessages.contains(key) else { return false }
            state.routedMessages.append(key)
            if state.routedMessages.count > Self.routedMessageMemory { state.routedMessages.removeFirst() }
            return true
        }
        guard isNew else { return nil }
        return open(
            link.url, source: options.source, context: RouteContext(message: message, parameters: link.parameters)
        )
    }
}
