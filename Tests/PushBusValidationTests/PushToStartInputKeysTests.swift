import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// A push-to-start (iOS 18) can ask for the new activity's update token (`"input-push-token": 1`) or subscribe it to
/// a broadcast channel (`"input-push-channel": "<base64 channel id>"`): each key has one type and value, and both
/// belong only to `event: start` of a `liveactivity` push ("Starting and updating Live Activities with ActivityKit
/// push notifications").
@Suite struct PushToStartInputKeysTests {
    private func start(_ inputs: String, event: String = "start", type: PushType = .liveActivity)
        -> [PayloadDiagnostic]
    {
        let json = """
            {"aps": {"timestamp": 1700000000, "event": "\(event)", "content-state": {"score": 0},
                     "attributes-type": "MatchAttributes", "attributes": {"home": "Lyon"},
                     "alert": {"title": "Kick-off", "body": "Lyon – Nantes"}, \(inputs)}}
            """
        return PayloadValidator.validate(Data(json.utf8), pushType: type)
    }

    @Test(arguments: [#""input-push-token": 1"#, #""input-push-channel": "bWF0Y2gtMTAyOQ==""#])
    func eachKeyIsCleanOnAStart(_ inputs: String) {
        #expect(start(inputs) == [])
    }

    @Test(arguments: [
        (#""input-push-token": "1""#, #"expected 1, found the string "1""#),
        (#""input-push-token": true"#, "expected 1, found the Boolean true"),
        (#""input-push-token": 0"#, "expected 1, found the number 0"),
        (#""input-push-token": 2"#, "expected 1, found the number 2"),
    ])
    func inputPushTokenIsTheNumberOne(_ inputs: String, _ message: String) {
        let found = start(inputs)
        #expect(found.map(\.keyPath) == ["aps.input-push-token"])
        #expect(found.first?.message == message)
        #expect(found.first?.severity == .error)
    }

    @Test(arguments: [
        #""input-push-channel": 1029"#, #""input-push-channel": """#, #""input-push-channel": "not base64!""#,
        #""input-push-channel": "bWF0Y2gtMTAyOQ""#, #""input-push-channel": ["bWF0Y2gtMTAyOQ=="]"#,
    ])
    func inputPushChannelIsABase64ChannelID(_ inputs: String) {
        let found = start(inputs)
        #expect(found.map(\.keyPath) == ["aps.input-push-channel"])
        #expect(found.first?.message.hasPrefix("expected a channel id (a base64 string)") == true)
    }

    @Test(arguments: ["update", "end"])
    func theyBelongOnlyToAStart(_ event: String) {
        let found = start(#""input-push-token": 1, "input-push-channel": "bWF0Y2gtMTAyOQ==""#, event: event)
        let inputs = found.filter { $0.keyPath.hasPrefix("aps.input-push-") }
        #expect(inputs.filter { $0.message.hasPrefix("only a push-to-start (event start)") }.count == 2)
    }

    @Test func notBothInOneStart() {
        let found = start(#""input-push-token": 1, "input-push-channel": "bWF0Y2gtMTAyOQ==""#)
        #expect(found.map(\.keyPath) == ["aps.input-push-channel"])
        #expect(found.first?.message.contains("not both") == true)
    }

    @Test func outsideALiveActivityPushTheyAreWarned() {
        let json = #"{"aps": {"alert": "Hi", "input-push-token": 1, "input-push-channel": "bWF0Y2gtMTAyOQ=="}}"#
        let found = PayloadValidator.validate(Data(json.utf8), pushType: .alert)
        #expect(found.map(\.keyPath) == ["aps.input-push-token", "aps.input-push-channel"])
        #expect(found.allSatisfy { $0.severity == .warning && $0.message.contains("push-to-start") })
    }

    @Test(arguments: [
        "channels/broken-push-to-start-token-string.json", "channels/broken-push-to-start-channel-number.json",
    ])
    func theBrokenFixturesFailOnTheirInputKey(_ file: String) throws {
        let url = ChannelAndWidgetPayloadTests.root.appendingPathComponent(file)
        let found = PayloadValidator.validate(try Data(contentsOf: url), pushType: .liveActivity)
        #expect(found.count == 1)
        #expect(found.first?.severity == .error)
        #expect(found.first?.keyPath.hasPrefix("aps.input-push-") == true)
    }
}
