/// Who registered which notification category, and the set to register so that no SDK's buttons vanish.
///
/// iOS keeps one set of categories per app, and `setNotificationCategories` **replaces** it: the SDK that
/// registers last wins, and the others' action buttons disappear. PushBus reads the set back, remembers every
/// category it has seen and who brought it, and when a category it knows is missing, registers the union again.
///
/// `Category` is what the platform registers (`UNNotificationCategory` in the Apple glue, ``PushCategory`` in
/// the simulator); categories are told apart by identifier. When two owners register the same identifier, the
/// version registered last is kept and so is its owner.
package struct CategoryMerge<Category: Sendable>: Sendable {
    private var known: [String: (owner: String, category: Category)] = [:]
    /// Identifiers in the order they were first seen, so the union is stable.
    private var order: [String] = []

    package init() {}

    /// Records `categories` as `owner`'s whole set (what `owner` registered before and left out is forgotten),
    /// replacing earlier versions of the same identifiers.
    package mutating func record(_ categories: [(identifier: String, category: Category)], owner: String) {
        let kept = Set(categories.map(\.identifier))
        let dropped = Set(known.filter { $0.value.owner == owner && !kept.contains($0.key) }.map(\.key))
        if !dropped.isEmpty {
            for identifier in dropped { known[identifier] = nil }
            order.removeAll { dropped.contains($0) }
        }
        add(categories, owner: owner)
    }

    private mutating func add(_ categories: [(identifier: String, category: Category)], owner: String) {
        for (identifier, category) in categories {
            if known[identifier] == nil { order.append(identifier) }
            known[identifier] = (owner, category)
        }
    }

    /// Reads what is registered now: categories never seen are recorded as `owner`'s (who replaced the set, if
    /// known). Returns the union to register again when a known category is missing from `registered`, or `nil`
    /// when nothing is missing.
    package mutating func reconcile(
        registered: [(identifier: String, category: Category)], newOwner owner: String
    ) -> [Category]? {
        let present = Set(registered.map(\.identifier))
        let unseen = registered.filter { known[$0.identifier] == nil }
        add(unseen, owner: owner)
        for (identifier, category) in registered where known[identifier] != nil {
            known[identifier]?.category = category  // the system's version is the current one
        }
        guard order.contains(where: { !present.contains($0) }) else { return nil }
        return union
    }

    /// Every category seen, in the order first seen.
    package var union: [Category] { order.compactMap { known[$0]?.category } }

    /// Who registered each category.
    package var ownership: CategoryOwnership {
        CategoryOwnership(owners: known.mapValues(\.owner))
    }
}
