import PushBusRouting
import PushBusTestSupport
import Testing

/// Registration builds one table in place and freezes it for use: no copy of the whole table per registration.
@Suite(.timeLimit(.minutes(1))) struct FrozenRegistrationTests {
    @Test func registrationsBeforeTheFirstUseFreezeOnce() throws {
        // Given 1,000 routes registered at launch
        let router = PushRouter(schemes: ["myapp"])
        for index in 0..<1_000 { try router.register("myapp://section\(index)/item/:id") { _ in } }
        #expect(router.registrationFreezeCount == 0)
        // When the app opens, matches and opens again
        #expect(router.open("myapp://section999/item/1").match != nil)
        #expect(router.match("myapp://section0/item/2") != nil)
        #expect(router.open("myapp://section500/item/3").match != nil)
        // Then the table was frozen once
        #expect(router.registrationFreezeCount == 1)
    }

    @Test func aLateRegistrationIsSeenAtTheNextUse() throws {
        let router = PushRouter(schemes: ["myapp"])
        try router.register("myapp://a") { _ in }
        #expect(router.open("myapp://a").match != nil)
        #expect(router.open("myapp://b").match == nil)
        try router.register("myapp://b") { _ in }
        router.addInterceptor(RouteInterceptor { _ in .allow })
        #expect(router.open("myapp://b").match != nil)
        #expect(router.registrationFreezeCount == 2)
    }

    @Test func aHandlerMayRegisterWhileItsOpenRuns() throws {
        let router = PushRouter(schemes: ["myapp"])
        try router.register("myapp://first") { [router] _ in try? router.register("myapp://second") { _ in } }
        #expect(router.open("myapp://first").match != nil)
        #expect(router.open("myapp://second").match != nil)
    }
}
