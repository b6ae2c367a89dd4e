/// Who may open a route: every source, the app only, or a chosen set of sources.
///
/// ```swift
/// // never from a push or URL:
/// try router.register("myapp://debug/menu", access: .internal) { _ in showDebugMenu() }
/// try router.register("myapp://order/:id", access: .sources([.app, .push])) { request in
///     show(order: request.parameters["id"])
/// }
/// ```
/// A request from a source the route does not allow fails with ``RouteError/accessDenied(pattern:source:)``
/// and is reported to the did-fail observers; it never falls back to another route.
public enum RouteAccess: Sendable, Hashable {
    /// Any source may open the route.
    case `public`
    /// Only the app itself (``RouteSource/app``) may open the route.
    case `internal`
    /// Only these sources may open the route.
    case sources(Set<RouteSource>)

    /// A Boolean value indicating whether a request from `source` may open a route with this access.
    public func allows(_ source: RouteSource) -> Bool {
        switch self {
        case .public: return true
        case .internal: return source == .app
        case .sources(let sources): return sources.contains(source)
        }
    }
}
