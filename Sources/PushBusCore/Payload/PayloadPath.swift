/// A key path inside a payload, built as a stack while walking and rendered only when an issue is reported,
/// so a clean walk allocates no path strings.
struct PayloadPath: Sendable {
    enum Component: Sendable {
        case key(String)
        case index(Int)
    }

    /// A rendered path the walk started from (the `path:` argument of the public API); empty for the root.
    var prefix: String
    var components: [Component]

    init(prefix: String = "") {
        self.prefix = prefix
        components = []
    }

    var depth: Int { components.count }

    @inline(__always) mutating func push(_ key: String) { components.append(.key(key)) }
    @inline(__always) mutating func push(index: Int) { components.append(.index(index)) }
    @inline(__always) mutating func pop() { components.removeLast() }

    /// `aps.alert.title`, `items[2]`; empty for the root.
    var rendered: String {
        var text = prefix
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The rendered path with `key` appended, without pushing it.
    func rendered(appending key: String) -> String {
        let base = rendered
        return base.isEmpty ? key : base + "." + key
    }
}
