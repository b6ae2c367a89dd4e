import Foundation
import PushBusCore
import PushBusRouting
import PushBusTestSupport
import Testing

@Suite struct ReadinessGateTests {
    @Test func openDefersUntilReady() throws {
        let router = PushRouter(schemes: ["myapp"], isReady: false)
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://product/:id", into: requests)
        #expect(router.open("myapp://product/1") == .deferred)
        #expect(requests.count == 0)
        #expect(router.deferredCount == 1)
        router.setReady(true)
        #expect(requests.values.map(\.url) == ["myapp://product/1"])
        #expect(router.deferredCount == 0)
        router.setReady(true)
        #expect(requests.count == 1)
    }

    @Test func newestOnlyByDefaultAndTheDroppedOneIsReported() throws {
        let router = PushRouter(schemes: ["myapp"], isReady: false)
        let requests = Recorder<RouteRequest>()
        let failures = Recorder<RouteError>()
        try router.record("myapp://product/:id", into: requests)
        let observation = router.observe { if case .didFail(let failure) = $0 { failures.record(failure.error) } }
        defer { observation.cancel() }
        router.open("myapp://product/1")
        router.open("myapp://product/2")
        router.setReady(true)
        #expect(requests.values.map(\.url) == ["myapp://product/2"])
        #expect(failures.values == [.superseded("myapp://product/1")])
    }

    @Test func keepAllPolicyOpensEveryRequestInOrder() throws {
        let router = PushRouter(configuration: .init(schemes: ["myapp"], isReady: false, deferral: .all))
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://product/:id", into: requests)
        for id in 1...5 { router.open("myapp://product/\(id)") }
        router.setReady(true)
        #expect(requests.values.map { $0.parameters["id"]! } == ["1", "2", "3", "4", "5"])
    }

    @Test func bufferingNewestKeepsTheLastFew() throws {
        let router = PushRouter(configuration: .init(schemes: ["myapp"], isReady: false, deferral: .bufferingNewest(2)))
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://p/:id", into: requests)
        for id in 1...4 { router.open("myapp://p/\(id)") }
        router.setReady(true)
        #expect(requests.values.map(\.url) == ["myapp://p/3", "myapp://p/4"])
    }

    @Test func setReadyFalseDefersAgain() throws {
        let router = PushRouter(schemes: ["myapp"])
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://a", into: requests)
        #expect(router.open("myapp://a").match != nil)
        router.setReady(false)
        #expect(router.open("myapp://a") == .deferred)
        #expect(requests.count == 1)
        router.setReady(true)
        #expect(requests.count == 2)
    }

    @Test func routesRegisteredWhileDeferredStillMatch() throws {
        let router = PushRouter(schemes: ["myapp"], isReady: false)
        let requests = Recorder<RouteRequest>()
        #expect(router.open("myapp://late/1") == .deferred)
        try router.record("myapp://late/:id", into: requests)
        router.setReady(true)
        #expect(requests.count == 1)
    }

    @Test func unacceptableURLsAreRejectedAtOnceNotDeferred() {
        let router = PushRouter(schemes: ["myapp"], isReady: false)
        #expect(router.open("otherapp://x") == .rejected(.schemeNotAllowed("otherapp")))
        #expect(router.deferredCount == 0)
    }

    @Test func deferredHandlersRunOnTheThreadThatCallsSetReady() throws {
        let router = PushRouter(schemes: ["myapp"], isReady: false)
        let threads = Recorder<Bool>()
        let marker = UUID().uuidString
        try router.register("myapp://a") { _ in threads.record(Thread.current.threadDictionary[marker] != nil) }
        router.open("myapp://a")
        Thread.current.threadDictionary[marker] = true
        defer { Thread.current.threadDictionary.removeObject(forKey: marker) }
        router.setReady(true)
        #expect(threads.values == [true])
    }

    @Test func aHandlerThatClosesTheGateRequeuesTheRest() throws {
        let router = PushRouter(configuration: .init(schemes: ["myapp"], isReady: false, deferral: .all))
        let requests = Recorder<RouteRequest>()
        try router.register("myapp://logout") { [router] request in
            requests.record(request)
            router.setReady(false)
        }
        try router.record("myapp://p/:id", into: requests)
        router.open("myapp://logout")
        router.open("myapp://p/1")
        router.open("myapp://p/2")
        router.setReady(true)
        #expect(requests.values.map(\.url) == ["myapp://logout"])
        #expect(router.deferredCount == 2)
        router.setReady(true)
        #expect(requests.values.map(\.url) == ["myapp://logout", "myapp://p/1", "myapp://p/2"])
    }

    @Test func deferredEventIsReported() throws {
        let router = PushRouter(schemes: ["myapp"], isReady: false)
        let deferred = Recorder<String>()
        let observation = router.observe { if case .deferred(let attempt) = $0 { deferred.record(attempt.url) } }
        defer { observation.cancel() }
        router.open("myapp://a", source: .urlScheme)
        #expect(deferred.values == ["myapp://a"])
    }
}
