import Foundation

/// The baseline: a URLNavigator-style matcher that compares the URL with every pattern, in turn.
///
/// To honour the same priority rules as the trie (literal > parameter > catch-all, decided per segment from
/// the left, never by registration order) it cannot stop at the first match: it scores every pattern that
/// matches and keeps the most specific one. Cost: linear in the number of patterns.
final class LinearMatcher: Sendable {
    enum Segment: Sendable {
        case literal(String)
        case parameter(String, isInt: Bool)
        case catchAll(String)
    }

    struct Route: Sendable {
        let pattern: String
        let scheme: String
        let segments: [Segment]
    }

    let routes: [Route]

    init(patterns: [String]) {
        routes = patterns.map { pattern in
            let parts = pattern.components(separatedBy: "://")
            let segments = parts[1].split(separator: "/").map { piece -> Segment in
                if piece.hasPrefix(":") {
                    let name = piece.dropFirst()
                    if name.hasSuffix("(int)") { return .parameter(String(name.dropLast(5)), isInt: true) }
                    return .parameter(String(name), isInt: false)
                }
                if piece.hasPrefix("*") { return .catchAll(String(piece.dropFirst())) }
                return .literal(String(piece).lowercased())
            }
            return Route(pattern: pattern, scheme: parts[0].lowercased(), segments: segments)
        }
    }

    /// The best-matching pattern and its parameters, or `nil`.
    func match(_ url: String) -> (pattern: String, parameters: [String: String])? {
        guard let separator = url.range(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound].lowercased()
        var rest = url[separator.upperBound...]
        var query: [String: String] = [:]
        if let mark = rest.firstIndex(of: "?") {
            for item in rest[rest.index(after: mark)...].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1)
                let name = String(pair[0]).removingPercentEncoding ?? String(pair[0])
                query[name] = pair.count > 1 ? (String(pair[1]).removingPercentEncoding ?? String(pair[1])) : ""
            }
            rest = rest[..<mark]
        }
        var segments = rest.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        if !segments.isEmpty { segments[0] = segments[0].lowercased() }

        var best: (route: Route, score: [Int], values: [String: String])?
        for route in routes where route.scheme == scheme {
            guard let (score, values) = Self.match(route.segments, segments) else { continue }
            if let current = best, !score.lexicographicallyPrecedes(current.score) { continue }
            best = (route, score, values)
        }
        guard let best else { return nil }
        return (best.route.pattern, query.merging(best.values) { _, path in path })
    }

    /// Per-segment ranks (0 literal, 1 typed parameter, 2 parameter, 3 catch-all), lower is more specific.
    private static func match(_ pattern: [Segment], _ segments: [String]) -> ([Int], [String: String])? {
        var score: [Int] = []
        var values: [String: String] = [:]
        for (index, segment) in pattern.enumerated() {
            switch segment {
            case .catchAll(let name):
                guard index < segments.count else { return nil }
                values[name] = segments[index...].joined(separator: "/")
                score.append(3)
                return (score, values)
            case .literal(let text):
                guard index < segments.count, segments[index] == text else { return nil }
                score.append(0)
            case .parameter(let name, let isInt):
                guard index < segments.count else { return nil }
                if isInt, Int(segments[index]) == nil { return nil }
                values[name] = segments[index]
                score.append(isInt ? 1 : 2)
            }
        }
        return pattern.count == segments.count ? (score, values) : nil
    }
}
