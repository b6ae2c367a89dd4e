import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// The strict sender-side rules.
@Suite struct ValidatorTests {
    private func check(_ text: String, _ type: PushType = .alert) -> [PayloadDiagnostic] {
        PayloadValidator.validate(Data(text.utf8), pushType: type)
    }

    private func errors(_ text: String, _ type: PushType = .alert) -> [String] {
        check(text, type).filter { $0.severity == .error }.map(\.keyPath)
    }

    private func warnings(_ text: String, _ type: PushType = .alert) -> [String] {
        check(text, type).filter { $0.severity == .warning }.map(\.keyPath)
    }

    @Test func aWellFormedAlertIsClean() {
        let text =
            #"{"aps":{"alert":{"title":"T","body":"B"},"badge":1,"sound":"default","thread-id":"t","#
            + #""category":"C","interruption-level":"active","relevance-score":0.5},"route":"app://x"}"#
        #expect(check(text).isEmpty)
    }

    @Test func aSilentPushIsCleanAsBackground() {
        #expect(check(#"{"aps":{"content-available":1},"sync":true}"#, .background).isEmpty)
    }

    @Test(arguments: ["", "not json", "[1,2]", "\"text\"", "{\"aps\":{}", "{\"a\":1,}"])
    func whatIsNotAJSONObjectIsAnError(_ text: String) {
        #expect(errors(text) == [""])
    }

    @Test func parseErrorsSayWhere() {
        let message = check("{\n\"aps\": {\"alert\": \"x\" \"badge\": 1}\n}").first?.message ?? ""
        #expect(message.contains("line 2"))
    }

    @Test func invalidUTF8IsAnError() {
        var bytes = Array(#"{"aps":{"alert":"caf"#.utf8)
        bytes.append(0xE9)
        bytes += Array(#""}}"#.utf8)
        #expect(PayloadValidator.validate(Data(bytes)).contains { $0.severity == .error && $0.keyPath == "aps.alert" })
    }

    @Test func duplicateKeysAreAnError() {
        #expect(errors(#"{"aps":{"badge":1,"badge":2}}"#) == ["aps.badge"])
    }

    @Test func sizeLimitsDependOnThePushType() {
        let body = String(repeating: "x", count: 4500)
        let text = #"{"aps":{"alert":""# + body + #""}}"#
        #expect(errors(text, .alert) == [""])
        #expect(errors(text, .background).contains(""))
        #expect(errors(text, .voip).isEmpty)
        let exactly4096 = #"{"aps":{"alert":""# + String(repeating: "y", count: 4096 - 20) + #""}}"#
        #expect(exactly4096.utf8.count == 4096)
        #expect(errors(exactly4096, .alert).isEmpty)
        let tooBigForVoIP = #"{"aps":{"alert":""# + String(repeating: "z", count: 5200) + #""}}"#
        #expect(errors(tooBigForVoIP, .voip) == [""])
    }

    @Test func apsMustBePresentAndAnObject() {
        #expect(errors(#"{"route":"app://x"}"#) == ["aps"])
        #expect(errors(#"{"aps":["alert"]}"#) == ["aps"])
        #expect(errors(#"{"aps":"hi"}"#) == ["aps"])
        #expect(errors(#"{"caller":"Ada"}"#, .voip).isEmpty, "VoIP payloads need no aps")
    }

    @Test func keyTypesAreChecked() {
        let text =
            #"{"aps":{"alert":{"title":1,"loc-args":"x","loc-key":"K"},"badge":"3","sound":5,"#
            + #""thread-id":2,"category":[],"target-content-id":{},"filter-criteria":false}}"#
        #expect(
            Set(errors(text)) == [
                "aps.alert.title", "aps.alert.loc-args", "aps.badge", "aps.sound", "aps.thread-id", "aps.category",
                "aps.target-content-id", "aps.filter-criteria",
            ])
    }

    @Test func locArgsElementsMustBeStrings() {
        #expect(errors(#"{"aps":{"alert":{"loc-key":"K","loc-args":["a",2]}}}"#) == ["aps.alert.loc-args[1]"])
        #expect(warnings(#"{"aps":{"alert":{"loc-args":["a"]}}}"#) == ["aps.alert.loc-args"])
    }

    @Test func negativeOrFractionalBadgesAreErrors() {
        #expect(errors(#"{"aps":{"badge":-1}}"#) == ["aps.badge"])
        #expect(errors(#"{"aps":{"badge":1.5}}"#) == ["aps.badge"])
    }

    @Test func contentAvailableWithAlertSoundOrBadgeIsLegalExceptForTheBackgroundType() {
        for visible in [#""alert":"x""#, #""sound":"default""#, #""badge":1"#] {
            let text = #"{"aps":{"content-available":1,"# + visible + "}}"
            #expect(warnings(text).isEmpty)
            #expect(errors(text).isEmpty)
            #expect(errors(text, .background).contains("aps.content-available"))
        }
    }

    @Test func aBackgroundPushNeedsContentAvailable() {
        #expect(errors(#"{"aps":{},"sync":1}"#, .background) == ["aps.content-available"])
    }

    @Test func flagsMustBeTheNumberOne() {
        #expect(errors(#"{"aps":{"content-available":true}}"#).contains("aps.content-available"))
        #expect(errors(#"{"aps":{"alert":"x","mutable-content":"1"}}"#) == ["aps.mutable-content"])
        #expect(warnings(#"{"aps":{"alert":"x","mutable-content":0}}"#) == ["aps.mutable-content"])
    }

    @Test func mutableContentWithoutAnAlertIsWarned() {
        #expect(warnings(#"{"aps":{"content-available":1,"mutable-content":1}}"#) == ["aps.mutable-content"])
    }

    @Test func unknownKeysAreWarned() {
        #expect(warnings(#"{"aps":{"alert":{"body":"x","titel":"y"},"bagde":1}}"#) == ["aps.bagde", "aps.alert.titel"])
    }

    @Test func interruptionLevelMustBeOneOfFour() {
        for level in InterruptionLevel.allCases {
            #expect(errors(#"{"aps":{"alert":"x","interruption-level":""# + level.rawValue + #""}}"#).isEmpty)
        }
        #expect(errors(#"{"aps":{"alert":"x","interruption-level":"urgent"}}"#) == ["aps.interruption-level"])
        #expect(errors(#"{"aps":{"alert":"x","interruption-level":"timeSensitive"}}"#) == ["aps.interruption-level"])
    }

    @Test func relevanceScoreMustBeWithinZeroAndOne() {
        #expect(errors(#"{"aps":{"alert":"x","relevance-score":0}}"#).isEmpty)
        #expect(errors(#"{"aps":{"alert":"x","relevance-score":1}}"#).isEmpty)
        #expect(errors(#"{"aps":{"alert":"x","relevance-score":1.01}}"#) == ["aps.relevance-score"])
        #expect(errors(#"{"aps":{"alert":"x","relevance-score":-0.1}}"#) == ["aps.relevance-score"])
        #expect(errors(#"{"aps":{"alert":"x","relevance-score":"0.5"}}"#) == ["aps.relevance-score"])
    }

    @Test func criticalSoundIsChecked() {
        #expect(errors(#"{"aps":{"alert":"x","sound":{"critical":1,"name":"a.caf","volume":0.5}}}"#).isEmpty)
        #expect(
            errors(#"{"aps":{"alert":"x","sound":{"critical":1,"name":"a.caf","volume":1.5}}}"#) == ["aps.sound.volume"]
        )
        #expect(errors(#"{"aps":{"alert":"x","sound":{"critical":1,"volume":0.5}}}"#) == ["aps.sound.name"])
        #expect(errors(#"{"aps":{"alert":"x","sound":{"critical":true,"name":"a"}}}"#) == ["aps.sound.critical"])
        #expect(errors(#"{"aps":{"alert":"x","sound":""}}"#) == ["aps.sound"])
    }

    @Test func liveActivityKeysAreChecked() {
        let update = #"{"aps":{"event":"update","timestamp":1700000000,"content-state":{"a":1},"relevance-score":100}}"#
        #expect(check(update, .liveActivity).isEmpty)
        #expect(warnings(update, .alert) == ["aps.event"])
        #expect(errors(#"{"aps":{"event":"pause","timestamp":1}}"#, .liveActivity) == ["aps.event"])
        #expect(errors(#"{"aps":{"event":"update"}}"#, .liveActivity) == ["aps.timestamp", "aps.content-state"])
        #expect(
            errors(#"{"aps":{"event":"start","timestamp":1,"content-state":{}}}"#, .liveActivity)
                == ["aps.attributes-type", "aps.attributes", "aps.alert"])
        #expect(errors(#"{"aps":{"event":"end","timestamp":"soon"}}"#, .liveActivity) == ["aps.timestamp"])
        #expect(
            errors(#"{"aps":{"event":"update","timestamp":1,"content-state":[1]}}"#, .liveActivity) == [
                "aps.content-state"
            ])
    }

    @Test func anAlertPushWithNothingToShowIsWarned() {
        #expect(warnings(#"{"aps":{}}"#) == ["aps"])
    }

    @Test func errorsComeBeforeWarnings() {
        let diagnostics = check(#"{"aps":{"bagde":1,"badge":"x"}}"#)
        #expect(diagnostics.map(\.severity) == [.error, .warning])
        #expect(diagnostics.allSatisfy { !$0.message.isEmpty })
    }

    @Test func aPushValueCanBeValidatedDirectly() {
        #expect(PayloadValidator.validate(["aps": ["alert": "x"]] as PushValue).isEmpty)
        #expect(PayloadValidator.validate(["aps": ["badge": "x"]] as PushValue).map(\.keyPath) == ["aps.badge"])
    }
}
