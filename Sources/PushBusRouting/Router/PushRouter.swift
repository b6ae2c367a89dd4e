import Foundation
@_spi(PushBusInternals) public import PushBusCore
import PushBusHub

/// A platform-neutral URL router with access control, interceptors, safe fallbacks and a readiness gate.
///
/// ```swift
/// let router = PushRouter(schemes: ["myapp"], isReady: false)
/// try router.register("myapp://product/:id(int)") { request in show(product: request.int("id")!) }
/// let subscription = router.attach(to: .shared)   // routes tapped notifications, parked ones included
/// // first screen's viewDidAppear:
/// router.setReady(true)                           // deferred routes open now, in order, on this thread
/// ```
/// Handlers run on the thread that calls ``open(_:source:context:)`` (or ``setReady(_:)`` for deferred requests),
/// never while the router holds its lock, so a handler may open, register or change readiness.
public final class PushRouter: Sendable {
    /// What the router accepts and how it behaves.
    public let configuration: Configuration

    struct State: Sendable {
        /// What registration builds, changed in place (no copy per registration).
        var registrations = RouteRegistrations.Builder()
        /// The registrations frozen for use; `nil` after a change until the next use freezes them again.
        var frozen: RouteRegistrations?
        /// How many times the registrations were frozen (each freeze shares the builder's storage; the first
        /// registration after one copies it once).
        var freezeCount = 0
        var gate: ReadinessGate
        /// Deliveries already routed (the package's one "seen" component, bounded by count and age): one tap
        /// opens once even if it reaches the router twice, while a later delivery of an identical payload (a
        /// repeating reminder, the same alert sent again) opens again.
        var routedMessages = SeenDeliveries(capacity: PushRouter.routedMessageMemory)
        /// Taps other subscriptions took before an `attach(to:)`, newest last (bounded): never routed, never silent.
        var missedTaps: [PushCenter.TakenTap] = []
        /// The options of each `attach(to:options:)` made so far (bounded), so a relaunched copy attaches alike.
        var attachments: [AttachOptions] = []
        /// The app's step before a route with a scope opens (``PushRouter/setScopeSwitch(_:)``).
        var scopeSwitch: (@Sendable (PushScope) -> Bool)?

        /// The frozen registrations, freezing them first if they changed since the last use.
        mutating func routes() -> RouteRegistrations {
            if let frozen { return frozen }
            let routes = RouteRegistrations(registrations)
            frozen = routes
            freezeCount += 1
            return routes
        }

        /// Changes the registrations in place: the frozen copy is dropped first, so unless an open still holds
        /// it the builder's storage is not shared and nothing is copied.
        mutating func register<T>(_ change: (inout RouteRegistrations.Builder) throws -> T) rethrows -> T {
            frozen = nil
            return try change(&registrations)
        }
    }

    let state: LockedState<State>
    /// The event observers (``observe(_:)``); reached under ``state`` by ``Snapshot``, never the other way round.
    let observers = ObserverRegistry<@Sendable (RouteEvent) -> Void>()
    let schemes: Set<String>
    /// The accepted hosts in host mode; `nil` otherwise.
    let hosts: Set<String>?

    /// Creates a router for these URL schemes, optionally in host mode, ready or waiting for ``setReady(_:)``.
    ///
    /// - Parameters:
    ///   - schemes: The accepted URL schemes (`["myapp"]`, plus `"https"` for universal links).
    ///   - host: Host mode: URLs must carry this host, and patterns are paths (`/path/:id`).
    ///   - isReady: `false` on a cold start: opens defer until ``setReady(_:)``.
    public convenience init(schemes: Set<String>, host: String? = nil, isReady: Bool = true) {
        self.init(configuration: Configuration(schemes: schemes, host: host, isReady: isReady))
    }

    /// Creates a router from a full configuration.
    public init(configuration: Configuration) {
        self.configuration = configuration
        schemes = configuration.normalizedSchemes
        hosts = configuration.normalizedHosts
        state = LockedState(
            State(gate: ReadinessGate(isReady: configuration.isReady, policy: configuration.deferral))
        )
    }

    // MARK: Registration

    /// Registers a screen route.
    ///
    /// Registrations change the router's one table in place; the first open, match or attachment after them
    /// freezes it into the immutable table every open reads. Register at launch, before the first open: a route
    /// registered later works too, at the cost of one copy of the table at the next use.
    ///
    /// - Parameters:
    ///   - pattern: `myapp://user/:id`, `product/:id(int)`, `files/*path`, or in host mode `/path/:id`.
    ///   - access: Who may open it (default: every source).
    ///   - options: A presentation, interceptors, a redirect rule or a parameter check for this route.
    ///   - handler: Runs on the opening thread with the matched request.
    /// - Throws: ``RouteError/invalidPattern(_:reason:)``, or ``RouteError/conflictingPattern(_:existing:)`` when
    ///   a route of the same shape exists (registration never overwrites).
    public func register(
        _ pattern: String, access: RouteAccess = .public, options: RouteOptions = RouteOptions(),
        _ handler: @escaping @Sendable (RouteRequest) -> Void
    ) throws {
        try add(pattern, access: access, options: options, isAction: false, handler)
    }

    /// Registers an action route: no screen, just work (``RouteRequest/isAction`` is `true`, presentation
    /// ``RoutePresentation/none``).
    public func registerAction(
        _ pattern: String, access: RouteAccess = .public, _ action: @escaping @Sendable (RouteRequest) -> Void
    ) throws {
        var options = RouteOptions()
        options.presentation = .none
        try add(pattern, access: access, options: options, isAction: true, action)
    }

    private func add(
        _ text: String, access: RouteAccess, options: RouteOptions, isAction: Bool,
        _ handler: @escaping @Sendable (RouteRequest) -> Void
    ) throws {
        let pattern = try RoutePattern(text, schemes: schemes, hosts: hosts)
        let entry = RouteEntry(
            pattern: pattern, parameterNames: pattern.parameterNames, access: access, options: options,
            isAction: isAction, handler: handler
        )
        try state.withLock { state in
            try state.register { try $0.table.add(entry) }
        }
    }

    /// Adds an interceptor that runs for every route: a ``RouteInterceptor/willOpen(name:_:)`` one before
    /// matching, any other after matching and before the route's own interceptors; each after those of its kind
    /// added earlier.
    public func addInterceptor(_ interceptor: RouteInterceptor) {
        state.withLock { state in state.register { $0.add(interceptor) } }
    }

    /// How many times the registrations were frozen for use: one per batch of registrations followed by a use.
    package var registrationFreezeCount: Int { state.withLock { $0.freezeCount } }

    /// The patterns registered so far, in registration order.
    public var patterns: [String] { state.withLock { $0.registrations.table.entries.map(\.pattern.text) } }

    // MARK: Matching without opening

    /// The route `url` resolves to, without running anything (no access check, interceptors or fallback).
    public func match(_ url: String) -> RouteMatch? {
        guard case .success(let parsed) = accept(url) else { return nil }
        let table = state.withLock { $0.routes().table }
        guard let (entry, pathParameters) = table.resolve(parsed, hostMode: hosts != nil),
            entry.options.parameterCheck.refusal(of: pathParameters) == nil
        else { return nil }
        return RouteMatch(
            url: url, pattern: entry.pattern.text,
            parameters: Self.merge(query: parsed.query, context: [:], path: pathParameters),
            pathParameters: pathParameters, query: parsed.query, fragment: parsed.fragment
        )
    }

    /// A Boolean value indicating whether `url` would reach a route from `source` (scheme, host, match and
    /// access; interceptors are not asked).
    public func canOpen(_ url: String, source: RouteSource = .app) -> Bool {
        guard case .success(let parsed) = accept(url) else { return false }
        let table = state.withLock { $0.routes().table }
        guard let (entry, pathParameters) = table.resolve(parsed, hostMode: hosts != nil) else { return false }
        return entry.access.allows(source) && entry.options.parameterCheck.refusal(of: pathParameters) == nil
    }

    // MARK: Readiness

    /// A Boolean value indicating whether the app is ready: when `false`, opens are deferred.
    public var isReady: Bool { state.withLock { $0.gate.isReady } }

    /// How many requests wait for the app to become ready.
    public var deferredCount: Int { state.withLock { $0.gate.pending.count } }

    /// Opens the gate (`true`: deferred requests open now, in order, on this thread) or closes it (`false`, for
    /// example on logout: later requests defer again).
    public func setReady(_ ready: Bool) {
        guard ready else {
            state.withLock { $0.gate.close() }
            return
        }
        var batch = state.withLock { $0.gate.open() }[...]
        while let next = batch.first {
            // The app may become not ready again while deferred routes open (a handler logs out, say):
            // then the rest goes back to the front of the queue, atomically with the check.
            let dropped: [ReadinessGate.Pending]? = state.withLock { state in
                guard !state.gate.isReady else { return nil }
                return state.gate.requeue(Array(batch))
            }
            if let dropped {
                report(superseded: dropped)
                return
            }
            batch = batch.dropFirst()
            _ = run(next.attempt)
        }
    }
}

extension PushRouter {
    /// Sets the step that runs before a route with a scope opens (a push, or an inbox entry, of one of the app's
    /// accounts): the app switches to that account and returns `true`, and the route opens with the scope in its
    /// ``RouteContext/scope``; or it returns `false` for a scope the app no longer has (an account signed out), and
    /// nothing opens: the request fails with ``RouteError/unknownScope(_:)``, reported to did-fail observers.
    ///
    /// ```swift
    /// router.setScopeSwitch { scope in
    ///     guard let account = accounts.account(for: scope) else { return false }  // signed out: not opened
    ///     accounts.switchTo(account)
    ///     return true
    /// }
    /// ```
    ///
    /// It runs on the thread that opens the route, after the readiness gate (a cold-start tap switches account when
    /// the first screen is up) and before the will-open interceptors, never under the router's lock. `nil` removes
    /// it; routes without a scope never run it.
    public func setScopeSwitch(_ step: (@Sendable (PushScope) -> Bool)?) {
        state.withLock { $0.scopeSwitch = step }
    }
}
