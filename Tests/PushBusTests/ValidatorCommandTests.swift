import Foundation
import PushBusTestSupport
import Testing

/// `pushbus validate` run as a process: the exit statuses the README promises.
///
/// Runs the `pushbus` binary that `swift build` / `swift test` put next to the test bundle; the logic itself
/// is covered without a process by `ValidatorReportTests`.
@Suite(.timeLimit(.minutes(2))) struct ValidatorCommandTests {
    static let binary = BuiltBinary.pushbus

    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/payloads")

    private func run(_ arguments: [String], input: Data? = nil) async throws -> (status: Int32, output: String) {
        try await BuiltBinary.run(Self.binary, arguments, input: input)
    }

    @Test
    func exitStatusesAreZeroOneAndTwo() async throws {
        let good = Self.examples.appendingPathComponent("apns-alert.json").path
        let broken = Self.examples.appendingPathComponent("broken-wrong-types.json").path
        await #expect(try run(["validate", good]).status == 0)
        await #expect(try run(["validate", good, broken]).status == 1)
        await #expect(try run(["validate", good, "/nonexistent/payload.json", broken]).status == 2)
    }

    @Test
    func standardInputAndJSONOutput() async throws {
        let result = try await run(
            ["validate", "--json", "-"], input: Data(#"{"aps":{"alert":"Hi"},"_":"ua-1"}"#.utf8))
        #expect(result.status == 0)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(reports.count == 1)
        #expect((reports.first?["message"] as? [String: Any])?["id"] as? String == "airship:ua-1")
    }

    @Test func chinasPushAndIMProvidersAreNamedWithTheirMessageIDs() async throws {
        let expected = [
            ("rongcloud.json", "provider: rongCloud (C7QK-3V2N-8L0D-5T4P)"),
            ("tencent-push.json", "provider: tencentPush (4293011875)"),
            ("getui.json", "provider: getui (GTA-0101_"),
            ("umeng.json", "provider: umeng (uu84603171767225600011)"),
            ("aliyun-push.json", "provider: aliyunPush (8004229324234496)"),
            ("easemob.json", "provider: easemob (373360335316321408)"),
            ("netease-im.json", "provider: netEaseIM"),
        ]
        let result = try await run(["validate"] + expected.map { Self.examples.appendingPathComponent($0.0).path })
        #expect(result.status == 0, "\(result.output)")
        for (file, line) in expected {
            #expect(result.output.contains(line), "\(file): \(result.output)")
        }
    }

    @Test func applesLiveActivityExamplesValidateAsLiveActivities() async throws {
        let files = [
            "live-activity-push-to-start.json", "live-activity-alerting-update.json", "live-activity-end.json",
        ]
        let paths = files.map { Self.examples.appendingPathComponent($0).path }
        let result = try await run(["validate", "--push-type", "liveactivity", "--json"] + paths)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aBroadcastToAChannelTakesUpdatesAndEndsOnly() async throws {
        let channels = Self.examples.appendingPathComponent("channels")
        let update = channels.appendingPathComponent("channel-update.json").path
        let start = channels.appendingPathComponent("broken-broadcast-start.json").path
        let broadcast = ["validate", "--push-type", "liveactivity", "--channel-id", "dHN1L3Rlc3Q=", "--priority", "10"]

        let clean = try await run(broadcast + [update])
        #expect(clean.status == 0)
        #expect(clean.output.contains("apns-channel-id: dHN1L3Rlc3Q= (no apns-topic)"))
        await #expect(try run(broadcast + [start]).status == 1)
        await #expect(try run(["validate", "--push-type", "liveactivity", start]).status == 0)  // fine for one device
        // Without --channel-id, --priority is a header of a push to one device.
        await #expect(try run(["validate", "--push-type", "liveactivity", "--priority", "10", update]).status == 0)
        let refused = try await run(broadcast + ["--device-token", String(repeating: "ab", count: 33), update])
        #expect(refused.status != 0)  // a broadcast has no device token
    }

    @Test(arguments: ["controls", "widgets"])
    func controlAndWidgetPushesValidateWithTheirPushType(_ type: String) async throws {
        let clean = try await run(["validate", "--push-type", type, path("\(type)/content-changed.json")])
        #expect(clean.status == 0, "\(clean.output)")
        #expect(clean.output.contains("apns-push-type: \(type) and apns-topic: <bundle-id>.push-type.\(type)"))
        let broken = type == "controls" ? "controls/broken-alert-sound-badge.json" : "widgets/broken-extra-keys.json"
        await #expect(try run(["validate", "--push-type", type, path(broken)]).status == 1)
        let json = try await run(["validate", "--json", "--push-type", type, path("\(type)/content-changed.json")])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(reports.first?["apnsTopicSuffix"] as? String == ".push-type.\(type)")
    }

    @Test func priorityOneAndASixtySixCharacterTokenAreAccepted() async throws {
        let token = "7f" + String(repeating: "0123456789abcdef", count: 4)  // 66 hexadecimal digits, 33 bytes
        let controls = [
            "validate", "--push-type", "controls", "--device-token", token, "--topic",
            "com.example.home.push-type.controls", "--priority", "1", path("controls/content-changed.json"),
        ]
        let result = try await run(controls)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("valid (0 errors, 0 warnings)"))
        await #expect(
            try run(["validate", "--priority", "1", "--device-token", token, path("apns-alert.json")]).status == 0)
        await #expect(try run(["validate", "--priority", "7", path("apns-alert.json")]).status == 1)
        await #expect(try run(["validate", "--device-token", token + "f", path("apns-alert.json")]).status == 1)
        let collapse = String(repeating: "c", count: 65)
        await #expect(try run(["validate", "--collapse-id", collapse, path("apns-alert.json")]).status == 1)
        await #expect(
            try run(["validate", "--collapse-id", String(collapse.dropLast()), path("apns-alert.json")]).status == 0)
    }

    private func path(_ name: String) -> String { Self.examples.appendingPathComponent(name).path }
}
