import Foundation
import PushBusCore
import PushBusTestSupport
import Testing

/// The de-dup identity: the provider's id, else a digest of the canonical payload that does not depend on
/// key order, on NSNumber vs Swift values, or on the path that delivered the payload.
@Suite struct IdentityTests {
    private func id(_ userInfo: [AnyHashable: Any], kind: PushMessage.Kind = .remote) -> PushMessage.ID {
        PushMessage(kind: kind, content: PushContent(userInfo: userInfo)).id
    }

    @Test func jsonSerializationAndSwiftLiteralsGiveTheSameID() throws {
        let text =
            #"{"aps":{"alert":{"title":"T","body":"B"},"badge":1,"sound":"default","content-available":1},"#
            + #""route":"app://product/1","n":2,"ratio":0.5,"flag":true,"list":[1,"a",null]}"#
        let fromJSON = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [AnyHashable: Any])
        let swifty: [AnyHashable: Any] = [
            "list": [1, "a", NSNull()], "flag": true, "ratio": 0.5, "n": 2, "route": "app://product/1",
            "aps": ["content-available": 1, "sound": "default", "badge": 1, "alert": ["body": "B", "title": "T"]],
        ]
        #expect(id(fromJSON) == id(swifty))
        #expect(PushMessage(content: PushContent(json: Data(text.utf8))).id == id(swifty))
    }

    @Test func nsNumbersAndSwiftNumbersGiveTheSameID() {
        let boxed: [AnyHashable: Any] = [
            "aps": NSDictionary(dictionary: ["badge": NSNumber(value: 3), "content-available": NSNumber(value: 1)]),
            "on": NSNumber(value: true), "x": NSNumber(value: 2.5), "big": NSNumber(value: Int64(20_266_199_577)),
        ]
        let swift: [AnyHashable: Any] = [
            "aps": ["badge": 3, "content-available": 1], "on": true, "x": 2.5, "big": 20_266_199_577,
        ]
        #expect(id(boxed) == id(swift))
    }

    @Test func integralDoublesAndIntegersAgree() {
        #expect(id(["n": 1.0]) == id(["n": 1]))
        #expect(id(["n": NSNumber(value: 1.0)]) == id(["n": 1]))
    }

    @Test(arguments: 0..<20)
    func keyOrderNeverMatters(_ seed: Int) {
        var generator = SeededRandom(seed: UInt64(seed))
        var pairs = (0..<12).map { ("key\($0)", "value\($0)") }
        pairs.shuffle(using: &generator)
        var shuffled: [AnyHashable: Any] = [:]
        for (key, value) in pairs { shuffled[key] = value }
        var ordered: [AnyHashable: Any] = [:]
        for index in 0..<12 { ordered["key\(index)"] = "value\(index)" }
        #expect(id(shuffled) == id(ordered), "\(generator)")
    }

    @Test func theIDIsStableAcrossRunsAndPlatforms() {
        // A pinned value: the digest has no per-process seed, so ids stored before a relaunch stay valid.
        #expect(id(["aps": ["alert": "Hi"]]).rawValue == "digest:63cf674d0c210aa4b05a5b9b3bab3630")
    }

    @Test func differentPayloadsGetDifferentIDs() {
        let ids: [PushMessage.ID] = [
            id(["a": "bc"]), id(["ab": "c"]), id(["a": ["b": "c"]]), id(["a": ["b", "c"]]), id(["a": 1]),
            id(["a": "1"]), id(["a": true]), id(["a": NSNull()]), id(["a": 1.5]), id([:]), id(["a": [1, 2]]),
            id(["a": [2, 1]]), id(["aps": ["badge": 1]]), id(["aps": ["badge": 2]]), id(["a": "", "b": ""]),
            id(["a": [:] as [String: Any]]), id(["a": [] as [Any]]),
        ]
        #expect(Set(ids).count == ids.count)
    }

    @Test func swappedValuesBetweenKeysDiffer() {
        #expect(id(["a": "1", "b": "2"]) != id(["a": "2", "b": "1"]))
    }

    @Test func theProviderIDWinsOverTheDigest() {
        #expect(
            id(["gcm.message_id": "abc", "aps": ["alert": "one"]])
                == id(["gcm.message_id": "abc", "aps": ["alert": "two"]]))
        #expect(id(["gcm.message_id": "abc"]).rawValue == "fcm:abc")
        #expect(id(["custom": ["i": "os-1"]]).rawValue == "oneSignal:os-1")
        #expect(id(["_": "ua-1"]).rawValue == "airship:ua-1")
    }

    @Test func receivingAndTappingAreDifferentDeliveries() {
        let userInfo: [AnyHashable: Any] = ["aps": ["alert": "x"], "route": "app://a"]
        let received = PushMessage(kind: .remote, content: PushContent(userInfo: userInfo))
        let tapped = PushMessage(kind: .remoteTapped, content: PushContent(userInfo: userInfo))
        let action = PushMessage(
            kind: .remoteTapped, content: PushContent(userInfo: userInfo),
            response: PushResponse(action: .custom("LIKE")))
        #expect(received.id == tapped.id)
        #expect(received.deduplicationKey != tapped.deduplicationKey)
        #expect(tapped.deduplicationKey != action.deduplicationKey)
        #expect(tapped.response?.action == .open)
    }

    @Test func theSameTapFromLaunchOptionsAndDidReceiveIsOneDelivery() {
        let userInfo: [AnyHashable: Any] = ["aps": ["alert": "x"], "n": 1]
        let launch = PushMessage(
            kind: .remoteTapped, content: PushContent(userInfo: userInfo), appState: .notRunning, path: .launchOptions)
        let didReceive = PushMessage(
            kind: .remoteTapped, content: PushContent(userInfo: userInfo), appState: .inactive,
            path: .didReceiveResponse, requestIdentifier: "req-1", notificationDate: Date())
        var seen = SeenDeliveries()
        let isLaunchNew = seen.record(launch.deduplicationKey, at: launch.date)
        let isDidReceiveNew = seen.record(didReceive.deduplicationKey, at: launch.date.addingTimeInterval(1))
        #expect(launch.id == didReceive.id)
        #expect(isLaunchNew && !isDidReceiveNew)
    }
}
