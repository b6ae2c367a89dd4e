import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
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
