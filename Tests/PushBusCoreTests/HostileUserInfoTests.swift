import Foundation
import PushBusCore
import PushBusTestSupport
import Testing

/// `PushContent(userInfo:)` reads hostile Foundation shapes without crashing and within bounds: cycles are found
/// by identity, the depth cap applies before anything deeper is touched, and shared nodes cannot multiply.
@Suite struct FoundationCycleTests {
    @Test func selfReferencingArrayIsReadAsACycleNotFollowed() {
        let array = NSMutableArray()
        array.add("first")
        array.add(array)
        let content = PushContent(userInfo: ["list": array])
        #expect(content.customData["list"] == ["first", nil])
        #expect(content.issues.contains { $0.keyPath == "list[1]" && $0.message.contains("cycle") })
    }

    @Test func selfReferencingDictionaryIsReadAsACycleNotFollowed() {
        let dictionary = NSMutableDictionary()
        dictionary["name"] = "loop"
        dictionary["again"] = dictionary
        let content = PushContent(userInfo: ["node": dictionary])
        #expect(content.customData["node"] == ["name": "loop", "again": nil])
        #expect(content.issues.contains { $0.keyPath == "node.again" && $0.message.contains("cycle") })
    }

    @Test func aCycleThroughSwiftContainersIsFoundToo() {
        let array = NSMutableArray()
        array.add(["inner": array] as [String: Any])
        let content = PushContent(userInfo: ["list": array])
        #expect(content.customData["list"] == [["inner": nil]])
        #expect(content.issues.contains { $0.message.contains("cycle") })
    }
}

@Suite struct FoundationDepthCapTests {
    @Test func aDictionaryNestedTenThousandDeepIsCutAtTheDepthLimit() {
        let root = NSMutableDictionary()
        var cursor = root
        for _ in 0..<10_000 {
            let next = NSMutableDictionary()
            cursor["child"] = next
            cursor = next
        }
        let content = PushContent(userInfo: ["deep": root])
        var level = 0
        var value = content.customData["deep"]
        while case .object(let members)? = value, let child = members["child"] {
            value = child
            level += 1
        }
        // `deep` sits at depth 1; containers from depth maximumDepth on read as null.
        #expect(level == PushValue.maximumDepth - 1)
        #expect(content.issues.filter { $0.message.contains("nested deeper") }.count == 1)
    }

    @Test func anArrayNestedTenThousandDeepIsCutAtTheDepthLimit() {
        let root = NSMutableArray()
        var cursor = root
        for _ in 0..<10_000 {
            let next = NSMutableArray()
            cursor.add(next)
            cursor = next
        }
        let content = PushContent(userInfo: ["deep": root])
        #expect(content.issues.filter { $0.message.contains("nested deeper") }.count == 1)
    }
}

@Suite struct FoundationSharedNodeTests {
    /// 22 levels, each holding the level below twice: 4 M leaves in a few dozen objects.
    @Test func sharedNodesStopAtTheValueLimitKeepingWhatWasRead() {
        var level: NSArray = ["leaf"] as NSArray
        for _ in 0..<22 { level = NSArray(array: [level, level]) }
        let content = PushContent(userInfo: ["tree": level])
        #expect(content.issues.filter { $0.message.contains("the rest is not read") }.count == 1)
        var count = 0
        func countValues(_ value: PushValue) {
            count += 1
            switch value {
            case .array(let elements): elements.forEach(countValues)
            case .object(let members): members.values.forEach(countValues)
            default: break
            }
        }
        countValues(content.payload)
        #expect(count <= PushValue.maximumValueCount + 1)
        #expect(count > PushValue.maximumValueCount / 2)
    }

    @Test func stringsStopAtTheByteLimit() {
        let chunk = String(repeating: "x", count: 1 << 20)
        let strings = NSMutableArray()
        for _ in 0..<8 { strings.add(chunk) }
        let content = PushContent(userInfo: ["strings": strings])
        #expect(content.customData["strings"]?.arrayValue?.count ?? 0 < 8)
        #expect(content.issues.contains { $0.message.contains("bytes") })
    }
}

/// `1` and `"1"` as keys of one `userInfo`: which one wins must not depend on hash order.
@Suite(.timeLimit(.minutes(2))) struct KeyCollisionTests {
    @Test func aStringKeyWinsOverAnIntegerKeyInEveryInsertionOrder() {
        var ids: Set<String> = []
        for padding in 0..<24 {
            var userInfo: [AnyHashable: Any] = [:]
            // Different sizes and insertion orders give different iteration orders.
            for index in 0..<padding { userInfo["pad\(index)"] = index }
            if padding.isMultiple(of: 2) {
                userInfo[1] = "number"
                userInfo["1"] = "string"
            } else {
                userInfo["1"] = "string"
                userInfo[1] = "number"
            }
            let content = PushContent(userInfo: userInfo)
            #expect(content.customData["1"] == "string")
            #expect(content.issues.contains { $0.keyPath == "1" && $0.message.contains("read as \"1\"") })
            for index in 0..<padding { userInfo["pad\(index)"] = nil }
            ids.insert(PushMessage(content: PushContent(userInfo: userInfo)).id.rawValue)
        }
        #expect(ids.count == 1)
    }

    @Test
    func collidingKeysGiveTheSameMessageIDInEveryProcess() async throws {
        // Each process has its own hash seed, so its own iteration order of the colliding keys.
        var ids: Set<String> = []
        for _ in 0..<4 {
            let (status, output) = try await BuiltBinary.run(BuiltBinary.testChild, ["message-id"])
            #expect(status == 0)
            ids.insert(output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(ids.count == 1, "\(ids)")
        #expect(ids.first?.isEmpty == false)
    }

    @Test func collidingFoundationKeysResolveTheSameWay() {
        let dictionary = NSMutableDictionary()
        dictionary[NSNumber(value: 1)] = "number"
        dictionary["1"] = "string"
        let content = PushContent(userInfo: ["nested": dictionary])
        #expect(content.customData["nested"] == ["1": "string"])
        #expect(content.issues.contains { $0.keyPath == "nested.1" })
    }
}

@Suite struct NestedPushValueTests {
    @Test func aPushValueInsideUserInfoReadsAsItself() {
        let value: PushValue = ["id": 7, "tags": ["a", "b"]]
        let content = PushContent(userInfo: ["item": value, "list": [value] as [Any]])
        #expect(content.customData["item"] == value)
        #expect(content.customData["list"] == [value])
        #expect(content.issues.isEmpty)
    }
}

/// NaN has no JSON meaning: it reads as null (reported), so content equals itself.
@Suite struct NonFiniteNumberTests {
    @Test func contentWithANaNEqualsItself() {
        let content = PushContent(payload: ["aps": ["alert": "Hi"], "ratio": .double(.nan)])
        #expect(content == content)
        #expect(content.customData["ratio"] == .null)
        #expect(content.issues.contains { $0.keyPath == "ratio" })
    }

    @Test func relevanceScoreIsNeverNaN() {
        let fromPayload = PushContent(payload: ["aps": ["alert": "Hi", "relevance-score": .double(.nan)]])
        #expect(fromPayload.relevanceScore == nil)
        let fromUserInfo = PushContent(userInfo: ["aps": ["alert": "Hi", "relevance-score": Double.infinity]])
        #expect(fromUserInfo.relevanceScore == nil)
        let local = PushContent(body: "Hi", relevanceScore: .nan)
        #expect(local.relevanceScore == nil)
        #expect(local == local)
    }
}

/// `null` where a string or number is expected is a wrong type like any other: reported, read as absent.
@Suite struct NullForTypedKeyTests {
    @Test(arguments: [
        "thread-id", "category", "target-content-id", "badge", "relevance-score", "interruption-level",
        "content-available", "sound", "alert",
    ])
    func nullIsReportedAtItsKeyPath(key: String) {
        var aps: [String: PushValue] = ["alert": "Hi"]
        aps[key] = .null
        let content = PushContent(payload: ["aps": .object(aps)])
        #expect(content.issues.contains { $0.keyPath == "aps." + key && $0.message.contains("found null") })
    }

    @Test func nullInsideTheAlertIsReported() {
        let content = PushContent(payload: ["aps": ["alert": ["title": nil, "body": "Hi"]]])
        #expect(content.issues.map(\.keyPath) == ["aps.alert.title"])
    }
}
