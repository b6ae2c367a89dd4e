public import PushBusCore

/// Why a pattern could not be registered or a URL could not be opened.
public enum RouteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern cannot be parsed (the reason says what is wrong).
    case invalidPattern(String, reason: String)
    /// A route with the same shape is already registered; registration never overwrites.
    case conflictingPattern(String, existing: String)
    /// The URL cannot be parsed.
    case invalidURL(String)
    /// The URL's scheme is not one the router accepts.
    case schemeNotAllowed(String)
    /// The URL's host is not one the router accepts (host mode).
    case hostNotAllowed(String)
    /// No registered pattern matches the URL (reported to did-fail observers; ``RouteResult/unmatched(_:)``).
    case notFound(String)
    /// The route does not accept requests from this source (for example an `.internal` route from a push).
    case accessDenied(pattern: String, source: RouteSource)
    /// A captured path parameter holds what the route's ``RouteParameterCheck`` refuses (a `..` segment, a
    /// control character).
    case parameterRefused(pattern: String, parameter: String, reason: String)
    /// An interceptor rejected the request.
    case intercepted(pattern: String, reason: String)
    /// A will-open interceptor (``RouteInterceptor/willOpen(name:_:)``) rejected the URL.
    case vetoed(String)
    /// A fallback URL points somewhere the router does not accept (another app's scheme, a web origin).
    case fallbackRefused(String)
    /// A redirect chain came back to a URL it already visited.
    case redirectLoop([String])
    /// A redirect chain grew past ``PushRouter/Configuration/maximumRedirects``.
    case tooManyRedirects([String])
    /// A deferred request was dropped for a newer one (``DeferralPolicy``).
    case superseded(String)
    /// The request came from a push (or an inbox entry) of a scope the app no longer has: the scope switch
    /// (``PushRouter/setScopeSwitch(_:)``) answered `false`, so nothing opened.
    case unknownScope(PushScope)

    public var description: String {
        switch self {
        case .invalidPattern(let pattern, let reason): return "invalid pattern \"\(pattern)\": \(reason)"
        case .conflictingPattern(let pattern, let existing):
            return "pattern \"\(pattern)\" conflicts with registered \"\(existing)\""
        case .invalidURL(let url): return "invalid URL \"\(url)\""
        case .schemeNotAllowed(let scheme): return "scheme \"\(scheme)\" is not allowed"
        case .hostNotAllowed(let host): return "host \"\(host)\" is not allowed"
        case .notFound(let url): return "no route matches \"\(url)\""
        case .accessDenied(let pattern, let source): return "\"\(pattern)\" cannot be opened from \(source)"
        case .parameterRefused(let pattern, let parameter, let reason):
            return "\"\(pattern)\" refused: parameter \"\(parameter)\" holds \(reason)"
        case .intercepted(let pattern, let reason): return "\"\(pattern)\" rejected by an interceptor: \(reason)"
        case .vetoed(let url): return "\"\(url)\" vetoed by a will-open interceptor"
        case .fallbackRefused(let url): return "fallback \"\(url)\" is not a URL this router accepts"
        case .redirectLoop(let chain): return "redirect loop: " + chain.joined(separator: " -> ")
        case .tooManyRedirects(let chain): return "too many redirects: " + chain.joined(separator: " -> ")
        case .superseded(let url): return "deferred \"\(url)\" replaced by a newer request"
        case .unknownScope(let scope): return "no scope \"\(scope)\" in the app: the push's route is not opened"
        }
    }
}
