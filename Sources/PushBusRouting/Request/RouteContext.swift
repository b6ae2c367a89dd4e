import PushBus

/// What the caller hands a route besides the URL: the notification it came from, extra parameters, values.
///
/// ```swift
/// router.open("myapp://product/12345", source: .push,
///             context: RouteContext(message: message, parameters: ["name": "iPhone"]))
/// ```
/// ``parameters`` are merged into ``RouteRequest/parameters`` above the query items and below the path
/// parameters. ``values`` carries anything else (`Sendable`) to the handler untouched.
public struct RouteContext: Sendable {
    /// The notification that asked for the route, when it came from a push.
    public var message: PushMessage?
    /// Extra parameters (the seeds' `parameters` payload key, or the caller's own).
    public var parameters: [String: String]
    /// Anything else the handler needs.
    public var values: [String: any Sendable]

    public init(
        message: PushMessage? = nil, parameters: [String: String] = [:], values: [String: any Sendable] = [:]
    ) {
        self.message = message
        self.parameters = parameters
        self.values = values
    }

    /// The value stored under `key`, if any.
    public subscript(key: String) -> (any Sendable)? {
        get { values[key] }
        set { values[key] = newValue }
    }
}
