/// Values a layer above an object keeps per instance of it, without the object's type naming theirs.
///
/// `PushCenter` carries one so that every adapter made from the same center finds the same delivery state,
/// while the hub still knows nothing of adapters or deliveries. One value per type.
package final class AttachmentSlot: Sendable {
    private let values = LockedState<[ObjectIdentifier: any Sendable]>([:])

    package init() {}

    /// The attached value of type `Value`; made by `make` on first use.
    ///
    /// `make` runs without the lock held; if two threads race, one value wins and both get it.
    package func value<Value: Sendable>(orMake make: () -> Value) -> Value {
        let key = ObjectIdentifier(Value.self)
        if let existing = values.withLock({ $0[key] }) as? Value { return existing }
        let made = make()
        return values.withLock { values in
            if let existing = values[key] as? Value { return existing }
            values[key] = made
            return made
        }
    }
}
