import Foundation
import PushBus
import PushBusTesting
import Testing

/// The simulated app and its NSE keep one inbox on the device's ledger: the NSE adds before display and sets the
/// badge, the app follows the extension's writes while running and after a relaunch, and the timeline shows it.
@Suite(.timeLimit(.minutes(2))) struct SimulatedDeviceInboxTests {
    private let mutablePush: [String: Any] = [
        "aps": ["alert": ["title": "Order shipped", "body": "Arrives Tuesday"], "mutable-content": 1]
    ]

    private func makeDevice() throws -> (SimulatedDevice, URL) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("simulated-inbox-\(UUID().uuidString)")
        var configuration = SimulatedDevice.Configuration()
        configuration.ledgerDirectory = directory
        let device = SimulatedDevice(configuration: configuration)
        device.installInbox()
        let extensionInbox = try #require(device.serviceExtensionInbox)
        device.serviceExtension.install(ServiceExtensionPipeline(steps: [.inbox(extensionInbox)]))
        return (device, directory)
    }

    private func notes(_ device: SimulatedDevice) -> [String] {
        device.timeline.compactMap { entry in
            if case .note(let text) = entry.event { return text }
            return nil
        }
    }

    @Test func theExtensionAddsBeforeDisplayAndTheBadgeIsTheUnreadCount() async throws {
        let (device, directory) = try makeDevice()
        defer { try? FileManager.default.removeItem(at: directory) }
        device.deliver(remote: mutablePush, identifier: "order")
        await device.serviceExtension.settle()
        #expect(device.serviceExtensionInbox?.unreadCount == 1)
        #expect(device.badgeCount == 1)
        #expect(device.inbox == nil)  // the app never ran
        let lines = notes(device)
        #expect(lines.contains("inbox (NSE): + \"Order shipped\""))
        #expect(lines.contains("badge 1 (set by notification [order])"))
    }

    @Test func aRunningAppFollowsTheExtensionAndAWillPresentIsTheSameEntry() async throws {
        let (device, directory) = try makeDevice()
        defer { try? FileManager.default.removeItem(at: directory) }
        device.launch()
        device.deliver(remote: mutablePush, identifier: "order")
        await device.serviceExtension.settle()
        await device.settle()
        let inbox = try #require(device.inbox)
        #expect(inbox.count == 1)
        #expect(inbox.unreadCount == 1)
        try device.tap("order")
        await device.settle()
        #expect(inbox.count == 1)
        #expect(inbox.unreadCount == 0)
        #expect(device.badgeCount == 0)
    }

    @Test func aRelaunchedAppSeesWhatTheExtensionAddedWhileItWasKilled() async throws {
        let (device, directory) = try makeDevice()
        defer { try? FileManager.default.removeItem(at: directory) }
        device.launch()
        device.terminate()
        device.deliver(remote: mutablePush, identifier: "order")
        await device.serviceExtension.settle()
        #expect(device.inbox == nil)
        device.launch()
        let inbox = try #require(device.inbox)
        #expect(inbox.entries().map(\.title) == ["Order shipped"])
        #expect(device.badgeCount == 1)
        #expect(notes(device).contains("app opens its inbox: 1 entries, 1 unread"))
    }

    @Test func theInboxScenarioPasses() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/scenarios/inbox-badge-follows-unread.json")
        let run = try await SimulationScenario(contentsOf: url).run()
        #expect(run.failures.isEmpty, "\(run.failures)")
    }

    @Test func aCheckInboxStepFailsWhenTheUnreadCountDiffers() async throws {
        let json = """
            {"name": "wrong count", "device": {"ledger": true}, "app": {"inbox": {}},
             "steps": [{"do": "receive", "payload": {"aps": {"alert": "Hi", "mutable-content": 1}}},
                       {"do": "checkInbox", "unread": 2}]}
            """
        let run = try await SimulationScenario(json: Data(json.utf8)).run()
        #expect(run.failures == ["step 2 (checkInbox): expected 2 unread, got 1"])
    }
}
