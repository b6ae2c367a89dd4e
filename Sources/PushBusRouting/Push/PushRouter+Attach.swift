import Foundation
import PushBus

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
        /// Where each route taken is recorded (a `routed` event with the URL); `attach(to: PushDelivery)`
        /// sets it to the delivery's ledger. `nil`: not recorded.
        public var ledger: DeliveryLedger?

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
    /// The subscription takes the parked taps (each is handed over once), so a tap posted before the router
    /// attached (a cold start) is still routed, once the app calls ``setReady(_:)``. Attach at launch, before the
    /// first notification callback, and let ``setReady(_:)`` decide when routes open. Keep the returned
    /// subscription.
    ///
    /// A tap that another subscription took before the router attached (an analytics `subscribe` in the app
    /// delegate) is not routed, but never silently: the router emits ``RouteEvent/tapTakenBeforeAttach(_:)`` and
    /// lists it in ``diagnose()``.
    public func attach(to center: PushCenter) -> PushSubscription {
        attach(to: center, options: AttachOptions())
    }

    /// Routes tapped notifications delivered through `delivery` (as `attach(to:)` does for its
    /// center) and records each route taken in the delivery's ledger, beside the open that caused it.
    public func attach(to delivery: PushDelivery, options: AttachOptions = AttachOptions()) -> PushSubscription {
        var options = options
        if options.ledger == nil { options.ledger = delivery.ledger }
        return attach(to: delivery.center, options: options)
    }

    /// Routes notifications from `center` chosen and read by `options`.
    public func attach(to center: PushCenter, options: AttachOptions) -> PushSubscription {
        state.withLock { state in
            if state.attachments.count < Self.attachmentMemory { state.attachments.append(options) }
        }
        // Read before subscribing, so the taps this subscription takes itself are not reported.
        reportTapsTakenBeforeAttach(center.recentlyTakenTaps, options: options)
        // The subscription keeps the router alive: a tap is never lost because only the subscription was kept.
        return center.subscribe(options.filter, replay: .parked) { message in
            self.route(message, options: options)
        }
    }

    /// How many attachments a relaunched copy repeats (an app attaches once or twice).
    static let attachmentMemory = 8

    /// How many taps taken before an attachment ``diagnose()`` keeps.
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

    /// What the router can tell about itself, one finding per line: its readiness and the taps that other
    /// subscriptions took before it attached (with those subscriptions' filters), so a cold-start tap that was
    /// not routed is never lost silently.
    public func diagnose() -> [String] {
        let (ready, missed) = state.withLock { ($0.gate.isReady, $0.missedTaps) }
        var findings = [ready ? "ready: routes open immediately" : "not ready: routes wait for setReady(true)"]
        for tap in missed {
            let link = tap.message.deepLink?.absoluteString ?? "no deep link"
            findings.append(
                "tap \(tap.message.id.rawValue) (\(link)) was taken before attach(to:) by "
                    + tap.takenBy.joined(separator: ", ")
                    + ": not routed; attach the router at launch and observe with monitor(_:_:) instead")
        }
        return findings
    }

    /// Opens the link `message` carries, unless it has no link or this delivery was routed already (same
    /// identity, kind and action, and nothing proves them apart: request identifier, notification date, or, for
    /// reports that know neither, more than 30 s between them on ``Configuration/clock``'s monotonic time).
    @discardableResult
    public func route(_ message: PushMessage, options: AttachOptions = AttachOptions()) -> RouteResult? {
        guard options.shouldRoute(message), let link = options.link(message) else { return nil }
        let isNew = state.withLock {
            $0.routedMessages.record(message.deduplicationKey, at: configuration.clock.monotonicInstant)
        }
        guard isNew else { return nil }
        let result = open(
            link.url, source: options.source, context: RouteContext(message: message, parameters: link.parameters)
        )
        // Opened, fallen back or deferred until ready: the router took the route.
        if let ledger = options.ledger, result.isTaken, let url = URL(string: link.url) {
            _ = try? ledger.record(.routed(url), for: message)
        }
        return result
    }
}
