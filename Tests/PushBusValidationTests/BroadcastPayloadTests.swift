import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// Broadcast pushes (iOS 18): one push to a channel reaches every subscribed Live Activity, so it takes only the
/// broadcast headers and nothing that belongs to one device.
@Suite struct BroadcastPayloadTests {
    private let channel = "dHN1L3Rlc3Q="

    private func diagnostics(
        _ file: String, _ headers: PayloadValidator.BroadcastHeaders
    ) throws -> [PayloadDiagnostic] {
        let url = ChannelAndWidgetPayloadTests.root.appendingPathComponent(file)
        return PayloadValidator.validateBroadcast(try Data(contentsOf: url), headers: headers)
    }

    @Test(arguments: ["channels/channel-update.json", "channels/broadcast-end.json"])
    func anUpdateOrAnEndToAChannelIsClean(_ file: String) throws {
        let headers = PayloadValidator.BroadcastHeaders(channelID: channel, priority: 10, expiration: 0)
        #expect(try diagnostics(file, headers) == [])
    }

    @Test func aStartWithPerDeviceKeysIsRefusedForABroadcast() throws {
        let found = try diagnostics("channels/broken-broadcast-start.json", .init(channelID: channel))
        #expect(
            found.map(\.keyPath) == ["aps.event", "aps.input-push-token", "aps.attributes-type", "aps.attributes"])
        #expect(found.allSatisfy { $0.severity == .error })
        // The same file is a valid push-to-start when sent to one device's token.
        let url = ChannelAndWidgetPayloadTests.root.appendingPathComponent("channels/broken-broadcast-start.json")
        #expect(PayloadValidator.validate(try Data(contentsOf: url), pushType: .liveActivity) == [])
    }

    @Test func theHeadersFollowTheBroadcastRules() throws {
        let headers = PayloadValidator.BroadcastHeaders(
            channelID: "not base64!", pushType: .alert, priority: 7, expiration: -1)
        let found = try diagnostics("channels/channel-update.json", headers)
        let errors = found.filter { $0.severity == .error }.map(\.keyPath)
        #expect(Array(errors.prefix(4)) == ["apns-channel-id", "apns-push-type", "apns-priority", "apns-expiration"])
        let stored = try diagnostics(
            "channels/channel-update.json", .init(channelID: channel, expiration: 1_700_003_600))
        #expect(stored.map(\.severity) == [.warning])
        #expect(stored.first?.keyPath == "apns-expiration")
    }
}
