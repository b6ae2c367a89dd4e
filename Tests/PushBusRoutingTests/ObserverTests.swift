import PushBusRouting
import PushBusTestSupport
import Testing

@Suite(.timeLimit(.minutes(2))) struct ObserverTests {
    let router = PushRouter(schemes: ["myapp"])

    @Test func willOpenMayRewriteTheURL() throws {
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://search", into: requests)
        let observation = router.onWillOpen { attempt in attempt.url + "&extra=1" }
        defer { observation.cancel() }
        router.open("myapp://search?q=a")
        #expect(requests.values.first?.parameters == ["q": "a", "extra": "1"])
        #expect(requests.values.first?.originalURL == "myapp://search?q=a")
    }

    @Test func willOpenMayVetoAndTheVetoIsReported() throws {
        let requests = Recorder<RouteRequest>()
        let failures = Recorder<RouteFailure>()
        try router.record("myapp://bytedance", into: requests)
        let veto = router.onWillOpen { $0.url.contains("bytedance") ? nil : $0.url }
        let failing = router.onDidFail { failures.record($0) }
        defer {
            veto.cancel()
            failing.cancel()
        }
        #expect(router.open("myapp://bytedance").error == .vetoed("myapp://bytedance"))
        #expect(requests.count == 0)
        #expect(failures.values.map(\.error) == [.vetoed("myapp://bytedance")])
    }

    @Test func didOpenAndDidFailSeeEveryOutcome() throws {
        let opened = Recorder<String>()
        let failed = Recorder<RouteError>()
        try router.register("myapp://a") { _ in }
        let o1 = router.onDidOpen { opened.record($0.url) }
        let o2 = router.onDidFail { failed.record($0.error) }
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
        let observation = router.onDidOpen { opened.record($0.url) }
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
