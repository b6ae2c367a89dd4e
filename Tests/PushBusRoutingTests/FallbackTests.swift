import PushBusCore
import PushBusRouting
import PushBusTestSupport
import Testing

@Suite struct FallbackTests {
    let router = PushRouter(schemes: ["myapp"])

    @Test func routeFallbackURLOpensWhenNothingMatches() throws {
        let requests = Recorder<RouteRequest>()
        let fallbacks = Recorder<String>()
        try router.record("myapp://user", into: requests)
        let observation = router.observe { if case .didFallBack(let from, _) = $0 { fallbacks.record(from) } }
        defer { observation.cancel() }

        let url = "myapp://unregisteredKey?route_fallback_url=myapp%3A%2F%2Fuser%3Fname%3Di_am_fallback"
        let result = router.open(url)
        guard case .fellBack(let match) = result else {
            Issue.record("expected a fallback, got \(result)")
            return
        }
        #expect(match.url == "myapp://user?name=i_am_fallback")
        #expect(requests.values.first?.parameters["name"] == "i_am_fallback")
        #expect(requests.values.first?.originalURL == url)
        #expect(fallbacks.values == [url])
    }

    @Test func fallbackToAnotherAppsSchemeIsRefused() throws {
        let failures = Recorder<RouteFailure>()
        let observation = router.observe { if case .didFail(let failure) = $0 { failures.record(failure) } }
        defer { observation.cancel() }
        let result = router.open("myapp://nothing?route_fallback_url=otherapp%3A%2F%2Fsteal", source: .push)
        #expect(result == .rejected(.fallbackRefused("otherapp://steal")))
        #expect(failures.values.map(\.error).contains(.fallbackRefused("otherapp://steal")))
    }

    @Test func fallbackToAWebOriginIsRefused() {
        let result = router.open("myapp://nothing?route_fallback_url=https%3A%2F%2Fevil.example%2Flogin")
        #expect(result == .rejected(.fallbackRefused("https://evil.example/login")))
    }

    @Test func fallbackToAWebOriginIsRefusedEvenWhenHttpsIsAnAcceptedScheme() throws {
        let router = PushRouter(schemes: ["myapp", "https"])
        try router.register("https://evil.example/*rest") { _ in }
        let result = router.open("myapp://x?route_fallback_url=https%3A%2F%2Fevil.example%2Flogin")
        #expect(result == .rejected(.fallbackRefused("https://evil.example/login")))
    }

    @Test func inHostModeAFallbackMayUseTheAppsOwnHost() throws {
        let router = PushRouter(schemes: ["https"], host: "example.com")
        try router.register("/home") { _ in }
        #expect(router.open("https://example.com/x?route_fallback_url=https%3A%2F%2Fexample.com%2Fhome").match != nil)
        #expect(
            router.open("https://example.com/x?route_fallback_url=https%3A%2F%2Fevil.example%2Fhome")
                == .rejected(.fallbackRefused("https://evil.example/home")))
    }

    @Test func routerLevelFallbackOpensForUnmatchedURLs() throws {
        let router = PushRouter(configuration: .init(schemes: ["myapp"], fallbackURL: "myapp://home"))
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://home", into: requests)
        guard case .fellBack = router.open("myapp://gone/1", source: .push) else {
            Issue.record("expected a fallback")
            return
        }
        #expect(requests.values.first?.source == .push)
    }

    @Test func routerLevelFallbackOutsideTheRouterIsRefused() {
        let router = PushRouter(configuration: .init(schemes: ["myapp"], fallbackURL: "otherapp://home"))
        #expect(router.open("myapp://gone").error == .fallbackRefused("otherapp://home"))
    }

    @Test func fallbackObeysAccessControl() throws {
        try router.register("myapp://admin", access: .internal) { _ in }
        let result = router.open("myapp://x?route_fallback_url=myapp%3A%2F%2Fadmin", source: .push)
        #expect(result.error == .accessDenied(pattern: "myapp://admin", source: .push))
    }

    @Test func aFallbackIsFollowedOnceNeverChained() throws {
        let inner = "myapp%3A%2F%2Fb%3Froute_fallback_url%3Dmyapp%253A%252F%252Fc"
        try router.register("myapp://c") { _ in }
        #expect(
            router.open("myapp://a?route_fallback_url=\(inner)")
                == .unmatched("myapp://b?route_fallback_url=myapp%3A%2F%2Fc"))
    }

    @Test func matchedURLIgnoresItsFallbackAndDoesNotSeeItAsAParameter() throws {
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://user", into: requests)
        router.open("myapp://user?route_fallback_url=myapp%3A%2F%2Fhome")
        #expect(requests.values.first?.parameters.isEmpty == true)
        #expect(requests.values.first?.query[PushRouter.fallbackQueryItem] == "myapp://home")
    }
}
