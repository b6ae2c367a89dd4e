import PushBus
import PushBusRouting
import PushBusTestSupport
import Testing

/// Captured path parameters are checked before a handler sees them: no `..` segment, no control character.
@Suite struct ParameterCheckTests {
    @Test(arguments: [
        "myapp://files/..%2F..%2Fetc%2Fpasswd", "myapp://files/a/../../etc/passwd", "myapp://files/%2E%2E/secret",
        "myapp://files/name%0Aforged", "myapp://files/%1B%5B2J", "myapp://files/x%E2%80%A8y",
    ])
    func aWildcardRefusesDotDotAndControlCharacters(url: String) throws {
        let router = PushRouter(schemes: ["myapp"])
        let opened = Recorder<String>()
        try router.register("myapp://files/*path") { opened.record($0.parameters["path"] ?? "") }
        let result = router.open(url)
        #expect(result.match == nil, "\(url) opened with \(opened.values)")
        #expect(opened.values.isEmpty)
        #expect(router.match(url) == nil)
    }

    @Test func theRefusalSaysWhichParameterAndWhy() throws {
        let router = PushRouter(schemes: ["myapp"])
        let failures = Recorder<RouteError>()
        let observation = router.observe { event in
            if case .didFail(let failure) = event { failures.record(failure.error) }
        }
        defer { observation.cancel() }
        try router.register("myapp://files/*path") { _ in }
        _ = router.open("myapp://files/..%2Fsecret")
        let refused = RouteError.parameterRefused(
            pattern: "myapp://files/*path", parameter: "path", reason: "a \"..\" path segment")
        #expect(failures.values == [refused])
    }

    @Test func ordinaryValuesStillOpen() throws {
        let router = PushRouter(schemes: ["myapp"])
        let opened = Recorder<String>()
        try router.register("myapp://files/*path") { opened.record($0.parameters["path"] ?? "") }
        #expect(router.open("myapp://files/docs/a..b/report.pdf").match != nil)
        #expect(opened.values == ["docs/a..b/report.pdf"])
    }

    @Test func aRouteOptsOutOfTheCheck() throws {
        let router = PushRouter(schemes: ["myapp"])
        let opened = Recorder<String>()
        try router.register("myapp://raw/*text", options: RouteOptions(parameterCheck: .none)) {
            opened.record($0.parameters["text"] ?? "")
        }
        #expect(router.open("myapp://raw/..%2Fup").match != nil)
        #expect(opened.values == ["../up"])
    }
}

/// A push opens only the link the deep-link extractor accepted, never the raw payload string.
@Suite struct PushRouteLinkExtractorTests {
    static func message(_ payload: [AnyHashable: Any]) -> PushMessage {
        PushMessage(kind: .remoteTapped, content: PushContent(userInfo: payload))
    }

    @Test(arguments: [
        "javascript://alert(1)", "file:///etc/passwd", "//evil.example/path", "app://product/1\u{2028}x",
        "app://product/1\u{85}x", "app://product/" + String(repeating: "9", count: 5_000),
    ])
    func aLinkTheExtractorRefusedIsNotRouted(route: String) {
        let message = Self.message(["aps": ["alert": "x"], "route": route])
        #expect(message.deepLink == nil)
        #expect(PushRouteLink.default(in: message) == nil)
    }
}
