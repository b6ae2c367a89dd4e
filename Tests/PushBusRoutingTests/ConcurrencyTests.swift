import Dispatch
import PushBusRouting
import PushBusTestSupport
import Testing

/// Bounded storms: many threads opening, registering and toggling readiness at once.
@Suite struct ConcurrencyTests {
    @Test func concurrentOpensAndRegistrationsLoseNothing() throws {
        // Given: a router with one route, and 8 threads that each open it 200 times while registering their own.
        let router = PushRouter(schemes: ["myapp"])
        let opened = Recorder<Int>()
        try router.register("myapp://hit/:n(int)") { opened.record($0.int("n")!) }

        // When
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in 0..<200 {
                router.open("myapp://hit/\(worker * 1_000 + index)")
                if index % 20 == 0 { try? router.register("myapp://w\(worker)/r\(index)") { _ in } }
            }
        }

        // Then: every open ran its handler exactly once, and every registration is there.
        #expect(opened.count == 1_600)
        #expect(Set(opened.values).count == 1_600)
        #expect(router.patterns.count == 1 + 8 * 10)
    }

    @Test func concurrentSetReadyOpensEachDeferredRequestExactlyOnce() throws {
        // Given: 100 deferred requests.
        let router = PushRouter(configuration: .init(schemes: ["myapp"], isReady: false, deferral: .all))
        let opened = Recorder<Int>()
        try router.register("myapp://p/:n(int)") { opened.record($0.int("n")!) }
        for index in 0..<100 { router.open("myapp://p/\(index)") }

        // When: several threads declare the app ready at once.
        DispatchQueue.concurrentPerform(iterations: 4) { _ in router.setReady(true) }

        // Then
        #expect(opened.count == 100)
        #expect(Set(opened.values).count == 100)
        #expect(router.deferredCount == 0)
    }

    @Test func opensRacingTheGateAreEitherRunOrDeferredNeverLost() throws {
        let router = PushRouter(configuration: .init(schemes: ["myapp"], isReady: false, deferral: .all))
        let opened = Recorder<Int>()
        try router.register("myapp://p/:n(int)") { opened.record($0.int("n")!) }

        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<100 {
                router.open("myapp://p/\(worker * 100 + index)")
                if index % 10 == 0 { router.setReady(index % 20 == 0) }
            }
        }
        router.setReady(true)

        #expect(opened.count == 400)
        #expect(Set(opened.values).count == 400)
    }
}
