import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// Broadcast-channel Live Activity pushes (iOS 18) and WidgetKit pushes (iOS 26): the fixtures in
/// Examples/payloads/channels and Examples/payloads/widgets pass or fail as Apple documents.
@Suite struct ChannelAndWidgetPayloadTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/payloads")

    func diagnostics(_ file: String, _ type: PushType) throws -> [PayloadDiagnostic] {
        PayloadValidator.validate(try Data(contentsOf: Self.root.appendingPathComponent(file)), pushType: type)
    }

    @Test(arguments: [
        "channels/push-to-start-channel.json", "channels/push-to-start-token.json", "channels/channel-update.json",
    ])
    func channelFixturesAreClean(_ file: String) throws {
        #expect(try diagnostics(file, .liveActivity) == [])
        #expect(PushContent(json: try Data(contentsOf: Self.root.appendingPathComponent(file))).issues == [])
    }

    @Test func channelKeysOutsideAStartOrMalformedAreErrors() throws {
        let found = try diagnostics("channels/broken-channel-and-token.json", .liveActivity)
        let errors = found.filter { $0.severity == .error }.map(\.keyPath)
        #expect(errors.filter { $0 == "aps.input-push-token" }.count == 2)  // not a start; not 1
        #expect(errors.filter { $0 == "aps.input-push-channel" }.count == 3)  // not a start; not base64; both
    }

    @Test func theWidgetsPayloadIsContentChangedAndNothingElse() throws {
        #expect(try diagnostics("widgets/content-changed.json", .widgets) == [])
        let errors = try diagnostics("widgets/broken-extra-keys.json", .widgets).map(\.keyPath)
        #expect(errors == ["score", "aps.alert", "aps.content-changed"])
        #expect(PushType.widgets.apnsTopic(bundleIdentifier: "com.example.app") == "com.example.app.push-type.widgets")
        #expect(PushType.all.contains(.widgets))
    }

    @Test func aSilentPushSentAsWidgetsReloadsNothing() throws {
        let found = try diagnostics("widgets/broken-silent-push.json", .widgets)
        #expect(found.map(\.keyPath) == ["aps.content-available", "aps.content-changed"])
        #expect(found.allSatisfy { $0.severity == .error })
    }
}
