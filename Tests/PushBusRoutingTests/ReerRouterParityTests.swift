import Foundation
import PushBus
import PushBusRouting
import PushBusTestSupport
import Testing

/// What ReerRouter offers, in PushBusRouting's terms.
@Suite struct ReerRouterParityTests {
    @Test func presentationPriorityIsRouterDefaultThenRouteThenCall() throws {
        let router = PushRouter(configuration: .init(schemes: ["myapp"], defaultPresentation: .push))
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://user", into: requests)
        try router.register("myapp://settings", options: RouteOptions(presentation: .present)) { requests.record($0) }
        router.open("myapp://user")
        router.open("myapp://settings")
        router.open("myapp://settings", context: RouteContext(presentation: .custom("sheet")))
        #expect(requests.values.map(\.presentation) == [.push, .present, .custom("sheet")])
    }

    @Test func actionRoutesIgnoreAPresentationOverride() throws {
        let router = PushRouter(schemes: ["myapp"])
        let requests = Recorder<RouteRequest>()
        try router.registerAction("myapp://abc_action") { requests.record($0) }
        router.open("myapp://abc_action", context: RouteContext(presentation: .present))
        #expect(requests.values.map(\.presentation) == [.none])
    }

    @Test func routeNoAnimationIsATypedOption() throws {
        let router = PushRouter(schemes: ["myapp"])
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://user", into: requests)
        router.open("myapp://user?name=google&route_no_animation=1")
        router.open("myapp://user?route_no_animation=TRUE")
        router.open("myapp://user?route_no_animation=0")
        router.open("myapp://user")
        router.open("myapp://user", context: RouteContext(isAnimated: false))
        #expect(requests.values.map(\.isAnimated) == [false, false, true, true, false])
    }

    @Test func interceptorsCanBeAddedToARegisteredRoute() throws {
        let router = PushRouter(schemes: ["myapp"])
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://user", into: requests)
        try router.addInterceptor(
            forRoute: "user",
            RouteInterceptor { request in
                request["name"] == "google" ? .reject("blocked") : .allow
            })
        #expect(router.open("myapp://user?name=apple").match != nil)
        let blocked = router.open("myapp://user?name=google")
        #expect(blocked.match == nil)
        #expect(requests.values.map { $0["name"] } == ["apple"])
    }

    @Test func addingAnInterceptorToAnUnknownRouteThrows() {
        let router = PushRouter(schemes: ["myapp"])
        #expect(throws: RouteError.self) {
            try router.addInterceptor(forRoute: "nothing", RouteInterceptor { _ in .allow })
        }
    }

    @Test func aRegisteredActionRunsByItsKey() throws {
        let router = PushRouter(schemes: ["myapp"])
        let requests = Recorder<RouteRequest>()
        try router.registerAction("myapp://abc_action") { requests.record($0) }
        #expect(router.performAction("abc_action", parameters: ["n": "1"]).match != nil)
        #expect(router.performAction("myapp://abc_action").match != nil)
        #expect(requests.values.map(\.isAction) == [true, true])
        #expect(requests.values.first?["n"] == "1")
    }

    @Test func performActionRefusesScreensAndUnknownKeys() throws {
        let router = PushRouter(schemes: ["myapp"])
        try router.register("myapp://user") { _ in }
        #expect(router.performAction("user").match == nil)
        #expect(router.performAction("missing").match == nil)
    }

    @Test func anActionRunByKeyWaitsForReadiness() throws {
        let router = PushRouter(schemes: ["myapp"], isReady: false)
        let requests = Recorder<RouteRequest>()
        try router.registerAction("myapp://sync") { requests.record($0) }
        router.performAction("sync")
        #expect(requests.count == 0)
        router.setReady(true)
        #expect(requests.count == 1)
    }
}
