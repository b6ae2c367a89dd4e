internal import Foundation
import PushBusDelivery
import PushBusServiceExtension
import PushBusStorage

/// The retract and replace steps and expectations of a scenario (Docs/Retraction.md, Docs/Scenarios.md).
extension SimulatedApp {
    /// The app carries out the PushBus retract and replace keys: in `process`, its delivery's
    /// `handleRetractions(in:)` on the device's Notification Center.
    static func handleRetractions(in process: SimulatedDevice.AppProcess, device: SimulatedDevice) {
        process.keep(process.delivery.handleRetractions(in: device.notificationCenter))
    }

    /// The app's service extension runs `.retract` first (recording in the extension's inbox ledger, and removing
    /// from that inbox, when the app has one), then `.inbox` when the inbox setup asks for it.
    static func installRetractingServiceExtension(
        on device: SimulatedDevice, inbox setup: SimulationScenario.InboxSetup?
    ) {
        let inbox = device.serviceExtensionInbox
        var steps: [ServiceExtensionStep] = [
            .retract(in: device.notificationCenter, ledger: inbox?.ledger, inbox: inbox)
        ]
        if let inbox, setup?.serviceExtension ?? true { steps.append(.inbox(inbox)) }
        device.serviceExtension.install(ServiceExtensionPipeline(steps: steps))
    }

    /// Runs `step` if it is `checkNotificationCenter`: after the extension and the app settle, Notification
    /// Center must list exactly `ids`, oldest first.
    ///
    /// - Returns: `false` when `step.do` is not one.
    /// - Throws: ``ScenarioError`` when the check fails.
    func performRetractionStep(_ step: SimulationScenario.Step) async throws -> Bool {
        guard step.do == "checkNotificationCenter" else { return false }
        let expected = try required(step.ids, "ids", step)
        await device.serviceExtension.settle()
        await device.settle()
        let listed = device.deliveredNotifications.map(\.identifier)
        device.note("check: Notification Center lists \(listed)")
        if listed != expected { throw ScenarioError("expected Notification Center to list \(expected), got \(listed)") }
        return true
    }
}

extension SimulationScenario {
    /// The unmet Notification Center and removal expectations.
    func checkRetraction(_ device: SimulatedDevice) -> [String] {
        var failures: [String] = []
        if let expected = expect?.notificationCenter {
            let listed = device.deliveredNotifications.map(\.identifier)
            if listed != expected { failures.append("expected Notification Center to list \(expected), got \(listed)") }
        }
        if let expected = expect?.removedNotifications {
            let ledger = SimulatedApp.currentInbox(of: device)?.ledger ?? device.delivery.ledger
            device.delivery.ledger.waitForWrites()
            try? ledger.refresh()
            let removed = ledger.allRecords.filter { $0.event.kind == .removed }.compactMap(\.requestIdentifier)
            if removed != expected {
                failures.append("expected the ledger's removed notifications \(expected), got \(removed)")
            }
        }
        return failures
    }
}
