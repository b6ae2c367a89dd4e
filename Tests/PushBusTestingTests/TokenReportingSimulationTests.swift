import Foundation
import PushBus
import PushBusTesting
import Testing

/// The simulated app's token registry: every token iOS hands over reaches the server once across relaunches when
/// the registry has a file, and again at every launch without one (what an app without PushTokenRegistry does).
@Suite(.timeLimit(.minutes(1))) struct TokenReportingSimulationTests {
    private func relaunchTwice(directory: URL?) -> [String] {
        let device = SimulatedDevice()
        device.reportTokens(in: directory)
        for launch in 0..<3 {
            if launch > 0 { device.terminate() }
            device.launch()
            device.liveActivities.observe("DeliveryAttributes")
            device.registerForRemoteNotifications(deviceToken: Data([0xAB, 0xCD]))  // the same token each launch
        }
        return device.tokensReported.map(\.scenarioName)
    }

    @Test func aPersistedRegistryReportsEachTokenOnceAcrossRelaunches() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        #expect(relaunchTwice(directory: directory) == ["pushToStart DeliveryAttributes", "device"])
    }

    @Test func withoutAFileEveryLaunchReportsEverythingAgain() {
        #expect(relaunchTwice(directory: nil).count == 6)
    }

    @Test func aChannelActivityReportsItsChannelAndRetractsItAtItsEnd() throws {
        let device = SimulatedDevice()
        device.reportTokens(in: nil)
        device.launch()
        try device.liveActivities.start("MatchAttributes", id: "match-9", channel: "dHN1L3Rlc3Q=")
        try device.liveActivities.receive(["aps": ["event": "end", "timestamp": 1_767_229_200]], activity: "match-9")

        #expect(
            device.tokensReported.map(\.scenarioName) == [
                "broadcastChannel match-9", "broadcastChannel match-9 removed",
            ])
        #expect(device.tokensReported.first?.value == "dHN1L3Rlc3Q=")
    }
}
