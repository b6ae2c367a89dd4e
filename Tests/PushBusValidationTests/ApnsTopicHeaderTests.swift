import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// `apns-topic` is the bundle id plus the push type's suffix (`.push-type.controls`, `.push-type.widgets`,
/// `.push-type.liveactivity`, `.voip`, …), and the bare bundle id for alert and background pushes.
@Suite struct ApnsTopicHeaderTests {
    static let contentChanged = Data(#"{"aps":{"content-changed":true}}"#.utf8)
    static let alert = Data(#"{"aps":{"alert":"Hi"}}"#.utf8)

    private func check(_ payload: Data, _ type: PushType, _ topic: String) -> [PayloadDiagnostic] {
        PayloadValidator.validateRequest(payload, headers: .init(pushType: type, topic: topic))
    }

    @Test func eachTypeIsSentToItsTopic() {
        #expect(check(Self.contentChanged, .controls, "com.example.home.push-type.controls") == [])
        #expect(check(Self.contentChanged, .widgets, "com.example.home.push-type.widgets") == [])
        #expect(check(Self.alert, .alert, "com.example.home") == [])
    }

    @Test func aMissingOrWrongSuffixIsAnError() {
        let bare = check(Self.contentChanged, .controls, "com.example.home")
        #expect(bare.map(\.keyPath) == ["apns-topic"])
        #expect(bare.first?.message.contains("<bundle-id>.push-type.controls") == true)
        let widgets = check(Self.contentChanged, .controls, "com.example.home.push-type.widgets")
        #expect(widgets.map(\.keyPath) == ["apns-topic"])
        #expect(check(Self.contentChanged, .widgets, ".push-type.widgets").map(\.keyPath) == ["apns-topic"])
    }

    @Test func anAlertIsNotSentToAnotherTypesTopic() {
        let found = check(Self.alert, .alert, "com.example.home.push-type.liveactivity")
        #expect(found.map(\.keyPath) == ["apns-topic"])
        #expect(found.first?.message.hasPrefix(".push-type.liveactivity is the topic of liveactivity pushes") == true)
    }
}
