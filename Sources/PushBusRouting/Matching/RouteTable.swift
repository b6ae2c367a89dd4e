/// One registered route: its parsed pattern, who may open it, and what it runs.
struct RouteEntry: Sendable {
    let pattern: RoutePattern
    let parameterNames: [String]
    let access: RouteAccess
    let options: RouteOptions
    let isAction: Bool
    let handler: @Sendable (RouteRequest) -> Void
}

/// An immutable snapshot of every route: registration builds a new one and swaps it in under the lock;
/// `open` reads the current one and matches without holding the lock.
final class RouteTable: Sendable {
    /// Tries for patterns that name a scheme, by lowercased scheme.
    let schemeTries: [String: RouteTrie]
    /// The trie for scheme-less patterns (any allowed scheme, and relative routes).
    let anySchemeTrie: RouteTrie
    let entries: [RouteEntry]
    let shapes: [RoutePattern.Shape: Int]

    init() {
        schemeTries = [:]
        anySchemeTrie = RouteTrie()
        entries = []
        shapes = [:]
    }

    private init(
        schemeTries: [String: RouteTrie], anySchemeTrie: RouteTrie, entries: [RouteEntry],
        shapes: [RoutePattern.Shape: Int]
    ) {
        self.schemeTries = schemeTries
        self.anySchemeTrie = anySchemeTrie
        self.entries = entries
        self.shapes = shapes
    }

    /// A table with `entry` added, or the error when its shape is taken.
    func adding(_ entry: RouteEntry) -> Result<RouteTable, RouteError> {
        let shape = entry.pattern.shape
        if let existing = shapes[shape] {
            return .failure(.conflictingPattern(entry.pattern.text, existing: entries[existing].pattern.text))
        }
        let index = entries.count
        var schemeTries = self.schemeTries
        var anySchemeTrie = self.anySchemeTrie
        if let scheme = entry.pattern.scheme {
            var trie = schemeTries[scheme] ?? RouteTrie()
            _ = trie.insert(entry.pattern.segments, route: index)
            schemeTries[scheme] = trie
        } else {
            _ = anySchemeTrie.insert(entry.pattern.segments, route: index)
        }
        var shapes = self.shapes
        shapes[shape] = index
        return .success(
            RouteTable(
                schemeTries: schemeTries, anySchemeTrie: anySchemeTrie, entries: entries + [entry], shapes: shapes
            )
        )
    }

    /// The entry and path parameters `url` resolves to: scheme-specific patterns first, then scheme-less ones.
    ///
    /// Without host mode the URL's host is the first segment of the key; it is case-insensitive, so a
    /// host-less URL (`product/1`, `myapp:///product/1`) has its first segment lowercased (patterns were
    /// lowercased there when parsed).
    func resolve(_ url: RouteURL, hostMode: Bool) -> (entry: RouteEntry, pathParameters: [String: String])? {
        var first: String?
        var segments = url.segments
        if !hostMode {
            if let host = url.host, !host.isEmpty {
                first = host
            } else if !segments.isEmpty {
                segments[0] = segments[0].lowercased()
            }
        }
        if let scheme = url.scheme, let trie = schemeTries[scheme],
            let found = trie.resolve(first: first, segments: segments)
        {
            return result(found)
        }
        return anySchemeTrie.resolve(first: first, segments: segments).map(result)
    }

    private func result(_ found: (route: Int, values: [String])) -> (RouteEntry, [String: String]) {
        let entry = entries[found.route]
        var parameters: [String: String] = [:]
        parameters.reserveCapacity(found.values.count)
        for (name, value) in zip(entry.parameterNames, found.values) { parameters[name] = value }
        return (entry, parameters)
    }
}
