public import PushBusCore

extension PushRouter {
    /// Everything a router accepts and how it behaves; ``PushRouter/init(schemes:host:isReady:)`` covers the
    /// common case.
    public struct Configuration: Sendable {
        /// The URL schemes the router accepts (compared case-insensitively). Any other scheme is rejected
        /// with ``RouteError/schemeNotAllowed(_:)``, and a fallback never leads to one.
        public var schemes: Set<String>
        /// Host mode (ReerRouter's "Mode 2"): when set, URLs must carry this host (or one of
        /// ``additionalHosts``) and route keys are paths (`/path/:id`). When `nil`, the host is the first
        /// segment of the route key (`myapp://user/:id`). Host mode also accepts `https` URLs of these hosts
        /// (universal links), whatever ``schemes`` lists.
        public var host: String?
        /// More hosts accepted in host mode (for example `www.example.com` beside `example.com`).
        public var additionalHosts: Set<String>
        /// A Boolean value indicating whether the app starts ready; when `false`, opens defer until
        /// ``PushRouter/setReady(_:)``.
        public var isReady: Bool
        /// Which requests the readiness gate keeps (default ``DeferralPolicy/newest``).
        public var deferral: DeferralPolicy
        /// How many redirects (interceptor or route redirect rules) one open may follow before it fails with
        /// ``RouteError/tooManyRedirects(_:)``.
        public var maximumRedirects: Int
        /// Opened when no route matches and the URL carries no usable `route_fallback_url`. It must be a URL
        /// this router accepts, like any fallback.
        public var fallbackURL: String?
        /// A Boolean value indicating whether `+` in a query means a space (HTML form encoding). The default,
        /// `false`, follows RFC 3986: `+` is a literal plus; write a space as `%20`.
        public var decodesPlusAsSpace: Bool
        /// A Boolean value indicating whether scheme-less routes (`product/12345`) are accepted; they match
        /// scheme-less patterns only.
        public var acceptsRelativeURLs: Bool
        /// The presentation of routes registered without one (``RoutePresentation/automatic``); ReerRouter's
        /// `preferredOpenStyle`. A route's own presentation beats it, and a call's
        /// ``RouteContext/presentation`` beats both.
        public var defaultPresentation: RoutePresentation
        /// The clock of the router's memory of routed deliveries: reports that share no evidence match within the
        /// correlation window on its monotonic time, so a change of the wall clock never reopens or swallows a tap.
        /// Default `SystemPushClock()`; tests pass a `ManualClock`.
        public var clock: any PushClock

        /// Creates a configuration for `schemes`. By default: no host mode, ready at once, ``DeferralPolicy/newest``,
        /// at most 8 redirects, no fallback, `+` kept as a plus, relative URLs accepted,
        /// ``RoutePresentation/automatic``, and the system clock.
        public init(
            schemes: Set<String>, host: String? = nil, additionalHosts: Set<String> = [], isReady: Bool = true,
            deferral: DeferralPolicy = .newest, maximumRedirects: Int = 8, fallbackURL: String? = nil,
            decodesPlusAsSpace: Bool = false, acceptsRelativeURLs: Bool = true,
            defaultPresentation: RoutePresentation = .automatic, clock: any PushClock = SystemPushClock()
        ) {
            self.schemes = schemes
            self.host = host
            self.additionalHosts = additionalHosts
            self.isReady = isReady
            self.deferral = deferral
            self.maximumRedirects = maximumRedirects
            self.fallbackURL = fallbackURL
            self.decodesPlusAsSpace = decodesPlusAsSpace
            self.acceptsRelativeURLs = acceptsRelativeURLs
            self.defaultPresentation = defaultPresentation
            self.clock = clock
        }

        /// The lowercased schemes; in host mode `https` too, for the host's universal links.
        var normalizedSchemes: Set<String> {
            var result = Set(schemes.map { $0.lowercased() })
            if host != nil { result.insert("https") }
            return result
        }

        /// The lowercased hosts in host mode; `nil` when there is no host mode.
        var normalizedHosts: Set<String>? {
            guard let host else { return nil }
            return Set(([host] + additionalHosts).map { $0.lowercased() })
        }
    }
}
