/// A URL split the way the router reads it (RFC 3986's `scheme://authority/path?query#fragment`).
///
/// Written by hand rather than with `URLComponents` so that it behaves the same on every platform and
/// Foundation version, and works on the string's UTF-8 bytes in place so it stays cheap: the path is split on
/// `/` **before** decoding, so `%2F` stays inside its segment, and each segment, query name, query value and the
/// fragment is percent-decoded exactly once.
struct RouteURL: Sendable {
    /// The scheme, lowercased; `nil` for a relative route such as `product/12345`.
    var scheme: String?
    /// The host, decoded and lowercased; `nil` when the URL has no authority (`//`).
    var host: String?
    /// The path's non-empty segments, each percent-decoded once (empty segments and trailing slashes dropped).
    var segments: [String] = []
    var query = RouteQuery()
    var fragment: String?

    /// Parses `text`; `nil` when it is not a URL the router can read.
    init?(_ text: String, plusAsSpace: Bool) {
        var text = text
        guard let parsed = text.withUTF8({ Self.parse($0, plusAsSpace: plusAsSpace) }) else { return nil }
        self = parsed
    }

    private init() {}

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> RouteURL? {
        var url = RouteURL()
        var start = 0
        var end = bytes.count
        // Surrounding whitespace (a payload's trailing newline) is forgiven; control characters inside are not.
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        guard start < end, !bytes[start..<end].contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }

        if let hash = find(UInt8(ascii: "#"), in: bytes, start..<end) {
            url.fragment = PercentDecoding.decode(bytes, hash + 1..<end)
            end = hash
        }
        if let mark = find(UInt8(ascii: "?"), in: bytes, start..<end) {
            url.query = parseQuery(bytes, mark + 1..<end, plusAsSpace: plusAsSpace)
            end = mark
        }

        let firstSlash = find(UInt8(ascii: "/"), in: bytes, start..<end) ?? end
        if let colon = find(UInt8(ascii: ":"), in: bytes, start..<firstSlash) {
            let name = UnsafeBufferPointer(rebasing: bytes[start..<colon])
            guard isScheme(name) else { return nil }
            url.scheme = asciiLowercased(name)
            start = colon + 1
        }

        if end - start >= 2, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
            let authorityEnd = find(UInt8(ascii: "/"), in: bytes, start + 2..<end) ?? end
            guard let host = host(of: bytes, start + 2..<authorityEnd) else { return nil }
            url.host = host
            start = authorityEnd
        }

        var segmentStart = start
        var index = start
        while index <= end {
            if index == end || bytes[index] == UInt8(ascii: "/") {
                if index > segmentStart { url.segments.append(PercentDecoding.decode(bytes, segmentStart..<index)) }
                segmentStart = index + 1
            }
            index += 1
        }
        return url
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    static func isScheme<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        guard let first = bytes.first, isAlpha(first) else { return false }
        return bytes.allSatisfy { isAlpha($0) || isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    /// `isScheme` for a pattern's text.
    static func isScheme(_ text: Substring) -> Bool { isScheme(text.utf8) }

    /// The host of an authority (`userinfo@host:port`), decoded and lowercased; `nil` when the authority holds
    /// characters a URL authority cannot (spaces, backslashes, …), which is how host-confusion tricks look.
    /// Non-ASCII (an internationalized host, or a Mode 1 route key such as `myapp://商品/1`) is accepted.
    private static func host(of bytes: UnsafeBufferPointer<UInt8>, _ authority: Range<Int>) -> String? {
        guard bytes[authority].allSatisfy(isAuthorityByte) else { return nil }
        var start = authority.lowerBound
        var end = authority.upperBound
        if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
        if start < end, bytes[start] == UInt8(ascii: "[") {
            guard let close = find(UInt8(ascii: "]"), in: bytes, start..<end) else { return nil }
            end = close + 1
        } else if let colon = bytes[start..<end].lastIndex(of: UInt8(ascii: ":")) {
            guard bytes[colon + 1..<end].allSatisfy(isDigit) else { return nil }
            end = colon
        }
        let decoded = PercentDecoding.decode(bytes, start..<end)
        return decoded.utf8.allSatisfy { $0 < 0x80 } ? asciiLowercased(decoded) : decoded.lowercased()
    }

    private static func parseQuery(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusAsSpace: Bool
    )
        -> RouteQuery
    {
        var items: [RouteQuery.Item] = []
        var pieceStart = range.lowerBound
        var index = range.lowerBound - 1
        while index < range.upperBound {
            index += 1
            guard index == range.upperBound || bytes[index] == UInt8(ascii: "&") else { continue }
            defer { pieceStart = index + 1 }
            guard index > pieceStart else { continue }
            let piece = pieceStart..<index
            if let equals = find(UInt8(ascii: "="), in: bytes, piece) {
                items.append(
                    RouteQuery.Item(
                        name: PercentDecoding.decode(bytes, pieceStart..<equals, plusAsSpace: plusAsSpace),
                        value: PercentDecoding.decode(bytes, equals + 1..<index, plusAsSpace: plusAsSpace)
                    )
                )
            } else {
                items.append(
                    RouteQuery.Item(name: PercentDecoding.decode(bytes, piece, plusAsSpace: plusAsSpace), value: ""))
            }
        }
        return RouteQuery(items)
    }

    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Lowercases ASCII letters only (schemes and ASCII hosts), without Unicode case mapping.
    private static func asciiLowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(where: isUppercase) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.map { isUppercase($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: isUppercase) else { return text }
        return String(decoding: text.utf8.map { isUppercase($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func isUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

    /// Unreserved, sub-delims, `:`, `@`, `[`, `]`, `%`, and non-ASCII bytes.
    private static func isAuthorityByte(_ byte: UInt8) -> Bool {
        if byte >= 0x80 || isAlpha(byte) || isDigit(byte) { return true }
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "%"):
            return true
        default:
            return false
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
