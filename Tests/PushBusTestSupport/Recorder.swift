import PushBus

/// Records values from handlers and observers on any thread, in order (tests only).
public final class Recorder<Value: Sendable>: Sendable {
    private let storage = LockedState<[Value]>([])

    public init() {}

    /// Appends `value`.
    public func record(_ value: Value) { storage.withLock { $0.append(value) } }

    /// Everything recorded so far, in order.
    public var values: [Value] { storage.withLock { $0 } }

    /// How many values were recorded.
    public var count: Int { storage.withLock { $0.count } }

    /// The latest value.
    public var last: Value? { storage.withLock { $0.last } }
}

extension Recorder where Value == Void {
    /// Records one call.
    public func record() { record(()) }
}

extension Recorder where Value == PushMessage {
    /// The recorded messages' identities.
    public var ids: [String] { values.map(\.id.rawValue) }
}
