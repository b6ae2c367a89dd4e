import Foundation

/// A registered pattern, parsed: an optional scheme and a list of segments.
///
/// Syntax (see Docs/Routing.md): `myapp://user/:id`, `product/:id(int)` (no scheme: any allowed scheme, or a
/// relative route), `files/*path` (trailing catch-all). In host mode the host is not part of the key:
/// `/path/:id` or `myapp://example.com/path/:id`.
struct RoutePattern: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(name: String, kind: ParameterKind)
        case catchAll(name: String)
    }

    /// The shape two patterns conflict on: scheme and segments with parameter names erased.
    struct Shape: Sendable, Hashable {
        let scheme: String?
        let segments: [String]
    }

    let text: String
    /// `nil` when the pattern names no scheme (it matches any allowed scheme and relative routes).
    let scheme: String?
    let segments: [Segment]

    /// Parses `text` for a router with these schemes and (host mode) hosts.
    /// - Throws: ``RouteError/invalidPattern(_:reason:)``.
    init(_ text: String, schemes: Set<String>, hosts: Set<String>?) throws {
        self.text = text
        func invalid(_ reason: String) -> RouteError { .invalidPattern(text, reason: reason) }

        var rest = Substring(text)
        guard !rest.contains("?"), !rest.contains("#") else { throw invalid("a pattern has no query or fragment") }
        var scheme: String?
        if let separator = rest.range(of: "://") {
            let name = rest[..<separator.lowerBound]
            guard RouteURL.isScheme(name) else { throw invalid("\"\(name)\" is not a scheme") }
            guard schemes.contains(name.lowercased()) else {
                throw invalid("scheme \"\(name)\" is not one of the router's schemes")
            }
            scheme = name.lowercased()
            rest = rest[separator.upperBound...]
            if let hosts {
                // Host mode: the route key is the path; a host written in the pattern must be an allowed one.
                let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
                let host = rest[..<hostEnd].lowercased()
                guard host.isEmpty || hosts.contains(host) else {
                    throw invalid("host \"\(host)\" is not one of the router's hosts")
                }
                rest = rest[hostEnd...]
            }
        }
        self.scheme = scheme

        var segments: [Segment] = []
        var names: Set<String> = []
        let pieces = rest.split(separator: "/", omittingEmptySubsequences: true)
        for (index, piece) in pieces.enumerated() {
            let segment = try Self.segment(piece, foldsCase: hosts == nil && index == 0, invalid: invalid)
            switch segment {
            case .parameter(let name, _), .catchAll(let name):
                guard names.insert(name).inserted else { throw invalid("parameter \"\(name)\" appears twice") }
                if case .catchAll = segment, index != pieces.count - 1 {
                    throw invalid("a catch-all must be the last segment")
                }
            case .literal: break
            }
            segments.append(segment)
        }
        self.segments = segments
    }

    var shape: Shape {
        Shape(
            scheme: scheme,
            segments: segments.map { segment in
                switch segment {
                case .literal(let text): return "=" + text
                case .parameter(_, let kind): return ":" + kind.name
                case .catchAll: return "*"
                }
            }
        )
    }

    /// The parameter names in the order their values are captured.
    var parameterNames: [String] {
        segments.compactMap { segment in
            switch segment {
            case .literal: return nil
            case .parameter(let name, _), .catchAll(let name): return name
            }
        }
    }

    private static func segment(
        _ piece: Substring, foldsCase: Bool, invalid: (String) -> RouteError
    ) throws -> Segment {
        if piece.first == ":" {
            var name = piece.dropFirst()
            var kind = ParameterKind.string
            if let open = name.firstIndex(of: "(") {
                guard name.last == ")" else { throw invalid("\"\(piece)\" has an unclosed type") }
                let typeName = name[name.index(after: open)..<name.index(before: name.endIndex)]
                guard let parsed = ParameterKind(name: typeName) else {
                    throw invalid("unknown parameter type \"\(typeName)\" (use int, double, uuid or string)")
                }
                kind = parsed
                name = name[..<open]
            }
            guard isIdentifier(name) else { throw invalid("\"\(piece)\" needs a name of letters, digits or _") }
            return .parameter(name: String(name), kind: kind)
        }
        if piece.first == "*" {
            let name = piece.dropFirst()
            guard name.isEmpty || isIdentifier(name) else { throw invalid("\"\(piece)\" is not a valid catch-all") }
            return .catchAll(name: name.isEmpty ? "*" : String(name))
        }
        let literal = PercentDecoding.decode(piece)
        return .literal(foldsCase ? literal.lowercased() : literal)
    }

    private static func isIdentifier(_ text: Substring) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy {
                ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F
            }
    }
}
