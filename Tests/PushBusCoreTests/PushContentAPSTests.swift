import Foundation
import PushBusCore
import Testing

/// Every documented `aps` key, read from a well-formed payload, lands in its typed field with no issue.
@Suite struct PushContentAPSTests {
    @Test func alertStringIsTheBody() {
        let content = PushContent(userInfo: ["aps": ["alert": "Hello"]])
        #expect(content.body == "Hello")
        #expect(content.title == nil)
        #expect(content.issues.isEmpty)
    }

    @Test func alertDictionaryFillsEveryTextField() {
        let content = PushContent(userInfo: [
            "aps": [
                "alert": [
                    "title": "T", "subtitle": "S", "body": "B", "launch-image": "Launch.png",
                    "title-loc-key": "TK", "title-loc-args": ["t1", "t2"],
                    "subtitle-loc-key": "SK", "subtitle-loc-args": ["s1"],
                    "loc-key": "BK", "loc-args": ["b1", "b2", "b3"], "action-loc-key": "AK",
                ]
            ]
        ])
        #expect(content.title == "T")
        #expect(content.subtitle == "S")
        #expect(content.body == "B")
        #expect(content.launchImageName == "Launch.png")
        #expect(content.titleLocalizationKey == "TK")
        #expect(content.titleLocalizationArguments == ["t1", "t2"])
        #expect(content.subtitleLocalizationKey == "SK")
        #expect(content.subtitleLocalizationArguments == ["s1"])
        #expect(content.bodyLocalizationKey == "BK")
        #expect(content.bodyLocalizationArguments == ["b1", "b2", "b3"])
        #expect(content.actionLocalizationKey == "AK")
        #expect(content.issues.isEmpty)
    }

    @Test func badgeIsAnIntegerAndZeroClearsIt() {
        #expect(PushContent(userInfo: ["aps": ["badge": 7]]).badge == 7)
        #expect(PushContent(userInfo: ["aps": ["badge": 0]]).badge == 0)
        #expect(PushContent(userInfo: ["aps": ["alert": "x"]]).badge == nil)
    }

    @Test func soundStringIsDefaultOrNamed() {
        #expect(PushContent(userInfo: ["aps": ["sound": "default"]]).sound == .default)
        #expect(PushContent(userInfo: ["aps": ["sound": "chime.caf"]]).sound == .named("chime.caf"))
    }

    @Test func criticalSoundDictionaryReadsNameAndVolume() {
        let content = PushContent(userInfo: ["aps": ["sound": ["critical": 1, "name": "alarm.caf", "volume": 0.75]]])
        #expect(content.sound == .critical(name: "alarm.caf", volume: 0.75))
        #expect(content.issues.isEmpty)
    }

    @Test func soundDictionaryWithoutCriticalIsAPlainSound() {
        let content = PushContent(userInfo: ["aps": ["sound": ["critical": 0, "name": "soft.caf"]]])
        #expect(content.sound == .named("soft.caf"))
    }

    @Test func criticalSoundWithoutVolumePlaysAtFullVolume() {
        let content = PushContent(userInfo: ["aps": ["sound": ["critical": 1, "name": "default"]]])
        #expect(content.sound == .critical(name: "default", volume: 1))
    }

    @Test func identifiersAreRead() {
        let content = PushContent(userInfo: [
            "aps": [
                "thread-id": "chat-1", "category": "REPLY", "target-content-id": "window-2", "filter-criteria": "work",
            ]
        ])
        #expect(content.threadIdentifier == "chat-1")
        #expect(content.categoryIdentifier == "REPLY")
        #expect(content.targetContentIdentifier == "window-2")
        #expect(content.filterCriteria == "work")
        #expect(content.issues.isEmpty)
    }

    @Test func contentAvailableAndMutableContentAreFlags() {
        let on = PushContent(userInfo: ["aps": ["content-available": 1, "mutable-content": 1]])
        #expect(on.isContentAvailable && on.isMutableContent)
        let off = PushContent(userInfo: ["aps": ["content-available": 0]])
        #expect(!off.isContentAvailable && !off.isMutableContent)
        #expect(on.issues.isEmpty && off.issues.isEmpty)
    }

    @Test(arguments: InterruptionLevel.allCases)
    func everyInterruptionLevelIsRead(_ level: InterruptionLevel) {
        let content = PushContent(userInfo: ["aps": ["interruption-level": level.rawValue]])
        #expect(content.interruptionLevel == level)
        #expect(content.issues.isEmpty)
    }

    @Test func relevanceScoreIsRead() {
        #expect(PushContent(userInfo: ["aps": ["relevance-score": 0.25]]).relevanceScore == 0.25)
        #expect(PushContent(userInfo: ["aps": ["relevance-score": 1]]).relevanceScore == 1)
    }

    @Test func everyKeyBesideAPSIsCustomData() {
        let content = PushContent(userInfo: [
            "aps": ["alert": "x"], "route": "app://product/12345", "parameters": ["id": 12345],
        ])
        #expect(content.customData == ["route": "app://product/12345", "parameters": ["id": 12345]])
        #expect(content.customData["aps"] == nil)
        #expect(content.payload["aps"]?["alert"] == "x")
    }

    @Test func aPayloadWithoutAPSIsOnlyCustomData() {
        let content = PushContent(userInfo: ["route": "app://home"])
        #expect(content.customData == ["route": "app://home"])
        #expect(!content.isUserVisible)
        #expect(content.issues.isEmpty)
    }

    @Test func userVisibilityCountsAlertSoundAndBadge() {
        #expect(PushContent(userInfo: ["aps": ["badge": 1]]).isUserVisible)
        #expect(PushContent(userInfo: ["aps": ["sound": "default"]]).isUserVisible)
        #expect(PushContent(userInfo: ["aps": ["alert": ["loc-key": "K"]]]).isUserVisible)
        #expect(!PushContent(userInfo: ["aps": ["content-available": 1]]).isUserVisible)
    }

    @Test func jsonBytesReadTheSameAsUserInfo() throws {
        let text = #"{"aps":{"alert":{"title":"T"},"badge":2,"sound":"default"},"route":"app://x"}"#
        let userInfo = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [AnyHashable: Any])
        #expect(PushContent(json: Data(text.utf8)) == PushContent(userInfo: userInfo))
    }

    @Test func localContentRoundTripsThroughItsPayload() {
        let local = PushContent(
            title: "T", subtitle: "S", body: "B", badge: 2, sound: .critical(name: "a.caf", volume: 0.5),
            categoryIdentifier: "C", threadIdentifier: "th", targetContentIdentifier: "tc",
            interruptionLevel: .timeSensitive, relevanceScore: 0.5, userInfo: ["route": "app://x"])
        let reread = PushContent(payload: local.payload)
        #expect(reread.title == "T" && reread.subtitle == "S" && reread.body == "B")
        #expect(reread.badge == 2)
        #expect(reread.sound == .critical(name: "a.caf", volume: 0.5))
        #expect(reread.categoryIdentifier == "C" && reread.threadIdentifier == "th")
        #expect(reread.targetContentIdentifier == "tc")
        #expect(reread.interruptionLevel == .timeSensitive && reread.relevanceScore == 0.5)
        #expect(reread.customData == ["route": "app://x"])
        #expect(reread.issues.isEmpty)
    }

    @Test func aLiteralPayloadReadsTheSameAsAFoundationDictionary() {
        // A literal can resolve to the local initializer's `[String: PushValue]`; both must agree.
        let literal = PushContent(userInfo: ["aps": ["alert": ["title": "T"], "badge": "3"], "route": "app://x"])
        let foundation: [AnyHashable: Any] = [
            "aps": ["alert": ["title": "T"], "badge": "3"] as [String: Any], "route": "app://x",
        ]
        #expect(literal == PushContent(userInfo: foundation))
        #expect(literal.title == "T" && literal.badge == 3)
    }
}
