import Foundation
import PushBusCore
import Testing

@Suite struct PushValueJSONTests {
    private func parse(_ text: String) throws -> PushValue { try PushValue(json: Data(text.utf8)) }

    @Test func integersStayIntegersAndFractionsBecomeDoubles() throws {
        let value = try parse(#"{"i": 20266199577, "neg": -3, "d": 1.5, "e": 1e3, "zero": 0}"#)
        #expect(value == ["i": .int(20_266_199_577), "neg": -3, "d": 1.5, "e": .double(1000), "zero": 0])
    }

    @Test func integersTooLargeForIntBecomeDoubles() throws {
        #expect(try parse("123456789012345678901234567890") == .double(Double("123456789012345678901234567890")!))
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let value = try parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#)
        #expect(value == .string("a\"b\\c/d\n\té😀"))
    }

    @Test(arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "01", "1.", "-", "tru", "nul", "\"abc",
        "\"\u{01}\"", "\"\\x\"", "\"\\u12\"", "[1 2]", "{} {}", "NaN", "'a'",
    ])
    func rejectsWhatIsNotJSON(_ text: String) {
        #expect(throws: PushValueError.self) { try PushValue(json: Data(text.utf8)) }
    }

    @Test func failuresSayWhere() {
        do {
            _ = try PushValue(json: Data("{\n  \"a\": 1\n  \"b\": 2\n}".utf8))
            Issue.record("expected a failure")
        } catch {
            #expect(error.description.contains("line 3"))
        }
    }

    @Test func invalidUTF8AndLoneSurrogatesAreRepaired() throws {
        var bytes = Array(#"{"a":"x"#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#"","b":"\ud800"}"#.utf8)
        let (value, notes) = try JSONParser.parse(Data(bytes))
        #expect(value["a"] == "x\u{FFFD}\u{FFFD}")
        #expect(value["b"] == "\u{FFFD}")
        #expect(Set(notes.map(\.kind)) == [.invalidUTF8, .loneSurrogate])
    }

    @Test func duplicateKeysKeepTheLastValueAndAreNoted() throws {
        let (value, notes) = try JSONParser.parse(Data(#"{"aps":{"badge":1,"badge":2}}"#.utf8))
        #expect(value["aps"]?["badge"] == 2)
        #expect(notes.map(\.keyPath) == ["aps.badge"])
    }

    @Test func deepNestingIsSkippedWithoutRecursing() throws {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let (value, notes) = try JSONParser.parse(Data(text.utf8))
        #expect(notes.map(\.kind) == [.tooDeep])
        var level = 0
        var cursor = value
        while case .array(let elements) = cursor, let first = elements.first {
            cursor = first
            level += 1
        }
        #expect(level == PushValue.maximumDepth)
    }

    @Test func writingSortsKeysAndRoundTrips() throws {
        let value: PushValue = ["b": [1, 2.5, "x\"\n\u{01}"], "a": ["z": nil, "y": true]]
        #expect(value.jsonString() == #"{"a":{"y":true,"z":null},"b":[1,2.5,"x\"\n\u0001"]}"#)
        #expect(try PushValue(json: value.jsonData(prettyPrinted: true)) == value)
    }

    @Test func parsesTheSameAsJSONSerialization() throws {
        let text =
            #"{"aps":{"alert":{"title":"T","loc-args":["1",2]},"badge":3,"content-available":1},"x":[true,null,0.25]}"#
        let ours = try PushValue(json: Data(text.utf8))
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(ours == PushValue(any: foundation))
    }
}
