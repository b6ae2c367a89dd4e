/// One value per live instance of `Owner`, kept by the layer the value belongs to, so that `Owner` holds nothing of
/// that layer: the Live Activity module's token channel per `PushCenter`, the delivery's shared store per center.
///
/// The owner is held weakly: a value lives as long as its owner, and is dropped (with every value of an owner gone)
/// the next time a value is made. An owner's identity is its object, never its address alone: a new owner at a
/// released one's address gets a value of its own.
package final class InstanceValues<Owner: AnyObject & Sendable, Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        weak var owner: Owner?
        let value: Value
    }

    private let entries = LockedState<[ObjectIdentifier: Entry]>([:])

    package init() {}

    /// The value of `owner`; made by `make` on first use.
    ///
    /// `make` runs without the lock held; if two threads race, one value wins and both get it.
    package func value(for owner: Owner, orMake make: () -> Value) -> Value {
        let key = ObjectIdentifier(owner)
        if let existing = entries.withLock({ $0[key] }), existing.owner === owner { return existing.value }
        let made = make()
        return entries.withLock { entries in
            if let existing = entries[key], existing.owner === owner { return existing.value }
            entries = entries.filter { $0.value.owner != nil }
            entries[key] = Entry(owner: owner, value: made)
            return made
        }
    }
}
