import Foundation
public import PushBusAuthorization
@_spi(PushBusInternals) public import PushBusCore
import PushBusHub
import PushBusStorage

extension PushRouter {
    /// The router's push side: what turns notifications (a tapped push, an inbox entry, the system's "open
    /// settings" request) into routes, each delivery once, and tells why a cold-start tap was not routed.
    ///
    /// ```swift
    /// let subscription = router.attach(to: center)  // taps route by themselves
    /// router.notifications.route(entry, in: inbox)  // the inbox list's row tap
    /// print(router.notifications.diagnose())  // readiness, taps taken before attach(to:)
    /// ```
    ///
    /// A view of its router (``PushRouter/notifications``): it shares the router's readiness gate, observers and
    /// memory of routed deliveries.
    public struct NotificationRoutes: Sendable {
        let router: PushRouter

        /// The ``RouteContext`` value key under which ``routeSettingsRequests(from:to:)`` hands the route its
        /// `OpenSettingsRequest`.
        public static let settingsRequestKey = "openSettingsRequest"

        /// Opens the link `message` carries, unless it has no link or this delivery was routed already (same
        /// identity, kind and action, and nothing proves them apart: request identifier, notification date, or,
        /// for reports that know neither, more than 30 s between them on ``Configuration/clock``'s monotonic
        /// time). ``PushRouter/attach(to:options:)`` calls it for each notification it receives.
        ///
        /// - Returns: What the router did, or `nil` when there is nothing to route (no link, not chosen by
        ///   `options`, or routed already).
        @discardableResult
        public func route(_ message: PushMessage, options: AttachOptions = AttachOptions()) -> RouteResult? {
            guard options.shouldRoute(message), let link = options.link(message) else { return nil }
            guard router.recordRouted(message) else { return nil }
            let result = router.open(
                link.url, source: options.source,
                context: RouteContext(message: message, parameters: link.parameters))
            // Opened, fallen back or deferred until ready: the router took the route.
            // The message's own link, parsed once already, when the route is that link (the default): a URL parse is
            // about 3,000 instructions on the tapping thread.
            if let ledger = options.ledger, result.isTaken,
                let url = message.deepLink.flatMap({ $0.absoluteString == link.url ? $0 : nil })
                    ?? URL(string: link.url)
            {
                ledger.enqueue(.routed(url), for: message)
            }
            return result
        }

        /// Opens `url` with the source ``RouteSource/settings`` each time the system asks the app to show its own
        /// notification settings screen (`userNotificationCenter(_:openSettingsFor:)`, posted by the Apple glue to
        /// `channel`). A request that arrived before this call (a launch from Settings) is routed now.
        ///
        /// ```swift
        /// try router.register("myapp://settings/notifications") { request in showNotificationSettings() }
        /// let link = router.notifications.routeSettingsRequests(
        ///     from: settingsChannel, to: "myapp://settings/notifications")
        /// ```
        ///
        /// The route's handler finds the `OpenSettingsRequest` (with the notification whose "Options" the user
        /// tapped, if any) under ``settingsRequestKey`` in the request's context values; like every route it
        /// waits until the router is ready.
        ///
        /// - Returns: The subscription; keep it for as long as the router should answer.
        public func routeSettingsRequests(from channel: NotificationSettingsChannel, to url: String) -> PushCancellable
        {
            channel.onOpenSettings { [weak router] request in
                guard let router else { return }
                router.open(url, source: .settings, context: RouteContext(values: [Self.settingsRequestKey: request]))
            }
        }

        /// What the router can tell about itself, one finding per line: its readiness and the taps that other
        /// subscriptions took before it attached (with those subscriptions' filters), so a cold-start tap that
        /// was not routed is never lost silently.
        public func diagnose() -> [String] {
            let (ready, missed) = router.state.withLock { ($0.gate.isReady, $0.missedTaps) }
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
    }

    /// The push side: routing of notifications, inbox entries and settings requests, and its diagnosis.
    public var notifications: NotificationRoutes { NotificationRoutes(router: self) }

    /// Records `message`'s delivery as routed; `false` when it was already.
    func recordRouted(_ message: PushMessage) -> Bool {
        state.withLock { $0.routedMessages.record(message.deduplicationKey, at: configuration.clock.monotonicInstant) }
    }
}
