@_spi(PushBusInternals) import PushBusCore

/// A value shared between threads and `@Sendable` closures in a test.
public final class LockedBox<Value: Sendable>: Sendable {
    private let storage: LockedState<Value>

    public init(_ value: Value) { storage = LockedState(value) }

    /// The value now.
    public var value: Value { storage.withLock { $0 } }

    /// Runs `body` on the value under the lock (`body` must not call back into the box).
    public func withValue<T>(_ body: (inout Value) -> T) -> T { storage.withLock(body) }
}

/// A counter handlers on any thread may bump.
public final class LockedCounter: Sendable {
    private let storage = LockedState(0)

    public init() {}

    /// Adds one; returns the new count.
    @discardableResult
    public func increment() -> Int {
        storage.withLock { count in
            count += 1; return count
        }
    }

    /// The count now.
    public var value: Int { storage.withLock { $0 } }
}

/// A weak reference for closures the referenced object owns.
public final class WeakBox<Object: AnyObject & Sendable>: Sendable {
    private struct Weak: Sendable {
        weak var object: Object?
    }

    private let box: LockedBox<Weak>

    public init(_ object: Object) { box = LockedBox(Weak(object: object)) }

    /// The object, while it lives.
    public var value: Object? { box.value.object }
}
