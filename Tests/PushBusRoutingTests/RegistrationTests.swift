import PushBusRouting
import PushBusTestSupport
import Testing

@Suite struct RegistrationTests {
    let router = PushRouter(schemes: ["myapp"])

    @Test func sameShapeIsAConflictNotAnOverwrite() throws {
        let first = Recorder<RouteRequest>()
        try router.record("myapp://user/:id", into: first)
        #expect(throws: RouteError.conflictingPattern("myapp://user/:uid", existing: "myapp://user/:id")) {
            try router.register("myapp://user/:uid") { _ in }
        }
        router.open("myapp://user/1")
        #expect(first.count == 1)
    }

    @Test func differentlyWrittenSamePatternsConflict() throws {
        try router.register("myapp://user/:id") { _ in }
        #expect(throws: RouteError.self) { try router.register("MYAPP://User/:name/") { _ in } }
        try router.register("myapp://files/*path") { _ in }
        #expect(throws: RouteError.self) { try router.register("myapp://files/*rest") { _ in } }
        try router.register("myapp://home") { _ in }
        #expect(throws: RouteError.self) { try router.registerAction("myapp://home") { _ in } }
    }

    @Test func differentParameterTypesDoNotConflict() throws {
        try router.register("myapp://item/:id(int)") { _ in }
        try router.register("myapp://item/:slug") { _ in }
        try router.register("item/:slug") { _ in }
        #expect(router.patterns.count == 3)
    }

    @Test func invalidPatternsAreTypedErrors() {
        let invalid = [
            "myapp://files/*path/more", "myapp://user/:", "myapp://user/:id(integer)", "myapp://user/:id(int",
            "myapp://user/:id/:id", "other://user", "myapp://user?x=1", "myapp://user#x", "1app://x",
        ]
        for pattern in invalid {
            #expect(throws: RouteError.self, "\(pattern)") { try router.register(pattern) { _ in } }
        }
        #expect(router.patterns.isEmpty)
    }

    @Test func oneThousandRoutesEachResolveToTheirOwnPattern() throws {
        for index in 0..<1_000 {
            try router.register("myapp://section\(index)/item/:id") { _ in }
        }
        try router.register("myapp://section7/item/special") { _ in }
        #expect(router.patterns.count == 1_001)
        for index in stride(from: 0, to: 1_000, by: 37) {
            let match = try #require(router.match("myapp://section\(index)/item/\(index)"))
            #expect(match.pattern == "myapp://section\(index)/item/:id")
            #expect(match.parameters["id"] == "\(index)")
        }
        #expect(router.match("myapp://section7/item/special")?.pattern == "myapp://section7/item/special")
        #expect(router.match("myapp://section1000/item/1") == nil)
    }

    @Test func registeringFromAHandlerDoesNotDeadlock() throws {
        try router.register("myapp://setup") { [router] _ in
            try? router.register("myapp://later") { _ in }
        }
        router.open("myapp://setup")
        #expect(router.match("myapp://later") != nil)
    }
}
