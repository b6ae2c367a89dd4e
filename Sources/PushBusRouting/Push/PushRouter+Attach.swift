import Foundation
@_spi(PushBusInternals) public import PushBusCore
public import PushBusDelivery
public import PushBusHub
public import PushBusStorage

extension PushRouter {
    /// Which notifications `attach(to:options:)` routes and how it finds their link.
    public struct AttachOptions: Sendable {
        /// The hub filter (default `PushFilter.tapped`).
        public var filter: PushFilter
        /// Decides per message; by default only the default action (the user opened the notification), not a
        /// dismissal or a custom action button.
        public var shouldRoute: @Sendable (PushMessage) -> Bool
        /// Finds the link; default ``PushRouteLink/default(in:)``.
        public var link: @Sendable (PushMessage) -> PushRouteLink?
        /// The source the links open with (default ``RouteSource/push``).
        public var source: RouteSource
        /// Where each route taken is recorded (a `routed` event with the URL): usually the delivery's
        /// (`delivery.ledger`). `nil`: not recorded.
        public var ledger: DeliveryLedger?

        /// Creates options: by default taps that opened the notification are routed, with
        /// ``PushRouteLink/default(in:)``'s link and source ``RouteSource/push``, and no ledger records them.
        public init(
            filter: PushFilter = .tapped,
            shouldRoute: @escaping @Sendable (PushMessage) -> Bool = { ($0.response?.action ?? .open) == .open },
            link: @escaping @Sendable (PushMessage) -> PushRouteLink? = { PushRouteLink.default(in: $0) },
            source: RouteSource = .push, ledger: DeliveryLedger? = nil
        ) {
            self.filter = filter
            self.shouldRoute = shouldRoute
            self.link = link
            self.source = source
            self.ledger = ledger
        }
    }

    /// How many routed deliveries the router remembers so that one tap opens once, even when it reaches the
    /// router through two attachments.
    static let routedMessageMemory = 64

    /// Routes tapped notifications from `center`: their deep link opens with source ``RouteSource/push`` and the
    /// message as context, through the readiness gate.
    ///
    /// ```swift
    /// let subscription = router.attach(to: center)                       // taps with a deep link open
    /// let recorded = router.attach(to: delivery.center, options: .init(ledger: delivery.ledger))   // + `routed`
    /// ```
    ///
    /// The subscription takes the parked taps (each is handed over once), so a tap posted before the router
    /// attached (a cold start) is still routed, once the app calls ``setReady(_:)``. Attach at launch, before the
    /// first notification callback, and let ``setReady(_:)`` decide when routes open. Keep the returned
    /// subscription.
    ///
    /// A tap that another subscription took before the router attached (an analytics `subscribe` in the app
    /// delegate) is not routed, but never silently: the router emits ``RouteEvent/tapTakenBeforeAttach(_:)`` and
    /// lists it in ``NotificationRoutes/diagnose()``.
    ///
    /// - Parameters:
    ///   - center: The hub the app's adapters post to (`delivery.center`).
    ///   - options: Which notifications route, how their link is found, and the ledger that records each route
    ///     taken (pass the delivery's, `delivery.ledger`, to record `routed` beside the open that caused it).
    /// A tap an adapter reports (`UserNotificationAdapter.didReceive`, say) is routed right after the adapter has called
    /// iOS's completion handler, before the adapter's method returns.
    ///
    /// - Returns: The subscription; keep it for as long as the router should route notifications.
    public func attach(to center: PushCenter, options: AttachOptions = AttachOptions()) -> PushCancellable {
        state.withLock { state in
            if state.attachments.count < Self.attachmentMemory { state.attachments.append(options) }
        }
        // Read before subscribing, so the taps this subscription takes itself are not reported.
        reportTapsTakenBeforeAttach(center.recentlyTakenTaps, options: options)
        // The subscription keeps the router alive: a tap is never lost because only the subscription was kept.
        // Inside an adapter's callback the route opens once iOS's completion handler has run, before the callback
        // returns: the same run-loop turn for the app, nothing on the way to iOS's answer.
        return center.subscribe(options.filter, replay: .parked) { message in
            AfterAnswer.run { self.notifications.route(message, options: options) }
        }
    }

    /// How many attachments a relaunched copy repeats (an app attaches once or twice).
    static let attachmentMemory = 8

    /// How many taps taken before an attachment ``NotificationRoutes/diagnose()`` keeps.
    static let missedTapMemory = 16

    /// Emits and remembers the taps, among those other subscriptions took, that this attachment would have routed.
    private func reportTapsTakenBeforeAttach(_ taps: [PushCenter.TakenTap], options: AttachOptions) {
        let missed = taps.filter { tap in
            options.filter.matches(tap.message) && options.shouldRoute(tap.message) && options.link(tap.message) != nil
        }
        guard !missed.isEmpty else { return }
        let reported = state.withLock { state -> [PushCenter.TakenTap] in
            // A tap this router routed itself (an earlier attachment took it) was not missed.
            let reported = missed.filter { tap in
                !state.routedMessages.contains(tap.message.deduplicationKey, at: configuration.clock.monotonicInstant)
            }
            state.missedTaps.append(contentsOf: reported)
            if state.missedTaps.count > Self.missedTapMemory {
                state.missedTaps.removeFirst(state.missedTaps.count - Self.missedTapMemory)
            }
            return reported
        }
        emit(reported.map { RouteEvent.tapTakenBeforeAttach($0) })
    }
}

extension PushRouter: PushDeliveryAttachable {
    /// Opens the deep links of `delivery`'s taps (``attach(to:options:)`` with the default options), recording each
    /// route taken in the delivery's ledger.
    ///
    /// - Returns: The subscription; keep it for as long as the router should follow the delivery.
    public func attach(to delivery: PushDelivery) -> PushCancellable {
        attach(to: delivery.center, options: AttachOptions(ledger: delivery.ledger))
    }
}
