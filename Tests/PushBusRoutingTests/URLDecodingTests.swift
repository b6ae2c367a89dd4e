import PushBusRouting
import PushBusTestSupport
import Testing

/// Percent-encoding, `+`, unicode, empty values and duplicate keys: the cases routers' issue trackers are full of.
@Suite struct URLDecodingTests {
    let router = PushRouter(schemes: ["myapp"])

    @Test func encodedSlashStaysInsideItsParameter() throws {
        try router.register("myapp://file/:name") { _ in }
        try router.register("myapp://file/:dir/:name") { _ in }
        let match = try #require(router.match("myapp://file/a%2Fb.txt"))
        #expect(match.pattern == "myapp://file/:name")
        #expect(match.parameters["name"] == "a/b.txt")
    }

    @Test func parametersAreDecodedExactlyOnce() throws {
        try router.register("myapp://search/:term") { _ in }
        #expect(router.match("myapp://search/100%2525")?.parameters["term"] == "100%25")
        #expect(router.match("myapp://search/a%20b")?.parameters["term"] == "a b")
        #expect(router.match("myapp://search/x?q=%2541")?.parameters["q"] == "%41")
    }

    @Test func encodedSpacesDecodeInPathQueryAndFragment() throws {
        try router.register("myapp://search/:term") { _ in }
        let requests = Recorder<RouteRequest>()
        try router.register("myapp://note/:title") { requests.record($0) }
        #expect(router.match("myapp://search/hello%20world")?.parameters["term"] == "hello world")
        router.open("myapp://note/my%20note?by=J%C3%BCrgen%20M#part%202")
        let request = try #require(requests.values.first)
        #expect(request.parameters["title"] == "my note")
        #expect(request.parameters["by"] == "Jürgen M")
        #expect(request.fragment == "part 2")
    }

    @Test func plusInAQueryIsALiteralPlusByDefault() throws {
        try router.register("myapp://search") { _ in }
        let match = try #require(router.match("myapp://search?q=c++&tag=a+b&sp=a%20b&enc=%2B"))
        #expect(match.parameters["q"] == "c++")
        #expect(match.parameters["tag"] == "a+b")
        #expect(match.parameters["sp"] == "a b")
        #expect(match.parameters["enc"] == "+")
    }

    @Test func plusInAQueryIsASpaceWhenConfiguredForFormEncoding() throws {
        let router = PushRouter(configuration: .init(schemes: ["myapp"], decodesPlusAsSpace: true))
        try router.register("myapp://search") { _ in }
        let match = try #require(router.match("myapp://search?tag=a+b&enc=%2B"))
        #expect(match.parameters["tag"] == "a b")
        #expect(match.parameters["enc"] == "+")
    }

    @Test func plusInAPathIsAlwaysLiteral() throws {
        let router = PushRouter(configuration: .init(schemes: ["myapp"], decodesPlusAsSpace: true))
        try router.register("myapp://lang/:name") { _ in }
        #expect(router.match("myapp://lang/c++")?.parameters["name"] == "c++")
    }

    @Test func unicodePathsMatchRawOrPercentEncoded() throws {
        try router.register("myapp://商品/:name") { _ in }
        try router.register("myapp://shop/详情/:id") { _ in }
        #expect(router.match("myapp://商品/手机")?.parameters["name"] == "手机")
        #expect(router.match("myapp://%E5%95%86%E5%93%81/%E6%89%8B%E6%9C%BA")?.parameters["name"] == "手机")
        #expect(router.match("myapp://shop/详情/1")?.parameters["id"] == "1")
        #expect(router.match("myapp://shop/%E8%AF%A6%E6%83%85/1")?.parameters["id"] == "1")
        try router.register("myapp://tag/:name") { _ in }
        #expect(router.match("myapp://tag/%F0%9F%8D%8E")?.parameters["name"] == "🍎")
        #expect(router.match("myapp://tag/café")?.parameters["name"] == "café")
    }

    @Test func emptyQueryValuesAreKept() throws {
        try router.register("myapp://search") { _ in }
        let match = try #require(router.match("myapp://search?q=&flag&&x=1"))
        #expect(match.parameters["q"] == "")
        #expect(match.parameters["flag"] == "")
        #expect(match.parameters["x"] == "1")
        #expect(match.query.items.count == 3)
    }

    @Test func duplicateQueryKeysKeepEveryValueInOrder() throws {
        try router.register("myapp://list") { _ in }
        let match = try #require(router.match("myapp://list?tag=a&tag=b&other=1&tag=c"))
        #expect(match.query.values(for: "tag") == ["a", "b", "c"])
        #expect(match.query["tag"] == "a")
        #expect(match.parameters["tag"] == "a")
    }

    @Test func pathParametersWinOverQueryItems() throws {
        try router.register("myapp://user/:id") { _ in }
        let match = try #require(router.match("myapp://user/42?id=666&name=x"))
        #expect(match.parameters["id"] == "42")
        #expect(match.parameters["name"] == "x")
        #expect(match.query["id"] == "666")
    }

    @Test func invalidPercentEncodingIsKeptAsWrittenNotACrash() throws {
        try router.register("myapp://promo/:code") { _ in }
        #expect(router.match("myapp://promo/100%")?.parameters["code"] == "100%")
        #expect(router.match("myapp://promo/%ZZ")?.parameters["code"] == "%ZZ")
        #expect(router.match("myapp://promo/%C3")?.parameters["code"] == "%C3")
    }

    @Test func aQueryOrFragmentNeverLeaksIntoThePath() throws {
        try router.register("myapp://user/:id") { _ in }
        #expect(router.match("myapp://user/42?next=/admin")?.parameters["id"] == "42")
        #expect(router.match("myapp://user/42#/admin")?.parameters["id"] == "42")
        #expect(router.match("myapp://user/42%3Fx")?.parameters["id"] == "42?x")
    }

    @Test func malformedURLsAreRejectedNotCrashing() {
        #expect(router.open("").error == .invalidURL(""))
        #expect(router.open("1abc://x").error == .invalidURL("1abc://x"))
        #expect(router.open("myapp://bad host/x").error == .invalidURL("myapp://bad host/x"))
        #expect(router.open("myapp://a\u{0}b").error == .invalidURL("myapp://a\u{0}b"))
    }
}
