import Foundation
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

    /// The failures opening `url` on a router with `pattern` registered reports.
    private func failures(opening url: String, with pattern: String) throws -> [RouteError] {
        let router = PushRouter(schemes: ["myapp"])
        let failures = Recorder<RouteError>()
        let observation = router.observe { event in
            if case .didFail(let failure) = event { failures.record(failure.error) }
        }
        defer { observation.cancel() }
        try router.register(pattern) { _ in }
        _ = router.open(url)
        return failures.values
    }

    @Test func theRefusalSaysWhichParameterAndWhy() throws {
        let refused = RouteError.parameterRefused(
            pattern: "myapp://files/*path", parameter: "path", reason: "a \"..\" path segment")
        #expect(try failures(opening: "myapp://files/..%2Fsecret", with: "myapp://files/*path") == [refused])
    }

    @Test func twoRefusedParametersNameTheFirstInNameOrder() throws {
        let pattern = "myapp://p/:zeta/:alpha/:mid"
        let refused = RouteError.parameterRefused(pattern: pattern, parameter: "alpha", reason: "a control character")
        #expect(try failures(opening: "myapp://p/%2E%2E/x%0Ay/a%5C..", with: pattern) == [refused])
    }

    /// The check reads bytes: it refuses every value that a split by `Character` on `/` or `\` finds a `..`
    /// segment in, and also one whose separator carries a combining mark (still a separator in a file path).
    @Test func theCheckRefusesAtLeastWhatACharacterSplitFinds() throws {
        var random = SeededRandom(default: 0x0D07_D075)
        let pieces = [".", ".", "/", "\\", "a", "\u{301}", "\u{7}"]
        let router = PushRouter(schemes: ["myapp"])
        try router.register("myapp://v/:value") { _ in }
        for _ in 0..<500 {
            let value = (0..<Int.random(in: 1...7, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let characterSplit = ["/", "\\"].contains { separator in
                value.split(separator: Character(separator), omittingEmptySubsequences: false).contains { $0 == ".." }
            }
            let controls = value.unicodeScalars.contains { $0.value < 0x20 }
            let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let opened = router.open("myapp://v/\(encoded)").match != nil
            if characterSplit || controls { #expect(!opened, "\(random): \(value.debugDescription) opened") }
            if !value.contains("\u{301}") && !controls {
                #expect(opened == !characterSplit, "\(random): \(value.debugDescription)")
            }
        }
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
