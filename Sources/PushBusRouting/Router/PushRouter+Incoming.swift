import Foundation
import PushBus

extension RouteSource {
    /// The source of a URL that arrived as `kind`: ``urlScheme`` for a custom scheme, ``universalLink`` for a
    /// universal link, so access levels apply.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
    ///     for incoming in PushBusApp.incomingURLs(URLContexts) {
    ///         router.open(incoming.url.absoluteString, source: RouteSource(incoming.kind))
    ///     }
    /// }
    /// ```
    public init(_ kind: IncomingURL.Kind) {
        switch kind {
        case .urlScheme: self = .urlScheme
        case .universalLink: self = .universalLink
        }
    }
}
