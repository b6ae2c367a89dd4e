import Foundation
@_spi(PushBusInternals) import PushBusCore

extension PushRouter {
    /// The query item that names a URL to open when no route matches (ReerRouter's convention).
    package static let fallbackQueryItem = "route_fallback_url"

    /// The query item that turns the transition's animation off (ReerRouter's convention):
    /// `myapp://user?name=x&route_no_animation=1` gives ``RouteRequest/isAnimated`` `false`.
    public static let noAnimationQueryItem = "route_no_animation"

    /// Opens `url`: runs the matching route's handler on this thread, or defers it until ``setReady(_:)``.
    ///
    /// ```swift
    /// router.open("myapp://product/12345")
    /// router.open("myapp://product/12345", source: .push, context: RouteContext(parameters: ["ref": "mail"]))
    /// router.open(url.absoluteString, source: .urlScheme)                  // a Foundation URL
    /// router.open(incoming)                            // an IncomingURL (PushBusApp.incomingURLs): open(_:context:)
    /// ```
    ///
    /// - Parameters:
    ///   - url: `myapp://user/42`, `https://example.com/path/3` (host mode) or a relative `product/12345`.
    ///   - source: Where the URL comes from; decides which routes it may reach (`.internal` routes refuse
    ///     external sources).
    ///   - context: The notification it came from, extra parameters (merged below the path parameters), values
    ///     for the handler.
    /// - Returns: What happened; failures are also reported to observers as ``RouteEvent/didFail(_:)``.
    @discardableResult
    public func open(_ url: String, source: RouteSource = .app, context: RouteContext = RouteContext()) -> RouteResult {
        let attempt = RouteAttempt(url: url, source: source, context: context)
        // Refuse what can never open right away, ready or not: a deferred request is one that may.
        let parsed: RouteURL
        switch accept(url) {
        case .success(let value): parsed = value
        case .failure(let error):
            emit([.didFail(RouteFailure(url: url, source: source, error: error, context: context))])
            return .rejected(error)
        }
        // One lock round-trip: either queue the request or take the snapshot to run it with.
        let gate: Either<[ReadinessGate.Pending], Snapshot> = state.withLock { state in
            guard state.gate.isReady else {
                return .first(state.gate.enqueue(ReadinessGate.Pending(attempt: attempt)))
            }
            return .second(Snapshot(&state, self))
        }
        switch gate {
        case .second(let snapshot):
            return run(attempt, parsed: parsed, snapshot: snapshot)
        case .first(let dropped):
            emit([.deferred(attempt)])
            report(superseded: dropped)
            return .deferred
        }
    }

    // MARK: Pipeline

    /// What one open reads from the router, taken under the lock once and used without it.
    struct Snapshot {
        let routes: RouteRegistrations
        let router: PushRouter
        let observers: ObserverRegistry<@Sendable (RouteEvent) -> Void>.Snapshot
        let scopeSwitch: (@Sendable (PushScope) -> Bool)?

        /// Taken under the router's lock, so the observers match the routes.
        init(_ state: inout State, _ router: PushRouter) {
            routes = state.routes()
            scopeSwitch = state.scopeSwitch
            self.router = router
            observers = router.observers.snapshot()
        }

        func emit(_ event: @autoclosure () -> RouteEvent) {
            guard !observers.isEmpty else { return }
            let event = event()
            router.observers.notify(observers) { observer in observer(event) }
        }
    }

    enum Either<First, Second> {
        case first(First)
        case second(Second)
    }

    /// Runs a request that passed the readiness gate: will-open interceptors, then resolution. `parsed` is the
    /// URL already parsed and accepted, and `snapshot` the router's state, if the caller has them.
    func run(_ attempt: RouteAttempt, parsed: RouteURL? = nil, snapshot: Snapshot? = nil) -> RouteResult {
        let snapshot = snapshot ?? state.withLock { Snapshot(&$0, self) }
        snapshot.emit(.willOpen(attempt))
        // The scope's step (switch account) runs first, once the gate let the request through: right before the
        // route's own checks and handler, never while the first screen is not up.
        if let scope = attempt.context.scope, let scopeSwitch = snapshot.scopeSwitch, !scopeSwitch(scope) {
            return fail(.unknownScope(scope), url: attempt.url, attempt, snapshot)
        }
        var url = attempt.url
        var parsed = parsed
        for interceptor in snapshot.routes.willOpen {
            let decision = interceptor.decide(
                before: RouteAttempt(url: url, source: attempt.source, context: attempt.context))
            switch decision?.storage ?? .allow {
            case .allow: continue
            case .reject: return fail(.vetoed(url), url: url, attempt, snapshot)
            case .redirect(let rewritten):
                if rewritten != url { parsed = nil }
                url = rewritten
            }
        }
        var chain = [url]
        return resolve(url, parsed: parsed, attempt, snapshot, chain: &chain, fallbackFrom: nil)
    }

    /// Resolves `start`, following redirects (bounded, loop-checked) and at most one fallback.
    private func resolve(
        _ start: String, parsed alreadyParsed: RouteURL? = nil, _ attempt: RouteAttempt, _ snapshot: Snapshot,
        chain: inout [String], fallbackFrom: String?
    ) -> RouteResult {
        var url = start
        var alreadyParsed = alreadyParsed
        while true {
            let parsed: RouteURL
            if let value = alreadyParsed {
                parsed = value
                alreadyParsed = nil
            } else {
                switch accept(url) {
                case .failure(let error): return fail(error, url: url, attempt, snapshot)
                case .success(let value): parsed = value
                }
            }
            guard let (entry, pathParameters) = snapshot.routes.table.resolve(parsed, hostMode: hosts != nil) else {
                // One fallback at most: a fallback's own `route_fallback_url` is not followed.
                if fallbackFrom == nil, let target = parsed.query[Self.fallbackQueryItem] ?? configuration.fallbackURL {
                    return fallBack(from: url, to: target, attempt, snapshot, chain: &chain)
                }
                _ = fail(.notFound(url), url: url, attempt, snapshot)
                return .unmatched(url)
            }
            guard entry.access.allows(attempt.source) else {
                return fail(
                    .accessDenied(pattern: entry.pattern.text, source: attempt.source), url: url, attempt, snapshot)
            }
            if let refusal = entry.options.parameterCheck.refusal(of: pathParameters) {
                let error = RouteError.parameterRefused(
                    pattern: entry.pattern.text, parameter: refusal.parameter, reason: refusal.reason)
                return fail(error, url: url, attempt, snapshot)
            }
            let request = RouteRequest(
                url: url, originalURL: attempt.url, pattern: entry.pattern.text,
                parameters: Self.merge(query: parsed.query, context: attempt.context.parameters, path: pathParameters),
                pathParameters: pathParameters, query: parsed.query, fragment: parsed.fragment, source: attempt.source,
                context: attempt.context, presentation: presentation(of: entry, attempt.context),
                isAction: entry.isAction,
                isAnimated: attempt.context.isAnimated ?? !Self.disablesAnimation(parsed.query)
            )
            var redirect = entry.options.redirect?(request)
            if redirect == nil {
                let added = snapshot.routes.routeInterceptors[entry.pattern.text] ?? []
                interceptors: for interceptor in snapshot.routes.interceptors + entry.options.interceptors + added {
                    switch interceptor(request).storage {
                    case .allow:
                        continue
                    case .reject(let reason):
                        return fail(
                            .intercepted(pattern: entry.pattern.text, reason: reason), url: url, attempt, snapshot)
                    case .redirect(let target):
                        redirect = target
                        break interceptors
                    }
                }
            }
            if let target = redirect {
                if let error = follow(target, chain: &chain) { return fail(error, url: url, attempt, snapshot) }
                url = target
                continue
            }
            entry.handler(request)
            let match = RouteMatch(
                url: url, pattern: request.pattern, parameters: request.parameters,
                pathParameters: pathParameters, query: parsed.query, fragment: parsed.fragment
            )
            if let fallbackFrom {
                snapshot.emit(.didFallBack(from: fallbackFrom, to: request))
                snapshot.emit(.didOpen(request))
                return .fellBack(match)
            }
            snapshot.emit(.didOpen(request))
            return .opened(match)
        }
    }

    private func fallBack(
        from url: String, to target: String, _ attempt: RouteAttempt, _ snapshot: Snapshot, chain: inout [String]
    ) -> RouteResult {
        guard isAcceptableFallback(target) else {
            _ = fail(.notFound(url), url: url, attempt, snapshot)
            return fail(.fallbackRefused(target), url: target, attempt, snapshot)
        }
        if let error = follow(target, chain: &chain) { return fail(error, url: url, attempt, snapshot) }
        return resolve(target, attempt, snapshot, chain: &chain, fallbackFrom: url)
    }

    /// Adds `target` to the redirect chain, or says why it may not be followed.
    private func follow(_ target: String, chain: inout [String]) -> RouteError? {
        if chain.contains(target) { return .redirectLoop(chain + [target]) }
        if chain.count > configuration.maximumRedirects { return .tooManyRedirects(chain + [target]) }
        chain.append(target)
        return nil
    }

    @discardableResult
    private func fail(_ error: RouteError, url: String, _ attempt: RouteAttempt, _ snapshot: Snapshot) -> RouteResult {
        snapshot.emit(.didFail(RouteFailure(url: url, source: attempt.source, error: error, context: attempt.context)))
        return .rejected(error)
    }

    // MARK: Acceptance

    /// Parses `url` and checks it against the allowed schemes and hosts.
    func accept(_ url: String) -> Result<RouteURL, RouteError> {
        guard let parsed = RouteURL(url, plusAsSpace: configuration.decodesPlusAsSpace) else {
            return .failure(.invalidURL(url))
        }
        guard let scheme = parsed.scheme else {
            // A relative route; `//host/path` (scheme-relative) would smuggle a host in, so it is refused.
            guard configuration.acceptsRelativeURLs, parsed.host == nil else { return .failure(.invalidURL(url)) }
            return .success(parsed)
        }
        guard schemes.contains(scheme) else { return .failure(.schemeNotAllowed(scheme)) }
        if let hosts {
            let host = parsed.host ?? ""
            // A host-less custom-scheme URL (`myapp:///path`) names no origin; a web URL must name an allowed one.
            let isHostless = host.isEmpty && !Self.webSchemes.contains(scheme)
            guard isHostless || hosts.contains(host) else { return .failure(.hostNotAllowed(host)) }
        }
        return .success(parsed)
    }

    static let webSchemes: Set<String> = ["http", "https"]

    /// A fallback must be a URL this router accepts; a web URL only in host mode (its host is then checked),
    /// so a fallback never leads to another app's scheme or to an arbitrary web origin.
    func isAcceptableFallback(_ url: String) -> Bool {
        guard case .success(let parsed) = accept(url) else { return false }
        if let scheme = parsed.scheme, Self.webSchemes.contains(scheme) { return hosts != nil }
        return true
    }

    /// The call's presentation, else the route's, else the router's default; always `none` for actions.
    private func presentation(of entry: RouteEntry, _ context: RouteContext) -> RoutePresentation {
        if entry.isAction { return .none }
        if let chosen = context.presentation { return chosen }
        let own = entry.options.presentation
        return own == .automatic ? configuration.defaultPresentation : own
    }

    /// A Boolean value indicating whether the query turns animation off (`route_no_animation` = `1`, `true`
    /// or `yes`, case-insensitively).
    static func disablesAnimation(_ query: RouteQuery) -> Bool {
        guard let value = query[noAnimationQueryItem]?.lowercased() else { return false }
        return ["1", "true", "yes"].contains(value)
    }

    /// Query items (first value per name) < context parameters < path parameters.
    static func merge(query: RouteQuery, context: [String: String], path: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for item in query.items where item.name != fallbackQueryItem && result[item.name] == nil {
            result[item.name] = item.value
        }
        result.merge(context) { _, new in new }
        result.merge(path) { _, new in new }
        return result
    }
}
