import Foundation
@_spi(PushBusInternals) import PushBusCore

extension PushRouter {
    /// Adds an interceptor to a route that is already registered (ReerRouter's `addInterceptor(forKey:)`); it
    /// runs after the router's global interceptors and the route's own, in the order added.
    ///
    /// ```swift
    /// try router.addInterceptor(
    ///     forRoute: "myapp://user",
    ///     RouteInterceptor { request in
    ///         request["name"] == "google" ? .reject("blocked user") : .allow
    ///     })
    /// ```
    ///
    /// - Parameters:
    ///   - key: The route's pattern as registered (`myapp://user`), or its key without the scheme (`user`).
    ///   - interceptor: Allows, rejects or redirects each request of that route.
    /// - Throws: ``RouteError/notFound(_:)`` when no registered route has that pattern or key.
    public func addInterceptor(forRoute key: String, _ interceptor: RouteInterceptor) throws {
        try state.withLock { state in
            guard let entry = Self.entry(forKey: key, in: state.registrations.table) else {
                throw RouteError.notFound(key)
            }
            state.register { $0.routeInterceptors[entry.pattern.text, default: []].append(interceptor) }
        }
    }

    /// Runs a registered action route by its key (ReerRouter's `executeAction(byKey:)`), through the same
    /// pipeline as ``open(_:source:context:)``: access check, interceptors, observers and the readiness gate.
    ///
    /// ```swift
    /// try router.registerAction("myapp://abc_action") { _ in refresh() }
    /// router.performAction("abc_action")              // or "myapp://abc_action"
    /// ```
    ///
    /// - Parameters:
    ///   - key: The action's pattern as registered, or its key without the scheme.
    ///   - parameters: Extra parameters for the request.
    ///   - source: Where the request comes from (default ``RouteSource/app``).
    /// - Returns: What happened; ``RouteResult/rejected(_:)`` with ``RouteError/notFound(_:)`` when no action
    ///   route has that key, or ``RouteError/invalidURL(_:)`` when the action's pattern has parameters (open its
    ///   URL instead).
    @discardableResult
    public func performAction(
        _ key: String, parameters: [String: String] = [:], source: RouteSource = .app
    ) -> RouteResult {
        let entry = state.withLock { Self.entry(forKey: key, in: $0.routes().table) }
        guard let entry, entry.isAction else { return .rejected(.notFound(key)) }
        guard entry.parameterNames.isEmpty else { return .rejected(.invalidURL(entry.pattern.text)) }
        return open(entry.pattern.text, source: source, context: RouteContext(parameters: parameters))
    }

    /// The entry registered as `key`: the exact pattern text, else the one whose text after `scheme://` is `key`.
    private static func entry(forKey key: String, in table: RouteTable) -> RouteEntry? {
        if let exact = table.entries.first(where: { $0.pattern.text == key }) { return exact }
        let trimmed = key.hasPrefix("/") ? String(key.dropFirst()) : key
        return table.entries.first { entry in
            guard let range = entry.pattern.text.range(of: "://") else { return false }
            let rest = entry.pattern.text[range.upperBound...]
            return rest == trimmed || rest == "/" + trimmed
        }
    }
}
