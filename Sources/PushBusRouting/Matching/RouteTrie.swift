/// A segment trie: each node's children are a literal table, typed parameter edges in priority order, and a
/// catch-all. Built by ``insert(_:route:)`` while registering, then used read-only by ``resolve(_:)``.
///
/// Matching walks the URL's segments, trying at every node the literal child, then each parameter edge
/// whose type accepts the segment, then the catch-all, and backtracks when a deeper step fails. The cost
/// depends on the URL (its segment count and the few edges per node), not on how many routes exist.
struct RouteTrie: Sendable {
    struct Node: Sendable {
        var literals: [String: Int] = [:]
        /// Sorted by ``ParameterKind`` priority: `int`, `uuid`, `double`, `string`.
        var parameters: [(kind: ParameterKind, child: Int)] = []
        /// The route a trailing catch-all at this node leads to.
        var catchAll: Int?
        /// The route that ends at this node.
        var route: Int?
    }

    private(set) var nodes: [Node] = [Node()]

    /// Adds `segments` ending in `route`; returns the route already there when the shape is taken.
    mutating func insert(_ segments: [RoutePattern.Segment], route: Int) -> Int? {
        var node = 0
        for segment in segments {
            switch segment {
            case .literal(let text):
                if let child = nodes[node].literals[text] {
                    node = child
                } else {
                    nodes.append(Node())
                    nodes[node].literals[text] = nodes.count - 1
                    node = nodes.count - 1
                }
            case .parameter(_, let kind):
                if let edge = nodes[node].parameters.first(where: { $0.kind == kind }) {
                    node = edge.child
                } else {
                    nodes.append(Node())
                    nodes[node].parameters.append((kind, nodes.count - 1))
                    nodes[node].parameters.sort { $0.kind < $1.kind }
                    node = nodes.count - 1
                }
            case .catchAll:
                if let existing = nodes[node].catchAll { return existing }
                nodes[node].catchAll = route
                return nil
            }
        }
        if let existing = nodes[node].route { return existing }
        nodes[node].route = route
        return nil
    }

    /// The route a URL's key resolves to, with the captured parameter values in pattern order.
    ///
    /// The key is `first` (the URL's host, when the host is part of the key) followed by `segments`; passing
    /// them apart spares a copy of the array.
    func resolve(first: String?, segments: [String]) -> (route: Int, values: [String])? {
        var values: [String] = []
        let key = Key(first: first, segments: segments)
        guard let route = walk(node: 0, depth: 0, key: key, values: &values) else { return nil }
        return (route, values)
    }

    private struct Key {
        let first: String?
        let segments: [String]
        var count: Int { segments.count + (first == nil ? 0 : 1) }

        subscript(depth: Int) -> String {
            guard let first else { return segments[depth] }
            return depth == 0 ? first : segments[depth - 1]
        }

        func rest(from depth: Int) -> String {
            (depth..<count).map { self[$0] }.joined(separator: "/")
        }
    }

    private func walk(node: Int, depth: Int, key: Key, values: inout [String]) -> Int? {
        guard depth < key.count else { return nodes[node].route }
        let segment = key[depth]
        if let child = nodes[node].literals[segment],
            let route = walk(node: child, depth: depth + 1, key: key, values: &values)
        {
            return route
        }
        for edge in nodes[node].parameters where edge.kind.accepts(segment) {
            values.append(segment)
            if let route = walk(node: edge.child, depth: depth + 1, key: key, values: &values) {
                return route
            }
            values.removeLast()
        }
        if let route = nodes[node].catchAll {
            values.append(key.rest(from: depth))
            return route
        }
        return nil
    }
}
