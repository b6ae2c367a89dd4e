import Foundation
import PushBusCore
import Testing

/// China's push and IM services are recognized by their own keys only: the single letters Umeng and Easemob use
/// (`d`, `p`, `f`, `t`, `m`) and a non-RongCloud `rc` stay plain data.
@Suite(.timeLimit(.minutes(1))) struct ChinaProviderMarkerTests {
    private func provider(_ payload: PushValue) -> PushProvider? {
        PushMessage(content: PushContent(payload: payload)).provider
    }

    @Test(arguments: [
        ["d": "some text"] as PushValue,
        ["d": "uu1", "p": "page"],
        ["p": 0],
        ["m": "hello"],
        ["f": "a", "t": "b"],
        ["m": "1", "f": "", "t": "b"],
        ["rc": "remote control"],
        ["rc": ["volume": 3]],
        ["xg": 1],
        ["nim": 0],
        ["nim": "yes"],
    ])
    func everydayKeysAloneArePlainAPNs(_ payload: PushValue) {
        #expect(provider(payload)?.name == .apns)
    }

    @Test func eachServiceIsRecognizedWithItsMessageID() {
        #expect(
            provider(["rc": ["cType": "GRP", "fId": "u1", "tId": "g1", "id": "UID-1"]])
                == PushProvider(name: .rongCloud, messageID: "UID-1"))
        #expect(provider(["rc": ["cType": "PR", "fId": "u1"]]) == PushProvider(name: .rongCloud))
        #expect(provider(["xg": ["msgtype": 1, "msgid": 42]]) == PushProvider(name: .tencentPush, messageID: "42"))
        #expect(provider(["_ge_": "1", "_gmid_": "t:m"]) == PushProvider(name: .getui, messageID: "t:m"))
        #expect(provider(["d": "us1", "p": 0]) == PushProvider(name: .umeng, messageID: "us1"))
        #expect(
            provider(["_ALIYUN_NOTIFICATION_ID_": "7", "_ALIYUN_NOTIFICATION_MSG_ID_": "800"])
                == PushProvider(name: .aliyunPush, messageID: "800"))
        #expect(provider(["_ALIYUN_NOTIFICATION_ID_": "7"]) == PushProvider(name: .aliyunPush))
        #expect(
            provider(["f": "6001", "t": "6006", "m": 373_360_335])
                == PushProvider(name: .easemob, messageID: "373360335"))
        #expect(provider(["em_apns_ext": ["k": "v"]]) == PushProvider(name: .easemob))
        #expect(provider(["nim": "1"]) == PushProvider(name: .netEaseIM))
    }

    @Test func objectsSentAsJSONTextAreRead() {
        #expect(
            provider(["rc": #"{"cType":"PR","fId":"u1","id":"UID-2"}"#])
                == PushProvider(name: .rongCloud, messageID: "UID-2"))
        #expect(provider(["xg": #"{"msgid":"77"}"#]) == PushProvider(name: .tencentPush, messageID: "77"))
    }

    @Test func theMessageIDIdentifiesTheMessage() {
        let message = PushMessage(
            content: PushContent(payload: ["aps": ["alert": "Hi"], "f": "a", "t": "b", "m": "9"]))
        #expect(message.id.rawValue == "easemob:9")
        let netEase = PushMessage(content: PushContent(payload: ["aps": ["alert": "Hi"], "nim": 1]))
        #expect(netEase.id.rawValue.hasPrefix("digest:"))
    }
}
