/// A URL split the way the router reads it (RFC 3986's `scheme://authority/path?query#fragment`).
///
/// Written by hand rather than with `URLComponents` so that it behaves the same on every platform and
/// Foundation version: the path is split on `/` **before** decoding, so `%2F` stays inside its segment, and
/// each segment, query name, query value and the fragment is percent-decoded exactly once.
struct RouteURL: Sendable {
    /// The scheme, lowercased; `nil` for a relative route such as `product/12345`.
    var scheme: String?
    /// The host, decoded and lowercased; `nil` when the URL has no authority (`//`).
    var host: String?
    /// The path's non-empty segments, each percent-decoded once (empty segments and trailing slashes dropped).
    var segments: [String]
    var query: RouteQuery
    var fragment: String?

    /// Parses `text`; `nil` when it is not a URL the router can read.
    init?(_ text: String, plusAsSpace: Bool) {
        var rest = Substring(text)
        while let first = rest.first, first == " " || first == "\n" || first == "\t" || first == "\r" {
            rest = rest.dropFirst()
        }
        while let last = rest.last, last == " " || last == "\n" || last == "\t" || last == "\r" {
            rest = rest.dropLast()
        }
        guard !rest.isEmpty, !rest.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }

        if let hash = rest.firstIndex(of: "#") {
            fragment = PercentDecoding.decode(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        query = RouteQuery()
        if let mark = rest.firstIndex(of: "?") {
            query = Self.parseQuery(rest[rest.index(after: mark)...], plusAsSpace: plusAsSpace)
            rest = rest[..<mark]
        }

        let firstSlash = rest.firstIndex(of: "/") ?? rest.endIndex
        if let colon = rest[..<firstSlash].firstIndex(of: ":") {
            let name = rest[..<colon]
            guard Self.isScheme(name) else { return nil }
            scheme = name.lowercased()
            rest = rest[rest.index(after: colon)...]
        }

        if rest.hasPrefix("//") {
            let authorityStart = rest.index(rest.startIndex, offsetBy: 2)
            let authorityEnd = rest[authorityStart...].firstIndex(of: "/") ?? rest.endIndex
            guard let host = Self.host(of: rest[authorityStart..<authorityEnd]) else { return nil }
            self.host = host
            rest = rest[authorityEnd...]
        } else if scheme == nil, rest.hasPrefix("\\") {
            return nil
        }

        segments = rest.split(separator: "/", omittingEmptySubsequences: true).map { PercentDecoding.decode($0) }
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, isAlpha(first) else { return false }
        return text.utf8.allSatisfy { isAlpha($0) || isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    /// The host of an authority (`userinfo@host:port`), decoded and lowercased; `nil` when the authority holds
    /// characters a URL authority cannot (spaces, backslashes, …), which is how host-confusion tricks look.
    /// Non-ASCII (an internationalized host, or a Mode 1 route key such as `myapp://商品/1`) is accepted.
    private static func host(of authority: Substring) -> String? {
        let allowedPunctuation = Set("-._~!$&'()*+,;=:@[]%".utf8)
        guard authority.utf8.allSatisfy({ $0 >= 0x80 || isAlpha($0) || isDigit($0) || allowedPunctuation.contains($0) })
        else { return nil }
        var host = authority
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].utf8.allSatisfy(isDigit) else { return nil }
            host = host[..<colon]
        }
        return PercentDecoding.decode(host).lowercased()
    }

    private static func parseQuery(_ text: Substring, plusAsSpace: Bool) -> RouteQuery {
        var items: [RouteQuery.Item] = []
        for piece in text.split(separator: "&", omittingEmptySubsequences: true) {
            if let equals = piece.firstIndex(of: "=") {
                items.append(
                    RouteQuery.Item(
                        name: PercentDecoding.decode(piece[..<equals], plusAsSpace: plusAsSpace),
                        value: PercentDecoding.decode(piece[piece.index(after: equals)...], plusAsSpace: plusAsSpace)
                    )
                )
            } else {
                items.append(RouteQuery.Item(name: PercentDecoding.decode(piece, plusAsSpace: plusAsSpace), value: ""))
            }
        }
        return RouteQuery(items)
    }

    private static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
