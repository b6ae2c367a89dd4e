import Foundation
import Testing

@testable import PushBus

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
}
