import Foundation
public import PushBusCore

extension PushRouter {
    /// Opens a URL handed to the app from outside, what `PushBusApp.incomingURL(_:)` and
    /// `PushBusApp.incomingURLs(_:)` return, with the source its kind names (``RouteSource/urlScheme``,
    /// ``RouteSource/universalLink``): `.internal` routes refuse it, and it waits for ``setReady(_:)`` like a tap.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
    ///     for incoming in PushBusApp.incomingURLs(URLContexts) { router.open(incoming) }  // .urlScheme
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - incoming: The URL and how it arrived.
    ///   - context: Extra parameters and values for the handler, as for ``open(_:source:context:)``.
    /// - Returns: What happened, as for ``open(_:source:context:)``.
    @discardableResult
    public func open(_ incoming: IncomingURL, context: RouteContext = RouteContext()) -> RouteResult {
        open(incoming.url.absoluteString, source: RouteSource(incoming.kind), context: context)
    }
}

extension RouteSource {
    /// The source of a URL that arrived as `kind`: ``urlScheme`` for a custom scheme, ``universalLink`` for a
    /// universal link, so access levels apply. ``PushRouter/open(_:context:)`` opens an `IncomingURL` with it.
    public init(_ kind: IncomingURL.Kind) {
        switch kind {
        case .urlScheme: self = .urlScheme
        case .universalLink: self = .universalLink
        }
    }
}
