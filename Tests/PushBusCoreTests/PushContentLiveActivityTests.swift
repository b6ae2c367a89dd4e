import Foundation
import PushBusCore
import Testing

@Suite struct PushContentLiveActivityTests {
    @Test func updateEventReadsEveryLiveActivityKey() throws {
        let content = PushContent(userInfo: [
            "aps": [
                "event": "update", "timestamp": 1_700_000_300, "stale-date": 1_700_003_600,
                "dismissal-date": 1_700_007_200, "content-state": ["stopsAway": 2, "driver": "Ada"],
                "relevance-score": 75,
            ]
        ])
        let activity = try #require(content.liveActivity)
        #expect(activity.event == "update")
        #expect(activity.timestamp == Date(timeIntervalSince1970: 1_700_000_300))
        #expect(activity.staleDate == Date(timeIntervalSince1970: 1_700_003_600))
        #expect(activity.dismissalDate == Date(timeIntervalSince1970: 1_700_007_200))
        #expect(activity.contentState == ["stopsAway": 2, "driver": "Ada"])
        #expect(content.relevanceScore == 75, "a Live Activity's relevance is not limited to 0…1")
        #expect(content.issues.isEmpty)
    }

    @Test func startEventReadsAttributes() throws {
        let content = PushContent(userInfo: [
            "aps": [
                "event": "start", "timestamp": 1_700_000_000, "attributes-type": "DeliveryAttributes",
                "attributes": ["orderID": "A-1"], "content-state": ["stopsAway": 5],
            ]
        ])
        let activity = try #require(content.liveActivity)
        #expect(activity.attributesType == "DeliveryAttributes")
        #expect(activity.attributes == ["orderID": "A-1"])
        #expect(content.issues.isEmpty)
    }

    @Test func anOrdinaryPushHasNoLiveActivity() {
        #expect(PushContent(userInfo: ["aps": ["alert": "x"]]).liveActivity == nil)
    }

    @Test func unknownEventIsKeptAndReported() {
        let content = PushContent(userInfo: ["aps": ["event": "pause", "timestamp": 1]])
        #expect(content.liveActivity?.event == "pause")
        #expect(content.issues.map(\.keyPath) == ["aps.event"])
    }

    @Test func numericStringDatesAreCoerced() {
        let content = PushContent(userInfo: ["aps": ["event": "end", "timestamp": "1700000000"]])
        #expect(content.liveActivity?.timestamp == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(content.issues.first?.resolution == .coerced)
    }
}
