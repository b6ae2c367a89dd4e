import Foundation
import PushBusCore
import Testing

@Suite struct PushValueConversionTests {
    @Test func nsNumberBooleansStayBooleans() {
        #expect(PushValue(any: NSNumber(value: true)) == .bool(true))
        #expect(PushValue(any: NSNumber(value: false)) == .bool(false))
        #expect(PushValue(any: true) == .bool(true))
    }

    @Test func integersStayIntegers() {
        #expect(PushValue(any: NSNumber(value: 3)) == .int(3))
        #expect(PushValue(any: NSNumber(value: Int64(12_345_678_901_234))) == .int(12_345_678_901_234))
        #expect(PushValue(any: 7) == .int(7))
        #expect(PushValue(any: NSNumber(value: 1.5)) == .double(1.5))
    }

    @Test func nonStringKeysAreStringifiedAndReported() {
        var issues: [PayloadIssue] = []
        let value = PushValue.convert([1: "one"] as [AnyHashable: Any], path: "", issues: &issues)
        #expect(value == ["1": "one"])
        #expect(issues.count == 1)
        #expect(issues.first?.resolution == .coerced)
    }

    @Test func valuesWithNoJSONMeaningAreReportedNotCrashing() {
        final class Opaque {}
        var issues: [PayloadIssue] = []
        let value = PushValue.convert(["x": Opaque()] as [String: Any], path: "", issues: &issues)
        #expect(value == ["x": .null])
        #expect(issues.map(\.keyPath) == ["x"])
    }

    @Test func identityIgnoresKeyOrderAndNumberBoxing() throws {
        let json = Data(#"{"aps":{"alert":{"title":"T","body":"B"},"badge":1},"route":"app://product/1","n":2}"#.utf8)
        let fromJSON = try #require(JSONSerialization.jsonObject(with: json) as? [AnyHashable: Any])
        let swifty: [AnyHashable: Any] = [
            "n": 2, "route": "app://product/1", "aps": ["badge": 1, "alert": ["body": "B", "title": "T"]],
        ]
        let a = PushMessage(content: PushContent(userInfo: fromJSON))
        let b = PushMessage(content: PushContent(userInfo: swifty))
        #expect(a.id == b.id)
        #expect(a.id.rawValue.hasPrefix("digest:"))
        let c = PushMessage(content: PushContent(userInfo: ["n": 3, "aps": ["badge": 1]]))
        #expect(a.id != c.id)
    }

    @Test func foundationCollectionsConvertRecursively() {
        let dictionary = NSMutableDictionary()
        dictionary["list"] = NSArray(array: [NSNumber(value: 1), "two", NSNull(), NSNumber(value: false)])
        dictionary["nested"] = NSDictionary(dictionary: ["pi": NSNumber(value: 3.25)])
        #expect(PushValue(any: dictionary) == ["list": [1, "two", nil, false], "nested": ["pi": 3.25]])
    }

    @Test func otherIntegerWidthsAndFloatsConvert() {
        #expect(PushValue(any: Int32(-7)) == .int(-7))
        #expect(PushValue(any: UInt8(200)) == .int(200))
        #expect(PushValue(any: NSNumber(value: Int8(-3))) == .int(-3))
        #expect(PushValue(any: Float(0.5)) == .double(0.5))
    }

    @Test func unsignedValuesTooLargeForIntBecomeDoublesAndAreReported() {
        var issues: [PayloadIssue] = []
        let value = PushValue.convert(NSNumber(value: UInt64.max), path: "big", issues: &issues)
        #expect(value == .double(Double(UInt64.max)))
        #expect(issues.map(\.keyPath) == ["big"])
    }

    @Test func datesAndDataBecomeStringsAndAreReported() {
        var issues: [PayloadIssue] = []
        let value = PushValue.convert(
            ["when": Date(timeIntervalSince1970: 0), "blob": Data([1, 2, 3])] as [String: Any], path: "",
            issues: &issues)
        #expect(value["when"] == "1970-01-01T00:00:00.000Z")
        #expect(value["blob"] == "AQID")
        #expect(Set(issues.map(\.keyPath)) == ["when", "blob"])
        #expect(issues.allSatisfy { $0.resolution == .coerced })
    }

    @Test func nonFiniteNumbersBecomeNullAndAreReported() {
        var issues: [PayloadIssue] = []
        let value = PushValue.convert(
            ["a": Double.nan, "b": [Double.infinity]] as [String: Any], path: "", issues: &issues)
        #expect(value == ["a": nil, "b": [nil]])
        #expect(Set(issues.map(\.keyPath)) == ["a", "b[0]"])
    }

    @Test func issuesNameTheFullKeyPathIncludingArrayIndexes() {
        final class Opaque {}
        var issues: [PayloadIssue] = []
        _ = PushValue.convert(
            ["aps": ["alert": ["loc-args": ["ok", Opaque()]]]] as [String: Any], path: "", issues: &issues)
        #expect(issues.map(\.keyPath) == ["aps.alert.loc-args[1]"])
    }

    @Test func nestingBeyondTheLimitIsCutAndReported() {
        var value: Any = "leaf"
        for _ in 0..<(PushValue.maximumDepth + 10) { value = ["child": value] as [String: Any] }
        var issues: [PayloadIssue] = []
        _ = PushValue.convert(value, path: "", issues: &issues)
        #expect(issues.count == 1)
        #expect(issues.first?.resolution == .ignored)
    }

    @Test func optionalsUnwrapAndNilBecomesNull() {
        let some: String? = "x"
        let none: Int? = nil
        #expect(PushValue(any: ["a": some as Any, "b": none as Any] as [String: Any]) == ["a": "x", "b": nil])
    }

    @Test func foundationValueRoundTrips() {
        let value: PushValue = ["aps": ["alert": "Hi", "badge": 2], "flag": true, "ratio": 0.5, "list": [1, nil]]
        #expect(PushValue(any: value.foundationValue) == value)
    }

    @Test func typedAccessorsReadNaturally() {
        let value: PushValue = ["aps": ["badge": 2, "list": ["a"]], "ratio": 2.0, "on": true]
        #expect(value["aps"]?["badge"]?.intValue == 2)
        #expect(value["aps"]?["list"]?[0]?.stringValue == "a")
        #expect(value["aps"]?["list"]?[5] == nil)
        #expect(value["ratio"]?.intValue == 2)
        #expect(value["ratio"]?.doubleValue == 2)
        #expect(value["on"]?.boolValue == true)
        #expect(value["missing"] == nil)
        #expect(value["aps"]?.objectValue?.count == 2)
    }

    @Test func codableRoundTripKeepsIntegersAndBooleans() throws {
        let value: PushValue = ["n": 3, "d": 1.5, "b": false, "s": "x", "a": [nil], "o": [:]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(PushValue.self, from: data) == value)
    }
}
