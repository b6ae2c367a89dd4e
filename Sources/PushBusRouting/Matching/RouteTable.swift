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

    init(foldsFirstSegment: Bool) {
        schemeTries = [:]
        anySchemeTrie = RouteTrie(foldsFirstSegment: foldsFirstSegment)
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
            var trie = schemeTries[scheme] ?? RouteTrie(foldsFirstSegment: anySchemeTrie.foldsFirstSegment)
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
    func resolve(_ url: RouteURL, hostMode: Bool) -> (entry: RouteEntry, pathParameters: [String: String])? {
        var segments = url.segments
        if !hostMode, let host = url.host, !host.isEmpty { segments.insert(host, at: 0) }
        if let scheme = url.scheme, let trie = schemeTries[scheme], let found = trie.resolve(segments) {
            return result(found)
        }
        return anySchemeTrie.resolve(segments).map(result)
    }

    private func result(_ found: (route: Int, values: [String])) -> (RouteEntry, [String: String]) {
        let entry = entries[found.route]
        var parameters: [String: String] = [:]
        parameters.reserveCapacity(found.values.count)
        for (name, value) in zip(entry.parameterNames, found.values) { parameters[name] = value }
        return (entry, parameters)
    }
}
