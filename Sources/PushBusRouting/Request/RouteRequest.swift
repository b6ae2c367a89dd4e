public import PushBusCore

/// What a route handler receives: the matched URL and pattern, the parameters, and where the request came from.
///
/// ```swift
/// try router.register("myapp://product/:id(int)") { request in
///     let id = request.int("id")!  // path parameter, typed by the pattern
///     let name = request.parameters["name"]  // query item or push `parameters`
///     let message = request.message  // the notification, for routes opened by a push
///     show(product: id, name: name, from: message)
/// }
/// ```
/// ``parameters`` merges, lowest first: the query items (first value of each name), the caller's
/// ``RouteContext/parameters`` (a push payload's `parameters`), and the path parameters, which win.
public struct RouteRequest: Sendable {
    /// The URL that matched (after any will-open rewrite, redirect or fallback).
    public let url: String
    /// The URL as it was passed to ``PushRouter/open(_:source:context:)``.
    public let originalURL: String
    /// The pattern that matched, exactly as registered.
    public let pattern: String
    /// Path parameters, context parameters and query items merged (path parameters win).
    public let parameters: [String: String]
    /// The path parameters alone, percent-decoded once.
    public let pathParameters: [String: String]
    /// Every query item, in order, duplicates kept.
    public let query: RouteQuery
    /// The fragment (after `#`), percent-decoded once; `nil` when the URL has none.
    public let fragment: String?
    /// Where the request came from.
    public let source: RouteSource
    /// What the caller passed along.
    public let context: RouteContext
    /// How to show the screen: the call's ``RouteContext/presentation``, else the route's, else the router's
    /// ``PushRouter/Configuration/defaultPresentation`` (``RoutePresentation/none`` for action routes).
    public let presentation: RoutePresentation
    /// A Boolean value indicating whether the route is an action route (no screen, just work).
    public let isAction: Bool
    /// A Boolean value indicating whether the transition should animate: `false` when the caller's
    /// ``RouteContext/isAnimated`` says so, or the URL carries `route_no_animation=1` (also `true` / `yes`).
    public let isAnimated: Bool

    /// The notification the route was opened for (``RouteContext/message``).
    public var message: PushMessage? { context.message }

    /// The merged parameter `name`, if present.
    public subscript(name: String) -> String? { parameters[name] }

    /// The merged parameter `name` as an integer, if present and integral.
    public func int(_ name: String) -> Int? { parameters[name].flatMap { Int($0) } }
}
