import Foundation
import PushBusCore
import Testing

/// A provider is recognized only by its distinctive marker: generic keys (`p`, `l`, `body`, `uri`, `link`,
/// `_m`) that any app may use never make a payload a provider's.
@Suite(.timeLimit(.minutes(1))) struct ProviderMarkerTests {
    private func provider(_ payload: PushValue) -> PushProvider? {
        PushMessage(content: PushContent(payload: payload)).provider
    }

    @Test(arguments: [
        ["p": "3p", "l": "https://example.com"] as PushValue,
        ["body": ["url": "app://x", "orderId": 1]],
        ["body": "plain text"],
        ["uri": "app://x"],
        ["link": "app://x"],
        ["_m": "abc", "_od": "app://x"],
        ["_sid": "something-else", "_m": "abc"],
        ["CIO": "not an object"],
        ["itbl": 5],
        ["moengage": "yes"],
        ["com.batch": [1, 2]],
        ["experienceId": ["nested": true]],
    ])
    func genericKeysAloneArePlainAPNs(_ payload: PushValue) {
        #expect(provider(payload)?.name == .apns)
    }

    @Test func theMarkerMakesTheGenericKeysTheProvidersOwn() {
        #expect(provider(["pw_msg": "1", "p": "3p"]) == PushProvider(name: .pushwoosh, messageID: "3p"))
        #expect(provider(["body": ["_k": "k1", "url": "app://x"]]) == PushProvider(name: .klaviyo, messageID: "k1"))
        #expect(
            provider(["_sid": "SFMC", "_m": "m1"]) == PushProvider(name: .salesforceMarketingCloud, messageID: "m1"))
        #expect(provider(["scopeKey": "@a/b", "body": ["url": "app://x"]]) == PushProvider(name: .expo))
        #expect(provider(["_dId": "d1"]) == PushProvider(name: .adobe))
    }

    @Test func aServiceRelayedThroughFCMIsThatService() {
        let relayed: PushValue = [
            "gcm.message_id": "1700000000000001", "google.c.a.e": "1", "CIO-Delivery-ID": "d-1",
            "CIO": ["push": ["link": "app://orders/1"]],
        ]
        let message = PushMessage(content: PushContent(payload: relayed))
        #expect(message.provider == PushProvider(name: .customerIO, messageID: "d-1"))
        #expect(message.deepLink == URL(string: "app://orders/1"))
        // Without an id of its own, FCM's id identifies the message.
        #expect(
            provider(["gcm.message_id": "1700000000000002", "ab": ["c": "x"]])
                == PushProvider(name: .fcm, messageID: "1700000000000002"))
    }

    @Test func oneSignalButtonsInEitherSDKShape() {
        let newer = PushMessage(
            content: PushContent(payload: [
                "custom": ["i": "n-1"],
                "os_data": ["buttons": [["i": "like", "n": "Like"], ["i": "skip", "n": "Skip"]]],
            ]))
        #expect(newer.actionButtons.map(\.identifier) == ["like", "skip"])
        let older = PushMessage(
            content: PushContent(payload: [
                "custom": ["i": "n-2", "a": ["actionButtons": [["id": "reply", "text": "Reply"]]]]
            ]))
        #expect(older.actionButtons == [PushProvider.Button(identifier: "reply", title: "Reply")])
    }

    @Test func providersSentAsJSONTextAreRead() {
        #expect(
            provider(["itbl": #"{"messageId":"m-7","defaultAction":{"type":"openUrl","data":"https://x.example"}}"#])
                == PushProvider(name: .iterable, messageID: "m-7"))
        let message = PushMessage(content: PushContent(payload: ["com.batch": #"{"i":"b-1","l":"app://a"}"#]))
        #expect(message.provider == PushProvider(name: .batch, messageID: "b-1"))
        #expect(message.deepLink == URL(string: "app://a"))
    }

    @Test func aNumericMessageIDIsItsDecimalText() {
        #expect(
            provider(["_lpm": 5_754_248_118_747_136]) == PushProvider(name: .leanplum, messageID: "5754248118747136"))
        #expect(provider(["itbl": ["messageId": 42]])?.messageID == "42")
    }

    @Test func iterableLinksOnlyOpenURLActions() {
        let custom = PushMessage(
            content: PushContent(payload: ["itbl": ["defaultAction": ["type": "showCart", "data": "app://nope"]]]))
        #expect(custom.provider?.name == .iterable)
        #expect(custom.deepLink == nil)
    }

    @Test func everyRuleHasADistinctNameAndFitsTheMarkerMask() {
        let names = PushProviderTable.rules.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.count <= 64)
        #expect(!names.contains(.apns))
    }
}
