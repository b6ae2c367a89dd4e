import PushBus
import PushBusRouting
import PushBusTestSupport

extension PushRouter {
    /// Registers `pattern` with a handler that records each request.
    func record(_ pattern: String, access: RouteAccess = .public, into recorder: Recorder<RouteRequest>) throws {
        try register(pattern, access: access) { recorder.record($0) }
    }
}
