import PushBusRouting
import PushBusTestSupport
import Testing

/// Hostile and random input: the router answers with a result every time, and `match` agrees with `open`.
@Suite struct RobustnessTests {
    static let tokens = [
        "myapp", "MYAPP", "https", "otherapp", ":", "//", "/", "/", "?", "#", "&", "=", "%", "%2F", "%25", "%E5%95",
        "%ZZ", "+", "@", "[", "]", ":443", " ", "\t", "\\", ".", "..", "user", "files", "42", "-7", "3.5", "é", "商品",
        "🍎", "route_fallback_url=", "example.com", "evil.example", "\u{0}", "\u{7F}",
    ]

    @Test func randomURLsNeverCrashAndMatchAgreesWithOpen() throws {
        let router = PushRouter(schemes: ["myapp", "https"])
        let opened = Recorder<String>()
        for pattern in [
            "myapp://user/:id", "myapp://user/:id(int)/posts", "myapp://files/*path", "user/:name", "myapp://",
            "https://example.com/*rest", "myapp://商品/:id",
        ] {
            try router.register(pattern) { opened.record($0.url) }
        }
        var generator = SeededRandom(default: 0x5EED)
        let replay = "\(generator)"
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...12, using: &generator)
            let url = (0..<length).map { _ in Self.tokens.randomElement(using: &generator)! }.joined()
            let match = router.match(url)
            let result = router.open(url)
            if match != nil {
                #expect(result.match != nil, "\(url); \(replay)")
            } else {
                #expect(result.match == nil, "\(url); \(replay)")
            }
        }
        #expect(opened.count > 0)
    }

    @Test func hugeURLsAreHandled() throws {
        let router = PushRouter(schemes: ["myapp"])
        try router.register("myapp://files/*path") { _ in }
        let deep = "myapp://files/" + Array(repeating: "a", count: 20_000).joined(separator: "/")
        #expect(router.match(deep)?.parameters["path"]?.count == 39_999)
        let wide = "myapp://files/x?" + (0..<5_000).map { "k\($0)=v" }.joined(separator: "&")
        #expect(router.match(wide)?.query.items.count == 5_000)
    }
}
