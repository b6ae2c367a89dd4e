import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// Apple's documented Live Activity alerts: `title`/`body` as `{"loc-key", "loc-args"}` objects and `sound`
/// inside `alert` validate cleanly and read into the same localization fields as a regular alert.
@Suite(.timeLimit(.minutes(1))) struct LiveActivityAlertTests {
    private func load(_ name: String) throws -> Data {
        try Data(contentsOf: PayloadExamplesTests.directory.appendingPathComponent(name))
    }

    private func errors(_ text: String, _ type: PushType = .liveActivity) -> [String] {
        PayloadValidator.validate(Data(text.utf8), pushType: type).filter { $0.severity == .error }.map(\.keyPath)
    }

    private func warnings(_ text: String, _ type: PushType = .liveActivity) -> [String] {
        PayloadValidator.validate(Data(text.utf8), pushType: type).filter { $0.severity == .warning }.map(\.keyPath)
    }

    @Test(arguments: [
        "live-activity-push-to-start.json", "live-activity-alerting-update.json",
        "live-activity-update-plain-alert.json",
        "live-activity-end.json",
    ])
    func applesExamplesValidateWithoutDiagnostics(_ name: String) throws {
        let data = try load(name)
        #expect(PayloadValidator.validate(data, pushType: .liveActivity).isEmpty)
        #expect(PushContent(json: data).issues.isEmpty)
    }

    @Test func thePushToStartAlertCarriesItsLocalizationAndSound() throws {
        let content = PushContent(json: try load("live-activity-push-to-start.json"))
        #expect(content.titleLocalizationKey == "%@ is on an adventure!")
        #expect(content.titleLocalizationArguments == ["Power Panda"])
        #expect(content.bodyLocalizationKey == "%@ found a sword!")
        #expect(content.bodyLocalizationArguments == ["Power Panda"])
        #expect(content.sound == .named("chime.aiff"))
        #expect(content.title == nil && content.body == nil)
        #expect(content.isUserVisible)
        #expect(content.liveActivity?.event == "start")
        #expect(content.liveActivity?.attributesType == "AdventureAttributes")
    }

    @Test func theAlertingUpdateCarriesItsSound() throws {
        let content = PushContent(json: try load("live-activity-alerting-update.json"))
        #expect(content.titleLocalizationKey == "%@ has been knocked down!")
        #expect(content.bodyLocalizationArguments == ["Power Panda"])
        #expect(content.sound == .named("HeroDown.mp4"))
        let plain = PushContent(json: try load("live-activity-update-plain-alert.json"))
        #expect(plain.title == "Power Panda found a sword!")
        #expect(plain.sound == .default)
    }

    @Test func anEventMakesTheAlertALiveActivityAlertWhateverThePushType() throws {
        let diagnostics = PayloadValidator.validate(try load("live-activity-push-to-start.json"), pushType: .alert)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        // Only the push-type mismatch is reported.
        #expect(diagnostics.map(\.keyPath).allSatisfy { !$0.hasPrefix("aps.alert") })
    }

    @Test func apsSoundWinsOverTheAlertsSound() {
        let content = PushContent(payload: [
            "aps": ["event": "update", "timestamp": 1, "sound": "a.caf", "alert": ["body": "x", "sound": "b.caf"]]
        ])
        #expect(content.sound == .named("a.caf"))
    }

    @Test func theFlatLocalizationKeyWinsOverTheObject() {
        let content = PushContent(payload: [
            "aps": [
                "event": "update", "timestamp": 1,
                "alert": ["title": ["loc-key": "OBJECT"], "title-loc-key": "FLAT"],
            ]
        ])
        #expect(content.titleLocalizationKey == "FLAT")
    }

    @Test func outsideALiveActivityTheAlertsSoundIsReportedNotPlayed() {
        let content = PushContent(payload: ["aps": ["alert": ["body": "x", "sound": "b.caf"]]])
        #expect(content.sound == nil)
        #expect(content.issues.map(\.keyPath) == ["aps.alert.sound"])
        #expect(warnings(#"{"aps":{"alert":{"body":"x","sound":"b.caf"}}}"#, .alert) == ["aps.alert.sound"])
    }

    @Test func outsideALiveActivityALocalizableObjectIsReadAndReported() {
        let content = PushContent(payload: ["aps": ["alert": ["title": ["loc-key": "K", "loc-args": ["a"]]]]])
        #expect(content.titleLocalizationKey == "K")
        #expect(content.titleLocalizationArguments == ["a"])
        #expect(content.issues.map(\.resolution) == [.coerced])
        #expect(errors(#"{"aps":{"alert":{"title":{"loc-key":"K"}}}}"#, .alert) == ["aps.alert.title"])
    }

    @Test func aMalformedLocalizableObjectIsAnError() {
        let start = #"{"aps":{"event":"update","timestamp":1,"content-state":{},"alert":"#
        #expect(errors(start + #"{"title":{"loc-args":["a"]},"body":"b"}}}"#) == ["aps.alert.title.loc-key"])
        #expect(
            errors(start + #"{"title":"t","body":{"loc-key":"K","loc-args":"a"}}}}"#) == ["aps.alert.body.loc-args"])
        #expect(
            errors(start + #"{"title":"t","body":{"loc-key":"K","loc-args":[1]}}}}"#) == ["aps.alert.body.loc-args[0]"])
        #expect(errors(start + #"{"title":5,"body":"b"}}}"#) == ["aps.alert.title"])
        #expect(warnings(start + #"{"title":{"loc-key":"K","x":1},"body":"b"}}}"#) == ["aps.alert.title.x"])
        #expect(errors(start + #"{"title":"t","body":"b","sound":""}}}"#) == ["aps.alert.sound"])
    }

    @Test func inputPushTokenAndChannelAreDocumentedKeys() {
        let content = PushContent(payload: [
            "aps": [
                "event": "start", "timestamp": 1, "input-push-token": 1, "input-push-channel": "dHN0LXNyY2gtY2hubA==",
            ]
        ])
        #expect(content.issues.isEmpty)
    }
}
