import Foundation
import PushBusCore
import PushBusDelivery
import Testing

/// The embedded provisioning profile: its `aps-environment` is read from the property list inside the CMS
/// wrapper, compared with the entitlements and the environment the app reports, and a damaged, foreign or huge
/// file is a typed error, never a crash or an unbounded read.
@Suite(.timeLimit(.minutes(1))) struct ProvisioningProfileTests {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/app/embedded.mobileprovision")

    private func codes(profile: String?, entitlements: String?, reported: String?) throws -> [String] {
        var configuration = AppConfiguration()
        if let entitlements {
            configuration = try AppConfiguration(
                infoPlist: nil,
                entitlements: PreflightFindingTests.plist("<key>aps-environment</key><string>\(entitlements)</string>"))
        }
        var read = try ProvisioningProfile(wrapping: profile.map { "<key>aps-environment</key><string>\($0)</string>" })
        read.name = "Test"
        configuration.provisioningProfile = read
        var facts = DeliveryDiagnostics()
        facts.appConfiguration = configuration
        facts.reportedAPNsEnvironment = reported
        return facts.preflightFindings.map(\.code)
    }

    @Test func theFixturesEnvironmentIsReadFromInsideTheSignedData() throws {
        let profile = try ProvisioningProfile(contentsOf: Self.fixture)
        #expect(profile.apsEnvironment == "production")
        #expect(profile.name == "Reminders Ad Hoc")
        let bundle = Self.fixture.deletingLastPathComponent()
        #expect(try ProvisioningProfile.embedded(inBundleAt: bundle) == profile)
        #expect(try ProvisioningProfile.embedded(inBundleAt: bundle.appendingPathComponent("payloads")) == nil)
    }

    @Test func theProfileIsComparedWithTheEntitlementsAndTheReportedEnvironment() throws {
        // The entitlements agree with the profile: only the entitlements' own finding names the reported one.
        #expect(try codes(profile: "production", entitlements: "production", reported: "production") == [])
        #expect(
            try codes(profile: "production", entitlements: "production", reported: "development")
                == ["apsEnvironment.mismatch"])
        // The signed environment differs from the entitlements file.
        #expect(
            try codes(profile: "production", entitlements: "development", reported: "production")
                == ["apsEnvironment.mismatch", "provisioningProfile.entitlements.mismatch"])
        // At run time the entitlements are unknown: the profile alone answers.
        #expect(
            try codes(profile: "development", entitlements: nil, reported: "production")
                == ["provisioningProfile.apsEnvironment.mismatch"])
        #expect(
            try codes(profile: nil, entitlements: nil, reported: "production") == [
                "provisioningProfile.apsEnvironment.missing"
            ])
    }

    @Test func damagedForeignAndHugeFilesAreRefused() throws {
        let plist = Data(#"<?xml version="1.0"?><plist version="1.0"><dict><key>Name</key><string>x</string>"#.utf8)
        let cases: [Data] = [
            Data(),
            Data(repeating: 0x30, count: 4096),  // DER-looking bytes, no property list
            plist,  // cut before </plist>
            plist + Data("</dict></plist>".utf8),  // a property list without Entitlements
            Data("<?xml version=\"1.0\"?><plist><array></array></plist>".utf8),  // not a dictionary
            Data("<?xml \u{0}\u{1}\u{2}</plist>".utf8),  // garbage between the markers
        ]
        for data in cases {
            #expect(throws: AppConfiguration.ReadError.self) { try ProvisioningProfile(data: data) }
        }
        // A file past the bound is refused without being read whole.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let huge = directory.appendingPathComponent(ProvisioningProfile.fileName)
        try Data(repeating: 0x41, count: ProvisioningProfile.maximumSize + 1).write(to: huge)
        #expect(throws: AppConfiguration.ReadError.self) { try ProvisioningProfile(contentsOf: huge) }
        #expect(throws: AppConfiguration.ReadError.self) { try ProvisioningProfile.embedded(inBundleAt: directory) }
        #expect(throws: AppConfiguration.ReadError.self) {
            try ProvisioningProfile(contentsOf: directory.appendingPathComponent("missing"))
        }
    }
}

extension ProvisioningProfile {
    /// A profile whose Entitlements dictionary holds `entitlements`.
    init(wrapping entitlements: String?) throws {
        let plist =
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>Entitlements</key><dict>"
            + (entitlements ?? "") + "</dict></dict></plist>"
        try self.init(data: Data([0x30, 0x80]) + Data(plist.utf8) + Data([0, 0]))
    }
}
