/// Per-route settings beyond the handler: presentation, interceptors and a redirect rule.
///
/// ```swift
/// try router.register("myapp://settings", options: RouteOptions(presentation: .present)) { _ in showSettings() }
/// let redirect = RouteOptions(redirect: { request in
///     request.parameters["some_key"] == "redirect" ? "myapp://new_preference" : nil
/// })
/// try router.register("myapp://preference", options: redirect) { _ in showPreference() }
/// ```
public struct RouteOptions: Sendable {
    /// The preferred presentation, handed to the handler in ``RouteRequest/presentation``.
    public var presentation: RoutePresentation
    /// Interceptors that run after the router's global ones, in order.
    public var interceptors: [RouteInterceptor]
    /// The route's redirect rule (ReerRouter's `redirectURLWithRouteParam`): return a URL to open instead,
    /// or `nil` to open this route. It runs before the interceptors; redirects count toward the
    /// router's ``PushRouter/Configuration/maximumRedirects``.
    public var redirect: (@Sendable (RouteRequest) -> String?)?
    /// What is checked in captured path parameters before anything else runs: by default a `..` segment or a
    /// control character refuses the request (see ``RouteParameterCheck``).
    public var parameterCheck: RouteParameterCheck

    /// Creates options: by default automatic presentation, no interceptors, no redirect, and the
    /// ``RouteParameterCheck/standard`` check.
    public init(
        presentation: RoutePresentation = .automatic, interceptors: [RouteInterceptor] = [],
        redirect: (@Sendable (RouteRequest) -> String?)? = nil, parameterCheck: RouteParameterCheck = .standard
    ) {
        self.presentation = presentation
        self.interceptors = interceptors
        self.redirect = redirect
        self.parameterCheck = parameterCheck
    }
}
