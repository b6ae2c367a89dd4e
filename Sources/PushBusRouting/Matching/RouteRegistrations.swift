/// What registration sets up (routes, global and per-route interceptors), frozen: an immutable value every open
/// reads without the router's lock.
///
/// The router keeps one mutable ``RouteRegistrations/Builder`` and freezes it on the first use after a change
/// (hummingbird's "build, then freeze"): registering N routes before the first open builds one table, in place,
/// and freezes once; nothing copies the whole table per registration.
final class RouteRegistrations: Sendable {
    /// The mutable side, changed in place under the router's lock.
    struct Builder: Sendable {
        var table = RouteTable()
        /// Global interceptors that decide before matching (``RouteInterceptor/willOpen(name:_:)``), in order.
        var willOpen: [RouteInterceptor] = []
        /// Global interceptors that decide about matched requests, in order.
        var interceptors: [RouteInterceptor] = []
        /// Interceptors added to registered routes after registration, by pattern text.
        var routeInterceptors: [String: [RouteInterceptor]] = [:]

        /// Adds a global interceptor to the list of its stage.
        mutating func add(_ interceptor: RouteInterceptor) {
            if case .attempt = interceptor.stage {
                willOpen.append(interceptor)
            } else {
                interceptors.append(interceptor)
            }
        }
    }

    let table: RouteTable
    let willOpen: [RouteInterceptor]
    let interceptors: [RouteInterceptor]
    let routeInterceptors: [String: [RouteInterceptor]]

    init(_ builder: Builder) {
        table = builder.table
        willOpen = builder.willOpen
        interceptors = builder.interceptors
        routeInterceptors = builder.routeInterceptors
    }
}
