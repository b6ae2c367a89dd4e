import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// The payloads in Examples/payloads read as their names promise.
@Suite struct PayloadExamplesTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/payloads")

    private func load(_ name: String) throws -> Data {
        try Data(contentsOf: Self.directory.appendingPathComponent(name))
    }

    private func message(_ name: String) throws -> PushMessage {
        PushMessage(content: PushContent(json: try load(name)))
    }

    static var allExamples: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func thereIsAnExampleForEveryCase() {
        let names = Set(Self.allExamples)
        for required in [
            "apns-alert.json", "fcm.json", "jpush.json", "onesignal.json", "airship.json", "braze.json",
            "silent.json", "live-activity-update.json", "action-buttons.json",
        ] {
            #expect(names.contains(required), "\(required)")
        }
        #expect(names.filter { $0.hasPrefix("broken-") }.count >= 3)
    }

    @Test(arguments: allExamples.filter { !$0.hasPrefix("broken-") })
    func goodExamplesHaveNoErrorsAndReadCleanly(_ name: String) throws {
        let data = try load(name)
        let type: PushType =
            name.hasPrefix("live-activity") ? .liveActivity : name.hasPrefix("silent") ? .background : .alert
        let diagnostics = PayloadValidator.validate(data, pushType: type)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(PushContent(json: data).issues.isEmpty)
    }

    @Test(arguments: allExamples.filter { $0.hasPrefix("broken-") })
    func brokenExamplesHaveErrors(_ name: String) throws {
        let diagnostics = PayloadValidator.validate(try load(name))
        #expect(diagnostics.contains { $0.severity == .error })
    }

    @Test(arguments: [
        ("apns-alert.json", PushProvider.Name.apns, nil as String?, "app://product/12345"),
        ("fcm.json", .fcm, "1700000000123456", "app://sale/flash"),
        ("jpush.json", .jpush, "20266199577", "app://notification/20266199577"),
        ("onesignal.json", .oneSignal, "a1b2c3d4-e5f6-4711-8a9b-0c1d2e3f4a5b", "app://cart"),
        ("onesignal-custom-as-text.json", .oneSignal, "0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f", "app://order/A-1029"),
        ("onesignal-os-data.json", .oneSignal, "7c6b5a4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d", "app://digest/today"),
        ("airship.json", .airship, "0b4c5e2a-97f1-4c3e-b1a5-9f3c6d2e8a71", "app://reservations/R-77"),
        ("braze.json", .braze, nil, "app://offers/winback"),
    ])
    func providerExamplesAreRecognized(
        _ name: String, _ provider: PushProvider.Name, _ messageID: String?, _ link: String
    ) throws {
        let message = try message(name)
        #expect(message.provider == PushProvider(name: provider, messageID: messageID))
        #expect(message.deepLink == URL(string: link))
    }

    @Test func theSilentExampleIsSilent() throws {
        #expect(try message("silent.json").isSilent)
        #expect(try !message("apns-alert.json").isSilent)
    }

    @Test func theActionButtonExampleNamesItsCategory() throws {
        let message = try message("action-buttons.json")
        #expect(message.content.categoryIdentifier == "MESSAGE_REPLY")
        #expect(message.content.isMutableContent)
    }

    @Test func theLiveActivityExampleIsAnUpdate() throws {
        let message = try message("live-activity-update.json")
        #expect(message.content.liveActivity?.event == "update")
        #expect(message.content.liveActivity?.contentState?["stopsAway"] == 2)
    }
}
