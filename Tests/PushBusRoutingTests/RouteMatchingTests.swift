import PushBusRouting
import PushBusTestSupport
import Testing

@Suite struct RouteMatchingTests {
    let router = PushRouter(schemes: ["myapp"])

    @Test func matchesAPatternAndCapturesItsParameters() throws {
        try router.register("myapp://user/:id") { _ in }
        let match = try #require(router.match("myapp://user/42"))
        #expect(match.pattern == "myapp://user/:id")
        #expect(match.parameters == ["id": "42"])
    }

    @Test func runsTheHandlerWithTheRequest() throws {
        let requests = Recorder<RouteRequest>()
        try router.record("myapp://user/:id", into: requests)
        let result = router.open("myapp://user/42?tab=posts#top")
        #expect(result.match != nil)
        let request = try #require(requests.values.first)
        #expect(request.url == "myapp://user/42?tab=posts#top")
        #expect(request.pattern == "myapp://user/:id")
        #expect(request.parameters == ["id": "42", "tab": "posts"])
        #expect(request.pathParameters == ["id": "42"])
        #expect(request.query == ["tab": "posts"])
        #expect(request.fragment == "top")
        #expect(request.source == .app)
        #expect(request.message == nil)
    }

    @Test func staticSegmentBeatsParameterWhateverTheRegistrationOrder() throws {
        try router.register("myapp://user/:id") { _ in }
        try router.register("myapp://user/me") { _ in }
        #expect(router.match("myapp://user/me")?.pattern == "myapp://user/me")
        #expect(router.match("myapp://user/42")?.pattern == "myapp://user/:id")

        let reversed = PushRouter(schemes: ["myapp"])
        try reversed.register("myapp://user/me") { _ in }
        try reversed.register("myapp://user/:id") { _ in }
        #expect(reversed.match("myapp://user/me")?.pattern == "myapp://user/me")
    }

    @Test func parameterBeatsCatchAll() throws {
        try router.register("myapp://files/*path") { _ in }
        try router.register("myapp://files/:name") { _ in }
        #expect(router.match("myapp://files/a.txt")?.pattern == "myapp://files/:name")
        let deep = try #require(router.match("myapp://files/docs/2024/a.txt"))
        #expect(deep.pattern == "myapp://files/*path")
        #expect(deep.parameters["path"] == "docs/2024/a.txt")
    }

    @Test func catchAllNeedsAtLeastOneSegment() throws {
        try router.register("myapp://files/*path") { _ in }
        #expect(router.match("myapp://files") == nil)
        #expect(router.match("myapp://files/") == nil)
    }

    @Test func backtracksWhenADeeperMatchFails() throws {
        try router.register("myapp://user/me/settings") { _ in }
        try router.register("myapp://user/:id/posts") { _ in }
        let match = try #require(router.match("myapp://user/me/posts"))
        #expect(match.pattern == "myapp://user/:id/posts")
        #expect(match.parameters["id"] == "me")
    }

    @Test func typedParametersMatchOnlyTheirType() throws {
        try router.register("myapp://product/:id(int)") { _ in }
        try router.register("myapp://product/:slug") { _ in }
        try router.register("myapp://order/:id(uuid)") { _ in }
        try router.register("myapp://price/:value(double)") { _ in }
        #expect(router.match("myapp://product/12345")?.pattern == "myapp://product/:id(int)")
        #expect(router.match("myapp://product/-7")?.pattern == "myapp://product/:id(int)")
        #expect(router.match("myapp://product/iphone")?.pattern == "myapp://product/:slug")
        #expect(router.match("myapp://order/9F2C1E4A-8B1D-4C4B-9E57-0F1A2B3C4D5E") != nil)
        #expect(router.match("myapp://order/42") == nil)
        #expect(router.match("myapp://price/79.99")?.parameters["value"] == "79.99")
        #expect(router.match("myapp://price/nan") == nil)
    }

    @Test func intBeatsDoubleForIntegralValues() throws {
        try router.register("myapp://n/:x(double)") { _ in }
        try router.register("myapp://n/:x(int)") { _ in }
        #expect(router.match("myapp://n/5")?.pattern == "myapp://n/:x(int)")
        #expect(router.match("myapp://n/5.5")?.pattern == "myapp://n/:x(double)")
    }

    @Test func schemeAndHostAreCaseInsensitivePathIsNot() throws {
        try router.register("myapp://user/profile/:id") { _ in }
        #expect(router.match("MYAPP://USER/profile/1") != nil)
        #expect(router.match("MyApp://User/profile/1") != nil)
        #expect(router.match("myapp://user/PROFILE/1") == nil)
    }

    @Test func patternsCanBeWrittenInAnyCaseForSchemeAndHost() throws {
        try router.register("MyApp://User/:id") { _ in }
        #expect(router.match("myapp://user/7")?.parameters["id"] == "7")
    }

    @Test func parameterValuesKeepTheirCase() throws {
        try router.register("myapp://tag/:name") { _ in }
        #expect(router.match("myapp://tag/SwiftUI")?.parameters["name"] == "SwiftUI")
    }

    @Test func trailingSlashAndEmptySegmentsAreIgnored() throws {
        try router.register("myapp://user/:id/posts") { _ in }
        #expect(router.match("myapp://user/42/posts/") != nil)
        #expect(router.match("myapp://user//42///posts") != nil)
        #expect(router.match("myapp://user/42/posts")?.parameters["id"] == "42")
    }

    @Test func anEmptyPathSegmentIsNeverAnEmptyParameter() throws {
        try router.register("myapp://user/:id") { _ in }
        #expect(router.match("myapp://user/") == nil)
        #expect(router.match("myapp://user") == nil)
    }

    @Test func unmatchedURLIsAResultNotACrash() {
        #expect(router.open("myapp://nowhere/at/all") == .unmatched("myapp://nowhere/at/all"))
        #expect(router.match("myapp://") == nil)
    }

    @Test func rootPatternMatchesTheBareScheme() throws {
        try router.register("myapp://") { _ in }
        #expect(router.match("myapp://")?.pattern == "myapp://")
        #expect(router.match("myapp:///")?.pattern == "myapp://")
    }

    @Test func schemeLessPatternMatchesEveryAllowedSchemeAndRelativeRoutes() throws {
        let router = PushRouter(schemes: ["myapp", "myapp-beta"])
        try router.register("product/:id") { _ in }
        #expect(router.match("myapp://product/1")?.pattern == "product/:id")
        #expect(router.match("myapp-beta://product/1")?.pattern == "product/:id")
        #expect(router.match("product/12345")?.parameters["id"] == "12345")
        #expect(router.match("/product/12345")?.parameters["id"] == "12345")
    }

    @Test func schemeSpecificPatternBeatsSchemeLessOne() throws {
        let router = PushRouter(schemes: ["myapp", "other"])
        try router.register("product/:id") { _ in }
        try router.register("myapp://product/:id") { _ in }
        #expect(router.match("myapp://product/1")?.pattern == "myapp://product/:id")
        #expect(router.match("other://product/1")?.pattern == "product/:id")
        #expect(router.match("product/1")?.pattern == "product/:id")
    }

    @Test func relativeRoutesDoNotMatchSchemeSpecificPatterns() throws {
        try router.register("myapp://product/:id") { _ in }
        #expect(router.match("product/1") == nil)
    }

    @Test func fallsBackToSchemeLessPatternsWhenTheSchemeTrieHasNoMatch() throws {
        try router.register("myapp://product/:id(int)") { _ in }
        try router.register("product/:slug") { _ in }
        #expect(router.match("myapp://product/abc")?.pattern == "product/:slug")
    }
}
