/// Which notification categories are registered, and by whom (PushBus, a named SDK, or an unknown one).
public struct CategoryOwnership: Sendable, Hashable {
    /// The owner of each category identifier.
    package var owners: [String: String]

    /// The owner name of PushBus's own categories.
    public static let pushBus = "PushBus"
    /// The owner name of categories registered by someone PushBus was not told about.
    package static let unknown = "unknown"

    package init(owners: [String: String] = [:]) { self.owners = owners }

    /// The identifiers `owner` registered, sorted.
    public func categories(of owner: String) -> [String] {
        owners.filter { $0.value == owner }.map(\.key).sorted()
    }
}
