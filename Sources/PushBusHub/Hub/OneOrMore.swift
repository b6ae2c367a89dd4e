/// A short list built under the hub's lock and used after it: the first element is held inline, so the common case
/// (one element, or none) allocates nothing on the thread that posts.
struct OneOrMore<Element> {
    private var first: Element?
    private var more: [Element] = []

    init() {}

    mutating func append(_ element: Element) {
        if first == nil { first = element } else { more.append(element) }
    }

    /// A Boolean value indicating whether the list is empty.
    var isEmpty: Bool { first == nil }

    /// Every element, in order.
    var elements: [Element] { first.map { [$0] + more } ?? [] }

    /// Calls `body` with each element, in order, without building an array.
    func forEach(_ body: (Element) -> Void) {
        guard let first else { return }
        body(first)
        more.forEach(body)
    }
}

extension OneOrMore: Sendable where Element: Sendable {}
