/// What ``PushRouter/open(_:source:context:)`` did with a URL. Every outcome is a value: nothing asserts or crashes.
///
/// ```swift
/// switch router.open(url, source: .urlScheme) {
/// case .opened, .fellBack: return true
/// case .deferred: return true                 // opens once the app calls setReady(true)
/// case .unmatched, .rejected: return false
/// }
/// ```
public enum RouteResult: Sendable, Hashable {
    /// A route matched and its handler ran.
    case opened(RouteMatch)
    /// No route matched the URL; its fallback (`route_fallback_url` or the router's) was opened instead.
    case fellBack(RouteMatch)
    /// The app is not ready; the request is queued and opens after ``PushRouter/setReady(_:)``.
    case deferred
    /// No route matches the URL and there was no usable fallback.
    case unmatched(String)
    /// The router refused the URL; the error says why. Also reported to the did-fail observers.
    case rejected(RouteError)

    /// A Boolean value indicating whether the router took the request: a handler ran, or it waits for
    /// ``PushRouter/setReady(_:)`` (``deferred``).
    package var isTaken: Bool {
        switch self {
        case .opened, .fellBack, .deferred: return true
        case .unmatched, .rejected: return false
        }
    }

    /// The match whose handler ran (`opened` or `fellBack`), if any: `result.match != nil` when a handler ran.
    public var match: RouteMatch? {
        switch self {
        case .opened(let match), .fellBack(let match): return match
        default: return nil
        }
    }

    /// Why the URL was refused, if it was.
    public var error: RouteError? {
        if case .rejected(let error) = self { return error }
        return nil
    }
}
