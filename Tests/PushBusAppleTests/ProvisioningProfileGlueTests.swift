import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import Testing

/// `PushBusApp.diagnose()` reads the build's embedded provisioning profile: its environment against the one the
/// app reports; no profile (an App Store build) is no finding; a damaged one is a finding, not a crash.
@MainActor @Suite(.serialized, .timeLimit(.minutes(1))) struct ProvisioningProfileGlueTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    private func codes(bundle: URL, reported: String) async -> [String] {
        let center = PushCenter()
        PushBusApp.recordBuildConfiguration(infoDictionary: [:], reportedAPNsEnvironment: reported, center: center)
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        notificationCenter.stubbedAuthorizationStatus = .authorized
        return await PushBusApp.diagnose(center: center, notificationCenter: notificationCenter, bundleURL: bundle)
            .map(\.code).filter { $0.hasPrefix("provisioningProfile") }
    }

    @Test func theProfilesEnvironmentIsComparedWithTheReportedOne() async {
        let app = Self.examples.appendingPathComponent("app")  // holds an ad hoc (production) profile
        #expect(await codes(bundle: app, reported: "production") == [])
        #expect(await codes(bundle: app, reported: "development") == ["provisioningProfile.apsEnvironment.mismatch"])
    }

    @Test func anAppStoreBuildHasNoProfileAndNoFinding() async {
        #expect(await codes(bundle: Self.examples.appendingPathComponent("payloads"), reported: "development") == [])
    }

    @Test func aDamagedProfileIsAFinding() async throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bundle) }
        try Data("<?xml version=\"1.0\"?><plist".utf8).write(
            to: bundle.appendingPathComponent("embedded.mobileprovision"))
        #expect(await codes(bundle: bundle, reported: "production") == ["provisioningProfile.unreadable"])
    }
}
