import PushBusCore
import Testing

/// A layer keeps one value per live instance of another type (the Live Activity channel, the shared delivery's
/// store per center) without that type holding it: the value lives as long as its owner and never keeps it alive.
@Suite struct InstanceValuesTests {
    final class Owner: Sendable {}
    final class Value: Sendable {}

    @Test func oneOwnerHasOneValueAndAnotherOwnerItsOwn() {
        let values = InstanceValues<Owner, Value>()
        let (first, second) = (Owner(), Owner())
        let value = values.value(for: first) { Value() }
        #expect(values.value(for: first) { Value() } === value)
        #expect(values.value(for: second) { Value() } !== value)
    }

    @Test func aValueNeitherKeepsItsOwnerAliveNorOutlivesIt() {
        let values = InstanceValues<Owner, Value>()
        weak var releasedOwner: Owner?
        weak var releasedValue: Value?
        do {
            let owner = Owner()
            releasedOwner = owner
            releasedValue = values.value(for: owner) { Value() }
            #expect(releasedValue != nil)
        }
        #expect(releasedOwner == nil)
        // The next value made drops the values of every owner gone.
        let other = Owner()
        _ = values.value(for: other) { Value() }
        #expect(releasedValue == nil)
    }

    @Test func aNewOwnerAtAReleasedOwnersAddressGetsAValueOfItsOwn() {
        let values = InstanceValues<Owner, Value>()
        var released: [ObjectIdentifier: ObjectIdentifier] = [:]
        var (reused, inherited) = (0, 0)
        // The allocator hands a released object's address to the next object of its size: try a few times.
        for _ in 0..<64 {
            let owner = Owner()
            let value = values.value(for: owner) { Value() }
            if let earlier = released[ObjectIdentifier(owner)] {
                reused += 1
                if earlier == ObjectIdentifier(value) { inherited += 1 }
            }
            released[ObjectIdentifier(owner)] = ObjectIdentifier(value)
            withExtendedLifetime(value) {}
        }
        #expect(reused > 0, "no address was reused: the case was not exercised")
        #expect(inherited == 0, "a new owner was given a released owner's value")
    }
}
