import PushBusCore
import PushBusRouting
import PushBusTestSupport
import Testing

@Suite struct InterceptorTests {
    let router = PushRouter(schemes: ["myapp"])

    @Test func globalInterceptorsRunInOrderThenTheRoutesOwn() throws {
        let order = Recorder<String>()
        router.addInterceptor(
            RouteInterceptor(name: "first") { _ in
                order.record("global 1")
                return .allow
            })
        router.addInterceptor(
            RouteInterceptor { _ in
                order.record("global 2")
                return .allow
            })
        let own = RouteInterceptor { _ in
            order.record("route")
            return .allow
        }
        try router.register("myapp://page", options: RouteOptions(interceptors: [own])) { _ in order.record("handler") }
        router.open("myapp://page")
        #expect(order.values == ["global 1", "global 2", "route", "handler"])
    }

    @Test func rejectStopsTheChainWithTheReason() throws {
        let handled = Recorder<RouteRequest>()
        let later = Recorder<String>()
        router.addInterceptor(
            RouteInterceptor { request in request.parameters["name"] == "google" ? .reject("blocked name") : .allow })
        router.addInterceptor(
            RouteInterceptor { _ in
                later.record("ran")
                return .allow
            })
        try router.record("myapp://user", into: handled)
        #expect(
            router.open("myapp://user?name=google").error
                == .intercepted(pattern: "myapp://user", reason: "blocked name"))
        #expect(handled.count == 0)
        #expect(later.count == 0)
        #expect(router.open("myapp://user?name=apple").match != nil)
    }

    @Test func redirectOpensAnotherURLWithTheSameSourceAndContext() throws {
        let requests = Recorder<RouteRequest>()
        router.addInterceptor(
            RouteInterceptor { request in
                request.pattern == "myapp://account" ? .redirect("myapp://login?next=account") : .allow
            })
        try router.register("myapp://account") { _ in }
        try router.record("myapp://login", into: requests)
        let result = router.open("myapp://account", source: .push, context: RouteContext(values: ["k": 1]))
        #expect(result.match?.pattern == "myapp://login")
        let request = try #require(requests.values.first)
        #expect(request.source == .push)
        #expect(request.originalURL == "myapp://account")
        #expect(request.parameters["next"] == "account")
        #expect(request.context["k"] as? Int == 1)
    }

    @Test func routeRedirectRuleReplacesTheRoute() throws {
        let requests = Recorder<RouteRequest>()
        let rule = RouteOptions(redirect: { request in
            request.parameters["some_key"] == "redirect" ? "myapp://new_preference" : nil
        })
        try router.register("myapp://preference", options: rule) { requests.record($0) }
        try router.record("myapp://new_preference", into: requests)
        router.open("myapp://preference?some_key=redirect")
        router.open("myapp://preference")
        #expect(requests.values.map(\.pattern) == ["myapp://new_preference", "myapp://preference"])
    }

    @Test func redirectLoopEndsWithAnError() throws {
        let failures = Recorder<RouteFailure>()
        try router.register("myapp://a", options: RouteOptions(redirect: { _ in "myapp://b" })) { _ in }
        try router.register("myapp://b", options: RouteOptions(redirect: { _ in "myapp://a" })) { _ in }
        let observation = router.observe { if case .didFail(let failure) = $0 { failures.record(failure) } }
        defer { observation.cancel() }
        #expect(router.open("myapp://a") == .rejected(.redirectLoop(["myapp://a", "myapp://b", "myapp://a"])))
        #expect(failures.count == 1)
    }

    @Test func selfRedirectIsALoop() throws {
        router.addInterceptor(RouteInterceptor { request in .redirect(request.url) })
        try router.register("myapp://self") { _ in }
        #expect(router.open("myapp://self") == .rejected(.redirectLoop(["myapp://self", "myapp://self"])))
    }

    @Test func endlessDistinctRedirectsHitTheBound() throws {
        let router = PushRouter(configuration: .init(schemes: ["myapp"], maximumRedirects: 3))
        try router.register("myapp://step/:n(int)") { _ in }
        router.addInterceptor(RouteInterceptor { request in .redirect("myapp://step/\(request.int("n")! + 1)") })
        guard case .rejected(.tooManyRedirects(let chain)) = router.open("myapp://step/0") else {
            Issue.record("expected too many redirects")
            return
        }
        #expect(chain.count == 5)
    }

    @Test func redirectToAnotherAppIsRejected() throws {
        router.addInterceptor(RouteInterceptor { _ in .redirect("otherapp://x") })
        try router.register("myapp://a") { _ in }
        #expect(router.open("myapp://a").error == .schemeNotAllowed("otherapp"))
    }

    @Test func interceptorsMayCallBackIntoTheRouter() throws {
        try router.register("myapp://probe") { _ in }
        router.addInterceptor(
            RouteInterceptor { [router] _ in router.canOpen("myapp://probe") ? .allow : .reject("no") })
        #expect(router.open("myapp://probe").match != nil)
    }
}
