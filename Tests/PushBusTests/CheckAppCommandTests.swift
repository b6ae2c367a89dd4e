import Foundation
import PushBusTestSupport
import Testing

/// `pushbus check-app` run as a process on the misconfigured app of Examples/app: every problem is reported with
/// its fix, and the exit status says so.
@Suite(.timeLimit(.minutes(2))) struct CheckAppCommandTests {
    static let binary = BuiltBinary.pushbus

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func path(_ relative: String) -> String { Self.root.appendingPathComponent(relative).path }

    @Test
    func theMisconfiguredAppGetsEveryFindingWithItsFix() async throws {
        let (status, output) = try await BuiltBinary.run(
            Self.binary,
            [
                "check-app", "--info-plist", path("Examples/app/Info.plist"), "--entitlements",
                path("Examples/app/App.entitlements"), "--extension-entitlements",
                path("Examples/app/NotificationService.entitlements"), "--payload",
                path("Examples/payloads/critical-alert.json"), "--payload", path("Examples/payloads/silent.json"),
                "--reported-environment", "production", "--category", "REMINDER",
            ])
        #expect(status == 1)
        for code in [
            "entitlement.critical.missing", "authorization.critical.notRequested", "apsEnvironment.mismatch",
            "backgroundMode.remoteNotification.missing", "serviceExtension.appGroup.mismatch",
        ] {
            #expect(output.contains(code + ":"), "\(code) in:\n\(output)")
        }
        #expect(output.components(separatedBy: "  fix: ").count == 6)
    }

    @Test
    func theEmbeddedProfilesEnvironmentIsComparedWithTheEntitlements() async throws {
        for profile in ["Examples/app/embedded.mobileprovision", "Examples/app"] {  // the file, or the bundle
            let (status, output) = try await BuiltBinary.run(
                Self.binary,
                [
                    "check-app", "--entitlements", path("Examples/app/App.entitlements"), "--provisioning-profile",
                    path(profile),
                ])
            #expect(status == 1)
            #expect(output.contains("provisioningProfile.entitlements.mismatch:"), "in:\n\(output)")
            #expect(output.contains("\"Reminders Ad Hoc\" for production"))
        }
        // A bundle without a profile is an App Store build: said, and no finding.
        let (status, output) = try await BuiltBinary.run(
            Self.binary, ["check-app", "--provisioning-profile", path("Examples/payloads")])
        #expect(status == 0)
        #expect(output.contains("an App Store build"))
        // A damaged profile is a read failure.
        let damaged = try await BuiltBinary.run(
            Self.binary, ["check-app", "--provisioning-profile", path("Examples/app/Info.plist")])
        #expect(damaged.status == 2)
    }

    @Test
    func aMissingFileIsStatusTwo() async throws {
        let (status, _) = try await BuiltBinary.run(
            Self.binary, ["check-app", "--info-plist", "/nonexistent/Info.plist"])
        #expect(status == 2)
    }
}
