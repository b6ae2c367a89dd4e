import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// Control pushes (iOS 18, `apns-push-type: controls`): the payload is `{"aps":{"content-changed":true}}` and nothing
/// else, sent to `<bundle-id>.push-type.controls`; the fixtures in Examples/payloads/controls pass or fail as Apple
/// documents ("Updating controls locally and remotely").
@Suite struct ControlPushPayloadTests {
    func diagnostics(_ file: String, _ type: PushType = .controls) throws -> [PayloadDiagnostic] {
        let url = ChannelAndWidgetPayloadTests.root.appendingPathComponent(file)
        return PayloadValidator.validate(try Data(contentsOf: url), pushType: type)
    }

    @Test func contentChangedTrueIsTheWholePayload() throws {
        #expect(try diagnostics("controls/content-changed.json") == [])
        #expect(PushType.controls.rawValue == "controls")
        #expect(
            PushType.controls.apnsTopic(bundleIdentifier: "com.example.app") == "com.example.app.push-type.controls")
        #expect(PushType.all.contains(.controls))
        #expect(PushType(rawValue: "controls") == .controls)
    }

    @Test func anAlertSoundOrBadgeIsAnError() throws {
        let found = try diagnostics("controls/broken-alert-sound-badge.json")
        #expect(found.map(\.keyPath) == ["aps.alert", "aps.badge", "aps.sound"])
        #expect(found.allSatisfy { $0.severity == .error && $0.message.contains("shows nothing") })
    }

    @Test func contentChangedMustBeTrueAndCustomDataIsRefused() throws {
        let found = try diagnostics("controls/broken-content-changed-false.json")
        #expect(found.map(\.keyPath) == ["door", "aps.content-changed"])
        #expect(found.last?.message == "expected true, found the Boolean false")
        let missing = PayloadValidator.validate(Data(#"{"aps":{}}"#.utf8), pushType: .controls)
        #expect(missing.map(\.message) == [#"a controls push needs "content-changed": true"#])
        let noAPS = PayloadValidator.validate(Data(#"{"x":1}"#.utf8), pushType: .controls)
        #expect(noAPS.map(\.keyPath) == ["x", "aps"])
    }

    /// The request of Docs/Validation.md, "Request headers": a control token (any even number of hex digits), the
    /// controls topic and priority 5.
    @Test func theDocumentedRequestIsClean() throws {
        let token = "7f" + String(repeating: "0123456789abcdef", count: 4)
        let payload = try Data(
            contentsOf: ChannelAndWidgetPayloadTests.root.appendingPathComponent("controls/content-changed.json"))
        let headers = PayloadValidator.RequestHeaders(
            deviceToken: token, pushType: .controls, topic: "com.example.home.push-type.controls", priority: 5)
        let errors = PayloadValidator.validateRequest(payload, headers: headers).filter { $0.severity == .error }
        #expect(errors.isEmpty)
        #expect(PayloadValidator.validateRequest(payload, headers: headers) == [])
    }

    @Test func theSamePayloadIsNotAControlPushUnderAnotherType() throws {
        // content-changed is a WidgetKit key: an alert push carrying it shows nothing and reloads nothing.
        let asAlert = try diagnostics("controls/content-changed.json", .alert)
        #expect(asAlert.map(\.severity).contains(.warning))
    }
}
