/// A URL resolved to a registered pattern: what ``PushRouter/match(_:)`` returns and ``RouteResult`` reports.
public struct RouteMatch: Sendable, Hashable {
    /// The URL that matched.
    public let url: String
    /// The pattern, exactly as registered.
    public let pattern: String
    /// Path parameters and query items merged (path parameters win).
    public let parameters: [String: String]
    /// The path parameters alone.
    public let pathParameters: [String: String]
    /// Every query item, in order.
    public let query: RouteQuery
    /// The fragment, if any.
    public let fragment: String?
}
