import PushBusCore
import PushBusRouting
import PushBusTestSupport
import Testing

@Suite(.timeLimit(.minutes(2))) struct ObserverTests {
    let router = PushRouter(schemes: ["myapp"])

    @Test func willOpenInterceptorMayRewriteTheURL() throws {
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://search", into: requests)
        router.addInterceptor(.willOpen { attempt in .redirect(attempt.url + "&extra=1") })
        router.open("myapp://search?q=a")
        #expect(requests.values.first?.parameters == ["q": "a", "extra": "1"])
        #expect(requests.values.first?.originalURL == "myapp://search?q=a")
    }

    @Test func willOpenInterceptorMayVetoAndTheVetoIsReported() throws {
        let requests = Recorder<RouteRequest>()
        let failures = Recorder<RouteFailure>()
        try router.record("myapp://bytedance", into: requests)
        router.addInterceptor(.willOpen { $0.url.contains("bytedance") ? .reject("vetoed") : .allow })
        let failing = router.observe { if case .didFail(let failure) = $0 { failures.record(failure) } }
        defer { failing.cancel() }
        #expect(router.open("myapp://bytedance").error == .vetoed("myapp://bytedance"))
        #expect(requests.count == 0)
        #expect(failures.values.map(\.error) == [.vetoed("myapp://bytedance")])
    }

    @Test func didOpenAndDidFailSeeEveryOutcome() throws {
        let opened = Recorder<String>()
        let failed = Recorder<RouteError>()
        try router.register("myapp://a") { _ in }
        let o1 = router.observe { if case .didOpen(let request) = $0 { opened.record(request.url) } }
        let o2 = router.observe { if case .didFail(let failure) = $0 { failed.record(failure.error) } }
        defer {
            o1.cancel()
            o2.cancel()
        }
        router.open("myapp://a")
        router.open("myapp://b")
        router.open("nope://a")
        #expect(opened.values == ["myapp://a"])
        #expect(failed.values == [.notFound("myapp://b"), .schemeNotAllowed("nope")])
    }

    @Test func eventsArriveInOrderForOneOpen() throws {
        let kinds = Recorder<String>()
        try router.register("myapp://home") { _ in kinds.record("handler") }
        let observation = router.observe { event in
            switch event {
            case .willOpen: kinds.record("willOpen")
            case .deferred: kinds.record("deferred")
            case .didOpen: kinds.record("didOpen")
            case .didFail: kinds.record("didFail")
            case .didFallBack: kinds.record("didFallBack")
            case .tapTakenBeforeAttach: kinds.record("tapTakenBeforeAttach")
            }
        }
        defer { observation.cancel() }
        router.open("myapp://x?route_fallback_url=myapp%3A%2F%2Fhome")
        #expect(kinds.values == ["willOpen", "handler", "didFallBack", "didOpen"])
    }

    @Test func cancelledObserversHearNothing() throws {
        let opened = Recorder<String>()
        try router.register("myapp://a") { _ in }
        let observation = router.observe { if case .didOpen(let request) = $0 { opened.record(request.url) } }
        observation.cancel()
        router.open("myapp://a")
        #expect(opened.count == 0)
    }

    @Test func eventsAsyncSequenceDeliversDidOpen() async throws {
        try router.register("myapp://a") { _ in }
        let events = router.events()
        var iterator = events.makeAsyncIterator()
        router.open("myapp://a")
        router.open("myapp://missing")
        guard case .willOpen(let attempt)? = await iterator.next() else {
            Issue.record("expected willOpen")
            return
        }
        #expect(attempt.url == "myapp://a")
        guard case .didOpen(let request)? = await iterator.next() else {
            Issue.record("expected didOpen")
            return
        }
        #expect(request.pattern == "myapp://a")
        _ = await iterator.next()  // willOpen for the missing one
        guard case .didFail(let failure)? = await iterator.next() else {
            Issue.record("expected didFail")
            return
        }
        #expect(failure.error == .notFound("myapp://missing"))
    }
}
