/// One registered route: its parsed pattern, who may open it, and what it runs.
struct RouteEntry: Sendable {
    let pattern: RoutePattern
    let parameterNames: [String]
    let access: RouteAccess
    let options: RouteOptions
    let isAction: Bool
    let handler: @Sendable (RouteRequest) -> Void
}

/// Every route, as registration builds it: ``add(_:)`` inserts in place (the router mutates its one table under
/// its lock, so a registration copies nothing), and ``PushRouter`` freezes the table into ``RouteRegistrations``
/// before use; `open` then matches against that frozen value without holding the lock.
struct RouteTable: Sendable {
    /// Tries for patterns that name a scheme, by lowercased scheme.
    private(set) var schemeTries: [String: RouteTrie] = [:]
    /// The trie for scheme-less patterns (any allowed scheme, and relative routes).
    private(set) var anySchemeTrie = RouteTrie()
    private(set) var entries: [RouteEntry] = []
    private(set) var shapes: [RoutePattern.Shape: Int] = [:]

    /// Adds `entry` in place; throws, leaving the table as it was, when its shape is taken.
    mutating func add(_ entry: RouteEntry) throws(RouteError) {
        let shape = entry.pattern.shape
        if let existing = shapes[shape] {
            throw .conflictingPattern(entry.pattern.text, existing: entries[existing].pattern.text)
        }
        let index = entries.count
        if let scheme = entry.pattern.scheme {
            _ = schemeTries[scheme, default: RouteTrie()].insert(entry.pattern.segments, route: index)
        } else {
            _ = anySchemeTrie.insert(entry.pattern.segments, route: index)
        }
        shapes[shape] = index
        entries.append(entry)
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
