import Foundation
import PushBusCore
import Testing

/// Each provider is recognized from the keys its SDK adds, with its message id.
@Suite struct ProviderRecognitionTests {
    private func message(_ userInfo: [AnyHashable: Any]) -> PushMessage {
        PushMessage(content: PushContent(userInfo: userInfo))
    }

    private func json(_ text: String) throws -> [AnyHashable: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [AnyHashable: Any])
    }

    @Test func plainAPNsHasNoMessageID() {
        let provider = message(["aps": ["alert": "Hi"]]).provider
        #expect(provider == PushProvider(name: .apns))
    }

    @Test func fcmIsRecognizedByItsMessageID() throws {
        let userInfo = try json(
            #"{"aps":{"alert":"Sale"},"gcm.message_id":"1700000000123456","google.c.a.e":"1","google.c.sender.id":"123"}"#
        )
        let message = message(userInfo)
        #expect(message.provider == PushProvider(name: .fcm, messageID: "1700000000123456"))
        #expect(message.id.rawValue == "fcm:1700000000123456")
    }

    @Test func fcmWithoutAMessageIDIsStillFCM() {
        #expect(message(["aps": ["alert": "x"], "google.c.a.e": "1"]).provider?.name == .fcm)
        #expect(message(["fcm_options": ["image": "https://x/y.png"]]).provider?.name == .fcm)
    }

    @Test func jpushMessageIDIsANumberReportedInDecimal() throws {
        let userInfo = try json(#"{"aps":{"alert":"Hi"},"_j_msgid":20266199577,"_j_business":1,"_j_uid":11882904311}"#)
        #expect(message(userInfo).provider == PushProvider(name: .jpush, messageID: "20266199577"))
        #expect(message(userInfo).id.rawValue == "jpush:20266199577")
    }

    @Test func jpushMessageIDAsADoubleOrStringReadsTheSame() {
        #expect(message(["_j_msgid": 20_266_199_577.0]).provider?.messageID == "20266199577")
        #expect(message(["_j_msgid": "20266199577"]).provider?.messageID == "20266199577")
        #expect(message(["_j_msgid": NSNumber(value: Int64(20_266_199_577))]).provider?.messageID == "20266199577")
    }

    @Test func jpushWithOnlyItsDataKeyIsJPush() {
        #expect(message(["_j_data_": "{\"a\":1}"]).provider == PushProvider(name: .jpush))
    }

    @Test func oneSignalCustomDictionary() {
        let message = message([
            "aps": ["alert": "Hi"], "custom": ["i": "a1b2-c3", "u": "app://cart", "a": ["cart": 1]],
        ])
        #expect(message.provider == PushProvider(name: .oneSignal, messageID: "a1b2-c3"))
        #expect(message.deepLink == URL(string: "app://cart"))
    }

    @Test func oneSignalCustomSentAsJSONText() {
        let message = message(["aps": ["alert": "Hi"], "custom": #"{"i":"f00-ba4","u":"app://order/7"}"#])
        #expect(message.provider == PushProvider(name: .oneSignal, messageID: "f00-ba4"))
        #expect(message.deepLink == URL(string: "app://order/7"))
    }

    @Test func oneSignalNewerOSData() {
        let message = message(["aps": ["alert": "Hi"], "os_data": ["i": "7c6b", "u": "app://digest"]])
        #expect(message.provider == PushProvider(name: .oneSignal, messageID: "7c6b"))
        #expect(message.deepLink == URL(string: "app://digest"))
    }

    @Test func aCustomKeyThatIsNotOneSignalsIsPlainData() {
        #expect(message(["custom": "hello"]).provider?.name == .apns)
        #expect(message(["custom": ["color": "red"]]).provider?.name == .apns)
    }

    @Test func airshipUnderscoreIsTheMessageID() {
        let message = message([
            "aps": ["alert": "Hi"], "_": "0b4c5e2a", "^d": "app://reservations/R-77",
            "com.urbanairship.metadata": "eyJ2IjoxfQ==",
        ])
        #expect(message.provider == PushProvider(name: .airship, messageID: "0b4c5e2a"))
        #expect(message.deepLink == URL(string: "app://reservations/R-77"))
    }

    @Test func airshipMetadataAloneIsAirship() {
        #expect(message(["com.urbanairship.metadata": "x"]).provider == PushProvider(name: .airship))
    }

    @Test func brazeHasNoMessageIDSoTheDigestIdentifiesIt() {
        let message = message(["aps": ["alert": "Hi"], "ab": ["c": "dGhp"], "ab_uri": "app://offers/winback"])
        #expect(message.provider == PushProvider(name: .braze))
        #expect(message.id.rawValue.hasPrefix("digest:"))
        #expect(message.deepLink == URL(string: "app://offers/winback"))
    }

    @Test func aProviderWithAMessageIDWinsOverOneWithout() {
        let provider = message(["ab": ["c": "x"], "_j_msgid": 5]).provider
        #expect(provider == PushProvider(name: .jpush, messageID: "5"))
    }

    @Test func anEmptyMessageIDFallsBackToTheDigest() {
        let message = message(["gcm.message_id": ""])
        #expect(message.provider == PushProvider(name: .fcm))
        #expect(message.id.rawValue.hasPrefix("digest:"))
    }

    @Test func localNotificationsHaveNoProvider() {
        let message = PushMessage(kind: .local, content: PushContent(title: "T", userInfo: ["gcm.message_id": "1"]))
        #expect(message.provider == nil)
        #expect(message.id.rawValue.hasPrefix("digest:"))
    }
}
