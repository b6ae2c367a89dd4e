import Foundation
import Testing

@testable import PushBus
@testable import PushBusCategories
@testable import PushBusContentExtensionKit
@testable import PushBusCore
@testable import PushBusDelivery
@testable import PushBusHub
@testable import PushBusLiveActivity
@testable import PushBusServiceExtension
@testable import PushBusStorage
@testable import PushBusValidation

/// A malformed payload as iOS could hand it over.
struct MalformedPayload: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () -> [AnyHashable: Any]
    var testDescription: String { name }

    init(_ name: String, _ make: @escaping @Sendable () -> [AnyHashable: Any]) {
        self.name = name
        self.make = make
    }
}

/// Bad payloads never crash: each still becomes a message, and each says what was wrong.
@Suite struct MalformedPayloadTests {
    static let userInfoCases: [MalformedPayload] = [
        MalformedPayload("empty payload") { [:] },
        MalformedPayload("aps is a string") { ["aps": "alert"] },
        MalformedPayload("aps is an array") { ["aps": ["alert", "badge"]] },
        MalformedPayload("aps is a number") { ["aps": 1] },
        MalformedPayload("aps is NSNull") { ["aps": NSNull()] },
        MalformedPayload("alert is an array") { ["aps": ["alert": ["a", "b"]]] },
        MalformedPayload("alert is nested garbage") { ["aps": ["alert": [[[[]]]]]] },
        MalformedPayload("alert title is an object") { ["aps": ["alert": ["title": ["x": 1]]]] },
        MalformedPayload("alert body is an array") { ["aps": ["alert": ["body": [1, 2]]]] },
        MalformedPayload("loc-args is an object") { ["aps": ["alert": ["loc-key": "K", "loc-args": ["a": 1]]]] },
        MalformedPayload("loc-args holds objects") {
            ["aps": ["alert": ["loc-key": "K", "loc-args": [["x": 1], [2]]]]]
        },
        MalformedPayload("badge is a word") { ["aps": ["badge": "three"]] },
        MalformedPayload("badge is fractional") { ["aps": ["badge": 2.5]] },
        MalformedPayload("badge is negative") { ["aps": ["badge": -4]] },
        MalformedPayload("badge is a Boolean") { ["aps": ["badge": true]] },
        MalformedPayload("badge is an object") { ["aps": ["badge": ["count": 1]]] },
        MalformedPayload("sound is a number") { ["aps": ["sound": 1]] },
        MalformedPayload("sound is an array") { ["aps": ["sound": ["default"]]] },
        MalformedPayload("sound volume is a word") {
            ["aps": ["sound": ["critical": 1, "name": "a", "volume": "loud"]]]
        },
        MalformedPayload("critical volume out of range") {
            ["aps": ["sound": ["critical": 1, "name": "a", "volume": 7]]]
        },
        MalformedPayload("content-available is a word") { ["aps": ["content-available": "please"]] },
        MalformedPayload("content-available is an object") { ["aps": ["content-available": ["on": 1]]] },
        MalformedPayload("mutable-content is a Boolean") { ["aps": ["alert": "x", "mutable-content": true]] },
        MalformedPayload("thread-id is an array") { ["aps": ["thread-id": ["a"]]] },
        MalformedPayload("category is an object") { ["aps": ["category": ["id": "C"]]] },
        MalformedPayload("target-content-id is null-ish garbage") { ["aps": ["target-content-id": [NSNull()]]] },
        MalformedPayload("interruption-level is unknown") { ["aps": ["interruption-level": "URGENT!"]] },
        MalformedPayload("interruption-level is a number") { ["aps": ["interruption-level": 3]] },
        MalformedPayload("relevance-score is too high") { ["aps": ["relevance-score": 5]] },
        MalformedPayload("relevance-score is a word") { ["aps": ["relevance-score": "high"]] },
        MalformedPayload("filter-criteria is an array") { ["aps": ["filter-criteria": ["work"]]] },
        MalformedPayload("timestamp is a word") { ["aps": ["event": "update", "timestamp": "yesterday"]] },
        MalformedPayload("event is a number") { ["aps": ["event": 42, "timestamp": 1]] },
        MalformedPayload("content-state is a string") { ["aps": ["event": "update", "content-state": "{}"]] },
        MalformedPayload("stale-date is an array") { ["aps": ["stale-date": [1]]] },
        MalformedPayload("dismissal-date is a Boolean") { ["aps": ["dismissal-date": false]] },
        MalformedPayload("attributes is an array") { ["aps": ["event": "start", "attributes": [1]]] },
        MalformedPayload("unknown aps key") { ["aps": ["alert": "x", "bagde": 1]] },
        MalformedPayload("non-string keys") { [1: "one", "aps": ["alert": "x"], 2.5: true] },
        MalformedPayload("an object with no JSON meaning") { ["aps": ["alert": "x"], "handler": NSObject()] },
        MalformedPayload("NaN and infinity") { ["aps": ["relevance-score": Double.nan], "x": Double.infinity] },
        MalformedPayload("a Date and Data") { ["aps": ["alert": "x"], "when": Date(), "blob": Data([0xFF, 0x00])] },
        MalformedPayload("an unsigned value beyond Int") { ["aps": ["badge": NSNumber(value: UInt64.max)]] },
        MalformedPayload("deeply nested custom data") {
            var value: Any = "leaf"
            for _ in 0..<500 { value = ["next": value] as [String: Any] }
            return ["aps": ["alert": "x"], "deep": value]
        },
        MalformedPayload("deeply nested arrays in aps") {
            var value: Any = 1
            for _ in 0..<500 { value = [value] }
            return ["aps": ["alert": value]]
        },
        MalformedPayload("huge payload") {
            var custom: [String: Any] = [:]
            for index in 0..<20_000 { custom["key\(index)"] = String(repeating: "v", count: 20) }
            return ["aps": ["alert": ["body": Array(repeating: "x", count: 10_000)]], "custom": custom]
        },
        MalformedPayload("a huge string where a number belongs") {
            ["aps": ["badge": String(repeating: "9", count: 100_000)]]
        },
        MalformedPayload("strings with lone surrogates and NUL") {
            [
                "aps": [
                    "alert": ["title": String(decoding: [0xED, 0xA0, 0x80], as: UTF8.self), "body": "a\u{0}b"],
                    "badge": "x",
                ]
            ]
        },
    ]

    @Test(arguments: userInfoCases)
    func userInfoNeverCrashesAndAlwaysExplains(_ payload: MalformedPayload) {
        let content = PushContent(userInfo: payload.make())
        #expect(!content.issues.isEmpty)
        for kind in PushMessage.Kind.allCases {
            let message = PushMessage(kind: kind, content: content)
            #expect(!message.id.rawValue.isEmpty)
        }
    }

    static let byteCases: [(String, [UInt8])] = [
        ("empty bytes", []),
        ("whitespace only", Array("  \n".utf8)),
        ("truncated object", Array(#"{"aps":{"alert":"x""#.utf8)),
        ("top-level array", Array(#"[{"aps":{}}]"#.utf8)),
        ("top-level string", Array(#""aps""#.utf8)),
        ("invalid UTF-8 in a string", Array(#"{"aps":{"alert":""#.utf8) + [0xC3, 0x28, 0xFF] + Array(#""}}"#.utf8)),
        ("invalid UTF-8 in a key", Array(#"{""#.utf8) + [0xFE] + Array(#"":1}"#.utf8)),
        ("lone surrogate escape", Array(#"{"aps":{"alert":"\udc00"}}"#.utf8)),
        ("byte order mark", [0xEF, 0xBB, 0xBF] + Array(#"{"aps":{"alert":"x"}}"#.utf8)),
        ("duplicate keys", Array(#"{"aps":{"alert":"a","alert":"b"}}"#.utf8)),
        ("number out of range", Array(#"{"aps":{"badge":1e999}}"#.utf8)),
        ("deep nesting", Array((String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)).utf8)),
        ("unclosed deep nesting", Array(String(repeating: "{\"a\":", count: 20_000).utf8)),
        ("binary garbage", (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }),
    ]

    @Test(arguments: byteCases)
    func bytesNeverCrashAndAlwaysExplain(_ name: String, _ bytes: [UInt8]) {
        let content = PushContent(json: Data(bytes))
        #expect(!content.issues.isEmpty, "\(name)")
        #expect(!PushMessage(content: content).id.rawValue.isEmpty)
        #expect(!PayloadValidator.validate(Data(bytes)).isEmpty, "\(name)")
    }

    @Test func allMalformedCasesAddUpToAtLeastThirty() {
        #expect(Self.userInfoCases.count + Self.byteCases.count >= 30)
    }
}
