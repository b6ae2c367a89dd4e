public import PushBusHub

/// A URL on its way into the router: what will-open interceptors (``RouteInterceptor/willOpen(name:_:)``) see and
/// may rewrite or veto.
public struct RouteAttempt: Sendable {
    /// The URL to open.
    public var url: String
    /// Where it came from.
    public var source: RouteSource
    /// What the caller passed along.
    public var context: RouteContext

    package init(url: String, source: RouteSource, context: RouteContext = RouteContext()) {
        self.url = url
        self.source = source
        self.context = context
    }
}

/// A request the router could not open, as the did-fail observers see it.
public struct RouteFailure: Sendable {
    /// The URL that failed (the last one of a redirect chain).
    public let url: String
    /// Where the request came from.
    public let source: RouteSource
    /// Why it failed.
    public let error: RouteError
    /// What the caller passed along.
    public let context: RouteContext
}

/// Something the router did, as observers and ``RouteEvents`` see it.
public enum RouteEvent: Sendable {
    /// A URL is about to be resolved (after the readiness gate, before will-open interceptors rewrite it).
    case willOpen(RouteAttempt)
    /// A request was queued by the readiness gate.
    case deferred(RouteAttempt)
    /// A handler ran.
    case didOpen(RouteRequest)
    /// A request failed: unmatched, refused, rejected, vetoed, looped or superseded. Never silent.
    case didFail(RouteFailure)
    /// An unmatched URL fell back to `to` (its handler ran; a ``didOpen(_:)`` follows).
    case didFallBack(from: String, to: RouteRequest)
    /// ``PushRouter/attach(to:options:)`` found a tap that other subscriptions took before the router attached (so it was
    /// never parked for the router): it will not be routed. `takenBy` names those subscriptions. Attach the router
    /// at launch, before the first callback, and observe with `PushCenter.monitor(_:_:)` instead of subscribing.
    case tapTakenBeforeAttach(PushCenter.TakenTap)
}
