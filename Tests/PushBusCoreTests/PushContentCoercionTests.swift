import Foundation
import PushBusCore
import Testing

/// Wrong types are coerced when the meaning is unambiguous and ignored otherwise, and recorded either way.
@Suite struct PushContentCoercionTests {
    private func read(_ aps: [String: Any]) -> PushContent { PushContent(userInfo: ["aps": aps]) }

    private func issue(_ content: PushContent, at keyPath: String) -> PayloadIssue? {
        content.issues.first { $0.keyPath == keyPath }
    }

    @Test func numericStringBadgeIsCoerced() {
        let content = read(["badge": "3"])
        #expect(content.badge == 3)
        #expect(issue(content, at: "aps.badge")?.resolution == .coerced)
    }

    @Test func integralDoubleBadgeIsCoerced() {
        let content = read(["badge": 4.0])
        #expect(content.badge == 4)
        #expect(issue(content, at: "aps.badge")?.resolution == .coerced)
    }

    @Test(arguments: ["three", "2.5"])
    func nonIntegerBadgeStringIsIgnored(_ text: String) {
        let content = read(["badge": text])
        #expect(content.badge == nil)
        #expect(issue(content, at: "aps.badge")?.resolution == .ignored)
    }

    @Test func negativeBadgeIsIgnored() {
        let content = read(["badge": -1])
        #expect(content.badge == nil)
        #expect(issue(content, at: "aps.badge")?.resolution == .ignored)
    }

    @Test func numberWhereAStringBelongsIsWrittenAsText() {
        let content = read(["thread-id": 42, "category": 1.5, "alert": ["title": true]])
        #expect(content.threadIdentifier == "42")
        #expect(content.categoryIdentifier == "1.5")
        #expect(content.title == "true")
        #expect(content.issues.count == 3)
        #expect(content.issues.allSatisfy { $0.resolution == .coerced })
    }

    @Test func numberAlertIsTheBody() {
        let content = read(["alert": 12])
        #expect(content.body == "12")
        #expect(issue(content, at: "aps.alert")?.resolution == .coerced)
    }

    @Test(arguments: [
        (PushValue.bool(true), true), (.string("1"), true), (.string("true"), true), (.string("0"), false),
        (.double(1), true), (.int(2), true),
    ])
    func flagVariantsAreCoerced(_ value: PushValue, _ expected: Bool) {
        let content = PushContent(payload: ["aps": ["content-available": value, "mutable-content": value]])
        #expect(content.isContentAvailable == expected)
        #expect(content.isMutableContent == expected)
        #expect(issue(content, at: "aps.content-available")?.resolution == .coerced)
    }

    @Test func meaninglessFlagIsIgnored() {
        let content = read(["content-available": ["yes"]])
        #expect(!content.isContentAvailable)
        #expect(issue(content, at: "aps.content-available")?.resolution == .ignored)
    }

    @Test func interruptionLevelSpellingsAreCoerced() {
        #expect(read(["interruption-level": "Time_Sensitive"]).interruptionLevel == .timeSensitive)
        #expect(read(["interruption-level": "timeSensitive"]).interruptionLevel == .timeSensitive)
        #expect(read(["interruption-level": "PASSIVE"]).interruptionLevel == .passive)
        let unknown = read(["interruption-level": "urgent"])
        #expect(unknown.interruptionLevel == nil)
        #expect(issue(unknown, at: "aps.interruption-level")?.resolution == .ignored)
    }

    @Test func relevanceScoreOutsideTheRangeIsClamped() {
        let high = read(["relevance-score": 5])
        #expect(high.relevanceScore == 1)
        #expect(issue(high, at: "aps.relevance-score")?.resolution == .coerced)
        #expect(read(["relevance-score": -0.5]).relevanceScore == 0)
        #expect(read(["relevance-score": "0.5"]).relevanceScore == 0.5)
    }

    @Test func criticalVolumeOutsideTheRangeIsClamped() {
        let content = read(["sound": ["critical": 1, "name": "a.caf", "volume": 3]])
        #expect(content.sound == .critical(name: "a.caf", volume: 1))
        #expect(issue(content, at: "aps.sound.volume")?.resolution == .coerced)
    }

    @Test func localizationArgumentsAcceptNumbersAndASingleString() {
        let content = read(["alert": ["loc-key": "K", "loc-args": ["a", 2, 3.5], "title-loc-args": "solo"]])
        #expect(content.bodyLocalizationArguments == ["a", "2", "3.5"])
        #expect(content.titleLocalizationArguments == ["solo"])
        #expect(content.issues.count == 3)
    }

    @Test func unknownAPSAndAlertKeysAreReported() {
        let content = read(["bagde": 1, "alert": ["titel": "x"]])
        #expect(Set(content.issues.map(\.keyPath)) == ["aps.bagde", "aps.alert.titel"])
    }

    @Test func everyIssueSaysWhatWasFoundInASentence() throws {
        let content = read(["badge": "three"])
        let found = try #require(issue(content, at: "aps.badge"))
        #expect(found.message.contains("three"))
        #expect(found.description.hasPrefix("aps.badge: "))
    }
}
