/// A check that runs on the way to a route: allow the request, reject it, or send it elsewhere.
///
/// ```swift
/// router.addInterceptor(
///     RouteInterceptor { request in
///         session.isLoggedIn || request.pattern.hasPrefix("myapp://login") ? .allow : .redirect("myapp://login")
///     })
/// ```
///
/// Two kinds, one mechanism:
/// - ``init(name:_:)`` decides about a matched ``RouteRequest`` (pattern, parameters). Global ones run first (in the
///   order added), then the route's own; a redirect counts toward ``PushRouter/Configuration/maximumRedirects``.
/// - ``willOpen(name:_:)`` decides about the URL before it is matched (ReerRouter's `willOpenURL`): a redirect
///   rewrites the URL, a rejection vetoes it (``RouteError/vetoed(_:)``). Added to the router, these run after the
///   readiness gate and before matching, each seeing the previous one's URL; in a route's own list they see the
///   matched URL and act like the other kind.
///
/// Interceptors run on the thread that opens the route, never while the router holds its lock, so they may
/// call back into the router.
public struct RouteInterceptor: Sendable {
    enum Stage: Sendable {
        case request(@Sendable (RouteRequest) -> RouteDecision)
        case attempt(@Sendable (RouteAttempt) -> RouteDecision)
    }

    /// A name for logs and failures.
    public var name: String
    let stage: Stage

    /// An interceptor that decides about each matched request.
    public init(name: String = "interceptor", _ decide: @escaping @Sendable (RouteRequest) -> RouteDecision) {
        self.name = name
        stage = .request(decide)
    }

    /// An interceptor that decides about each URL before it is matched: `.allow` keeps it, `.redirect(url)`
    /// rewrites it, `.reject(_)` vetoes it.
    ///
    /// ```swift
    /// router.addInterceptor(
    ///     .willOpen { attempt in
    ///         attempt.url.contains("blocked.example") ? .reject("blocked host") : .allow
    ///     })
    /// ```
    public static func willOpen(
        name: String = "will-open", _ decide: @escaping @Sendable (RouteAttempt) -> RouteDecision
    ) -> RouteInterceptor {
        RouteInterceptor(name: name, stage: .attempt(decide))
    }

    private init(name: String, stage: Stage) {
        self.name = name
        self.stage = stage
    }

    /// Decides about a matched `request` (a will-open interceptor sees its URL, source and context).
    func callAsFunction(_ request: RouteRequest) -> RouteDecision {
        switch stage {
        case .request(let decide): return decide(request)
        case .attempt(let decide):
            return decide(RouteAttempt(url: request.url, source: request.source, context: request.context))
        }
    }

    /// The decision of a will-open interceptor about `attempt`; `nil` for a request interceptor (it waits for
    /// the match).
    func decide(before attempt: RouteAttempt) -> RouteDecision? {
        guard case .attempt(let decide) = stage else { return nil }
        return decide(attempt)
    }
}
