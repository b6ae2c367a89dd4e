/// What an interceptor decides about a request: let it through, refuse it, or send it elsewhere.
public struct RouteDecision: Sendable, Hashable {
    enum Storage: Sendable, Hashable {
        case allow
        case reject(String)
        case redirect(String)
    }

    let storage: Storage

    /// Let the request continue to the next interceptor, then the handler.
    public static let allow = RouteDecision(storage: .allow)
    /// Refuse the request; ``RouteError/intercepted(pattern:reason:)`` carries `reason`.
    public static func reject(_ reason: String) -> RouteDecision { RouteDecision(storage: .reject(reason)) }
    /// Open `url` instead (same source and context). Redirect chains are bounded and loop-checked.
    public static func redirect(_ url: String) -> RouteDecision { RouteDecision(storage: .redirect(url)) }
}
