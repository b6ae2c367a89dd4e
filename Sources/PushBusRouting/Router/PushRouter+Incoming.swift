import Foundation
import PushBus

/// Links that reach the app from outside (URL schemes, universal links) and the system's "open settings" request:
/// each opens with the matching ``RouteSource``, so access levels apply.
extension PushRouter {
    /// The ``RouteContext`` value key under which ``attach(to:opening:)`` hands the route its
    /// `OpenSettingsRequest`.
    public static let openSettingsRequestKey = "openSettingsRequest"

    /// Opens a URL the app was handed from outside, with the source its arrival names: ``RouteSource/urlScheme``
    /// for a custom scheme, ``RouteSource/universalLink`` for a universal link.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
    ///     for incoming in PushBusApp.incomingURLs(URLContexts) { router.open(incoming) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - incoming: The URL and how it arrived (the Apple glue makes it from UIKit's callbacks).
    ///   - context: Extra parameters and values for the handler.
    /// - Returns: What happened; `.internal` routes refuse external sources.
    @discardableResult
    public func open(_ incoming: IncomingURL, context: RouteContext = RouteContext()) -> RouteResult {
        open(incoming.url, source: RouteSource(incoming.kind), context: context)
    }

    /// Opens `url` with the source ``RouteSource/settings`` each time the system asks the app to show its own
    /// notification settings screen (`userNotificationCenter(_:openSettingsFor:)`, posted by the Apple glue to
    /// `channel`). A request that arrived before this call (a launch from Settings) is routed now.
    ///
    /// ```swift
    /// try router.register("myapp://settings/notifications") { request in showNotificationSettings() }
    /// let link = router.attach(to: settingsChannel, opening: "myapp://settings/notifications")
    /// ```
    ///
    /// The route's handler finds the `OpenSettingsRequest` (with the notification whose "Options" the user
    /// tapped, if any) under ``openSettingsRequestKey`` in the request's context values; like every route it
    /// waits until the router is ready.
    ///
    /// - Returns: The subscription; keep it for as long as the router should answer.
    public func attach(to channel: NotificationSettingsChannel, opening url: String) -> PushSubscription {
        channel.onOpenSettings { [weak self] request in
            guard let self else { return }
            self.open(url, source: .settings, context: RouteContext(values: [Self.openSettingsRequestKey: request]))
        }
    }
}

extension RouteSource {
    /// The source of a URL that arrived as `kind`.
    public init(_ kind: IncomingURL.Kind) {
        switch kind {
        case .urlScheme: self = .urlScheme
        case .universalLink: self = .universalLink
        }
    }
}
