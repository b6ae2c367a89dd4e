import PushBus
import PushBusRouting

/// Collects values from handlers and observers on any thread.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = LockedState<[Value]>([])

    func record(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }
}

extension PushRouter {
    /// Registers `pattern` with a handler that records each request.
    func record(_ pattern: String, access: RouteAccess = .public, into recorder: Recorder<RouteRequest>) throws {
        try register(pattern, access: access) { recorder.record($0) }
    }
}
