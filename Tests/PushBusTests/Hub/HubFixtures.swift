import Foundation
import PushBus
import PushBusTesting

/// Messages and recorders shared by the hub's suites.
enum HubFixtures {
    /// A message with an explicit identity, so tests control de-duplication.
    static func message(
        _ id: String, kind: PushMessage.Kind = .remote, category: String? = nil,
        action: PushResponse.Action? = nil, silent: Bool = false
    ) -> PushMessage {
        var content = PushContent()
        content.categoryIdentifier = category
        if silent {
            content.isContentAvailable = true
        } else {
            content.title = "Title \(id)"
        }
        var message = PushMessage(kind: kind, content: content, response: action.map { PushResponse(action: $0) })
        message.id = PushMessage.ID(rawValue: id)
        return message
    }

    /// A center on a manual clock.
    static func center(
        parkingCapacity: Int = 32, parkingMaximumAge: TimeInterval = 600,
        deduplicationWindow: TimeInterval = 120, deduplicationCapacity: Int = 256, clock: ManualClock = ManualClock()
    ) -> PushCenter {
        PushCenter(
            configuration: .init(
                parkingCapacity: parkingCapacity, parkingMaximumAge: parkingMaximumAge,
                deduplicationWindow: deduplicationWindow, deduplicationCapacity: deduplicationCapacity, clock: clock))
    }
}

/// Collects values from any thread.
final class HubRecorder<Value: Sendable>: Sendable {
    private let state = LockedState<[Value]>([])

    func append(_ value: Value) { state.withLock { $0.append(value) } }

    var values: [Value] { state.withLock { $0 } }
    var count: Int { state.withLock { $0.count } }
}

extension HubRecorder where Value == PushMessage {
    /// The recorded messages' identities.
    var ids: [String] { values.map(\.id.rawValue) }
}

/// A value shared between threads in a test.
final class HubBox<Value: Sendable>: Sendable {
    private let state: LockedState<Value>

    init(_ value: Value) { state = LockedState(value) }

    func withValue<T>(_ body: (inout Value) -> T) -> T { state.withLock(body) }
    var value: Value { state.withLock { $0 } }
}
