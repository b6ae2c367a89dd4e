/// A check that runs before a route's handler: global ones first (in the order added), then the route's own.
///
/// ```swift
/// router.addInterceptor(RouteInterceptor { request in
///     session.isLoggedIn || request.pattern.hasPrefix("myapp://login") ? .allow : .redirect("myapp://login")
/// })
/// ```
/// Interceptors run on the thread that opens the route, never while the router holds its lock, so they may
/// call back into the router.
public struct RouteInterceptor: Sendable {
    /// A name for logs and failures.
    public var name: String
    let decide: @Sendable (RouteRequest) -> RouteDecision

    public init(name: String = "interceptor", _ decide: @escaping @Sendable (RouteRequest) -> RouteDecision) {
        self.name = name
        self.decide = decide
    }

    /// Decides about `request`.
    public func callAsFunction(_ request: RouteRequest) -> RouteDecision { decide(request) }
}
