/// The query items of a routed URL, in order, each name and value percent-decoded exactly once.
///
/// Duplicate names keep every value, in order: `?tag=a&tag=b` gives `values(for: "tag") == ["a", "b"]`.
/// The convenience subscript and the merged ``RouteRequest/parameters`` pick the **first** value.
/// A `+` is a literal plus sign (RFC 3986), unless the router's configuration sets
/// ``PushRouter/Configuration/decodesPlusAsSpace`` (HTML form encoding). A name without `=` has the
/// value `""`.
public struct RouteQuery: Sendable, Hashable, Sequence {
    /// One `name=value` pair.
    public struct Item: Sendable, Hashable {
        /// The item's name, percent-decoded.
        public var name: String
        /// The item's value, percent-decoded; `""` when the item has no `=`.
        public var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every item, in the order the URL lists them.
    public var items: [Item]

    package init(_ items: [Item] = []) { self.items = items }

    /// The first value for `name`, or `nil` when the URL has no such item.
    public subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// Every value for `name`, in order (empty when there is none).
    public func values(for name: String) -> [String] {
        items.compactMap { $0.name == name ? $0.value : nil }
    }

    /// A Boolean value indicating whether the URL had no query items.
    package var isEmpty: Bool { items.isEmpty }

    public func makeIterator() -> IndexingIterator<[Item]> { items.makeIterator() }
}

extension RouteQuery: ExpressibleByDictionaryLiteral {
    /// A query written as a literal, items in the order written: `["tab": "posts", "page": "2"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { Item(name: $0.0, value: $0.1) })
    }
}
