import PushBusCore
import PushBusRouting
import PushBusTestSupport
import Testing

@Suite struct AccessControlTests {
    let router = PushRouter(schemes: ["myapp"])

    @Test func internalRouteOpensFromTheApp() throws {
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://debug/menu", access: .internal, into: requests)
        #expect(router.open("myapp://debug/menu").match != nil)
        #expect(requests.count == 1)
    }

    @Test func internalRouteFromAPushIsRejectedAndReported() throws {
        let requests = Recorder<RouteRequest>()
        let failures = Recorder<RouteFailure>()
        try router.record("myapp://debug/menu", access: .internal, into: requests)
        let observation = router.observe { if case .didFail(let failure) = $0 { failures.record(failure) } }
        defer { observation.cancel() }

        for source in [RouteSource.push, .urlScheme, .universalLink, .widget, .custom("spotlight")] {
            let result = router.open("myapp://debug/menu", source: source)
            #expect(result == .rejected(.accessDenied(pattern: "myapp://debug/menu", source: source)))
        }
        #expect(requests.count == 0)
        #expect(failures.count == 5)
        #expect(failures.values.first?.error == .accessDenied(pattern: "myapp://debug/menu", source: .push))
    }

    @Test func routeRestrictedToSourcesOpensOnlyFromThem() throws {
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://order/:id", access: .sources([.app, .push]), into: requests)
        #expect(router.open("myapp://order/1", source: .push).match != nil)
        #expect(router.open("myapp://order/1", source: .app).match != nil)
        #expect(router.open("myapp://order/1", source: .urlScheme).error != nil)
        #expect(router.canOpen("myapp://order/1", source: .push))
        #expect(!router.canOpen("myapp://order/1", source: .universalLink))
        #expect(requests.values.map(\.source) == [.push, .app])
    }

    @Test func customSourcesAreComparedByName() throws {
        try router.register("myapp://widget", access: .sources([.custom("home-widget")])) { _ in }
        #expect(router.open("myapp://widget", source: .custom("home-widget")).match != nil)
        #expect(router.open("myapp://widget", source: .custom("other")).match == nil)
    }

    @Test func redirectKeepsTheOriginalSourceSoItCannotReachAnInternalRoute() throws {
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://admin", access: .internal, into: requests)
        try router.register("myapp://promo", options: RouteOptions(redirect: { _ in "myapp://admin" })) { _ in }
        #expect(
            router.open("myapp://promo", source: .push).error == .accessDenied(pattern: "myapp://admin", source: .push))
        #expect(requests.count == 0)
    }

    @Test func unknownSchemesAreRejectedAndReported() throws {
        let failures = Recorder<RouteFailure>()
        try router.register("user/:id") { _ in }
        let observation = router.observe { if case .didFail(let failure) = $0 { failures.record(failure) } }
        defer { observation.cancel() }
        #expect(router.open("otherapp://user/1").error == .schemeNotAllowed("otherapp"))
        #expect(router.open("https://evil.example/user/1").error == .schemeNotAllowed("https"))
        #expect(router.open("javascript:alert(1)").error == .schemeNotAllowed("javascript"))
        #expect(router.open("//evil.example/user/1").error == .invalidURL("//evil.example/user/1"))
        #expect(failures.count == 4)
    }
}
