public import PushBusCore

/// What the caller hands a route besides the URL: the notification it came from, extra parameters, values.
///
/// ```swift
/// router.open(
///     "myapp://product/12345", source: .push,
///     context: RouteContext(message: message, parameters: ["name": "iPhone"]))
/// ```
/// ``parameters`` are merged into ``RouteRequest/parameters`` above the query items and below the path
/// parameters. ``values`` carries anything else (`Sendable`) to the handler untouched.
public struct RouteContext: Sendable {
    /// The notification that asked for the route, when it came from a push.
    public var message: PushMessage?
    /// Extra parameters (the `parameters` payload key, or the caller's own).
    public var parameters: [String: String]
    /// Anything else the handler needs.
    public var values: [String: any Sendable]
    /// How this call wants the screen shown, beating the route's and the router's presentation (ReerRouter's
    /// `push(_:)` / `present(_:)`); `nil` keeps theirs. Action routes stay ``RoutePresentation/none``.
    public var presentation: RoutePresentation?
    /// `false` to show the screen without animation; `nil` leaves it to the URL's `route_no_animation` item.
    public var isAnimated: Bool?
    /// The account, profile or workspace the request belongs to: the push's (`PushMessage.scope`) or the inbox
    /// entry's. With one, the router runs the app's scope switch (``PushRouter/setScopeSwitch(_:)``) before the
    /// route opens. `nil` in an app with one account.
    public var scope: PushScope?

    /// Creates a context; by default it carries no message, parameters or values, and leaves presentation to the
    /// route and animation to the URL. The scope defaults to the message's.
    public init(
        message: PushMessage? = nil, parameters: [String: String] = [:], values: [String: any Sendable] = [:],
        presentation: RoutePresentation? = nil, isAnimated: Bool? = nil, scope: PushScope? = nil
    ) {
        self.message = message
        self.scope = scope ?? message?.scope
        self.parameters = parameters
        self.values = values
        self.presentation = presentation
        self.isAnimated = isAnimated
    }

    /// The value stored under `key`, if any.
    public subscript(key: String) -> (any Sendable)? {
        get { values[key] }
        set { values[key] = newValue }
    }
}
