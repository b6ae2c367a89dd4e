import PushBusRouting
import PushBusTestSupport
import Testing

/// ReerRouter's "Mode 2": a configured host, route keys are paths; universal links land here.
@Suite struct HostModeTests {
    let router = PushRouter(
        configuration: .init(schemes: ["https", "myapp"], host: "example.com", additionalHosts: ["www.example.com"])
    )

    @Test func universalLinkMatchesAPathPattern() throws {
        try router.register("/path/:id") { _ in }
        let match = try #require(router.match("https://example.com/path/3"))
        #expect(match.pattern == "/path/:id")
        #expect(match.parameters["id"] == "3")
    }

    @Test func hostsWithMoreDotsAndUppercaseAreWholeHosts() throws {
        let router = PushRouter(schemes: ["https"], host: "app.shop.example.co.uk")
        try router.register("path/:id") { _ in }
        #expect(router.match("https://APP.Shop.example.co.uk/path/3")?.parameters["id"] == "3")
        #expect(router.open("https://shop.example.co.uk/path/3").error == .hostNotAllowed("shop.example.co.uk"))
    }

    @Test func customSchemeWithTheHostMatchesToo() throws {
        try router.register("user") { _ in }
        #expect(router.match("myapp://example.com/user?name=phoenix")?.parameters["name"] == "phoenix")
        #expect(router.match("myapp://www.example.com/user") != nil)
        #expect(router.match("myapp:///user") != nil)
    }

    @Test func otherHostsAreRejected() throws {
        try router.register("/path/:id") { _ in }
        #expect(router.open("https://evil.example/path/3").error == .hostNotAllowed("evil.example"))
        #expect(router.open("https://example.com.evil.example/path/3").match == nil)
        #expect(router.open("https://example.com@evil.example/path/3").error == .hostNotAllowed("evil.example"))
        #expect(router.open("https:///path/3").error == .hostNotAllowed(""))
    }

    @Test func pathsStayCaseSensitiveInHostMode() throws {
        try router.register("/Path/:id") { _ in }
        #expect(router.match("https://example.com/Path/1") != nil)
        #expect(router.match("https://example.com/path/1") == nil)
    }

    @Test func patternsMayNameTheirHostButOnlyAnAllowedOne() throws {
        try router.register("https://example.com/promo/:code") { _ in }
        #expect(router.match("https://www.example.com/promo/X1")?.parameters["code"] == "X1")
        #expect(throws: RouteError.self) { try router.register("https://other.com/promo/:code") { _ in } }
    }

    @Test func portsAndUserInfoDoNotChangeTheHost() throws {
        try router.register("/a") { _ in }
        #expect(router.match("https://example.com:443/a") != nil)
        #expect(router.match("https://user:pw@example.com/a") != nil)
    }
}

@Suite struct UniversalLinkTests {
    @Test func hostModeAcceptsHttpsLinksOfItsHostWithoutListingTheScheme() throws {
        let router = PushRouter(schemes: ["myapp"], host: "example.com")
        let requests = Recorder<RouteRequest>()
        try router.record("/path/:id", into: requests)
        #expect(router.open("https://example.com/path/3", source: .universalLink).match != nil)
        #expect(
            router.open("https://evil.example/path/3", source: .universalLink).error == .hostNotAllowed("evil.example"))
        #expect(router.open("http://example.com/path/3").error == .schemeNotAllowed("http"))
        #expect(requests.values.map(\.source) == [.universalLink])
    }
}

@Suite struct HostConfusionTests {
    let router = PushRouter(schemes: ["https"], host: "example.com")

    @Test func backslashAndEncodedTricksDoNotReachTheHost() throws {
        try router.register("/*rest") { _ in }
        #expect(
            router.open("https://evil.example\\@example.com/x").error
                == .invalidURL("https://evil.example\\@example.com/x"))
        #expect(router.open("https://example.com%2F@evil.example/x").error == .hostNotAllowed("evil.example"))
        #expect(
            router.open("https://evil.example%2F.example.com/x").error == .hostNotAllowed("evil.example/.example.com"))
        #expect(router.open("https://example.com./x").error == .hostNotAllowed("example.com."))
        #expect(router.open("https://example.com/x").match != nil)
    }
}
