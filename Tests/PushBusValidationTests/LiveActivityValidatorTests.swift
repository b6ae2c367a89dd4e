import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// `pushbus validate --push-type liveactivity`: each rule with a payload that passes and one that fails.
@Suite struct LiveActivityValidatorTests {
    private static let start: [String: PushValue] = [
        "event": "start", "timestamp": 1_700_000_000, "content-state": ["stopsAway": 3],
        "attributes-type": "DeliveryAttributes", "attributes": ["orderID": "A17"],
        "alert": ["title": "Order on its way", "body": "3 stops away"],
    ]
    private static let update: [String: PushValue] = [
        "event": "update", "timestamp": 1_700_000_100, "content-state": ["stopsAway": 2],
    ]
    private static let end: [String: PushValue] = [
        "event": "end", "timestamp": 1_700_000_200, "dismissal-date": 1_700_003_600,
    ]

    /// The diagnostics of `aps` with `changes` applied (`.null` removes a key), as `severity keyPath` lines.
    private func diagnose(_ base: [String: PushValue], _ changes: [String: PushValue] = [:]) -> [String] {
        var aps = base
        for (key, value) in changes {
            if value == .null { aps.removeValue(forKey: key) } else { aps[key] = value }
        }
        let payload = PushValue.object(["aps": .object(aps)])
        return PayloadValidator.validate(payload, pushType: .liveActivity).map {
            "\($0.severity.rawValue) \($0.keyPath)"
        }
    }

    @Test func wellFormedStartUpdateAndEndAreClean() {
        #expect(diagnose(Self.start).isEmpty)
        #expect(diagnose(Self.update).isEmpty)
        #expect(diagnose(Self.end).isEmpty)
    }

    @Test func eventMustBeStartUpdateOrEnd() {
        #expect(diagnose(Self.update, ["event": "pause"]) == ["error aps.event"])
        #expect(diagnose(Self.update, ["event": .null]) == ["error aps.event"])
    }

    @Test func timestampIsRequiredInSecondsNotMilliseconds() {
        #expect(diagnose(Self.update, ["timestamp": .null]) == ["error aps.timestamp"])
        #expect(diagnose(Self.update, ["timestamp": 1_700_000_000_000]) == ["error aps.timestamp"])
        #expect(diagnose(Self.update, ["timestamp": "1700000000"]) == ["error aps.timestamp"])
        #expect(diagnose(Self.update, ["timestamp": 9_999_999_999]).isEmpty)
    }

    @Test func millisecondTimestampsAreNamedAsSuch() {
        let message = PayloadValidator.validate(
            .object(["aps": .object(Self.update.merging(["timestamp": 1_700_000_000_000]) { $1 })]),
            pushType: .liveActivity
        ).first?.message
        #expect(message?.contains("milliseconds") == true)
        #expect(message?.hasPrefix("1700000000000 looks like milliseconds") == true, "\(message ?? "")")
    }

    @Test func contentStateIsRequiredForStartAndUpdateOnly() {
        #expect(diagnose(Self.start, ["content-state": .null]) == ["error aps.content-state"])
        #expect(diagnose(Self.update, ["content-state": .null]) == ["error aps.content-state"])
        #expect(diagnose(Self.update, ["content-state": [1]]) == ["error aps.content-state"])
        #expect(diagnose(Self.end, ["content-state": ["stopsAway": 0]]).isEmpty)
    }

    @Test func attributesAreRequiredForStartAndForbiddenOtherwise() {
        #expect(diagnose(Self.start, ["attributes-type": .null]) == ["error aps.attributes-type"])
        #expect(diagnose(Self.start, ["attributes": .null]) == ["error aps.attributes"])
        #expect(diagnose(Self.update, ["attributes-type": "DeliveryAttributes"]) == ["error aps.attributes-type"])
        #expect(diagnose(Self.end, ["attributes": ["orderID": "A17"]]) == ["error aps.attributes"])
    }

    @Test func aStartNeedsAnAlert() {
        #expect(diagnose(Self.start, ["alert": .null]) == ["error aps.alert"])
        #expect(diagnose(Self.start, ["alert": "Your order is on its way"]) == ["warning aps.alert"])
        #expect(diagnose(Self.update, ["alert": ["title": "Late", "body": "5 min"]]).isEmpty)
    }

    @Test func staleAndDismissalDatesAreSeconds() {
        #expect(diagnose(Self.update, ["stale-date": 1_700_003_600]).isEmpty)
        #expect(diagnose(Self.update, ["stale-date": 1_700_003_600_000]) == ["error aps.stale-date"])
        #expect(diagnose(Self.end, ["dismissal-date": "tomorrow"]) == ["error aps.dismissal-date"])
        #expect(diagnose(Self.end, ["dismissal-date": -1]) == ["error aps.dismissal-date"])
    }

    @Test func aPushToStartMayAskForTheNewActivitysToken() {
        #expect(diagnose(Self.start, ["input-push-token": 1]).isEmpty)  // iOS 18: a documented key
    }

    @Test func dismissalDateIsReadOnlyWithEnd() {
        #expect(diagnose(Self.update, ["dismissal-date": 1_700_003_600]) == ["warning aps.dismissal-date"])
    }

    @Test func relevanceScoreIsAnyNumberForLiveActivities() {
        #expect(diagnose(Self.update, ["relevance-score": 100]).isEmpty)
        #expect(diagnose(Self.update, ["relevance-score": "high"]) == ["error aps.relevance-score"])
    }

    @Test func payloadsOver4096BytesAreRejected() {
        let fits = diagnose(Self.update, ["content-state": ["text": .string(String(repeating: "a", count: 3900))]])
        #expect(fits.isEmpty)
        let tooBig = diagnose(Self.update, ["content-state": ["text": .string(String(repeating: "a", count: 4100))]])
        #expect(tooBig == ["error "])
    }

    @Test func theTopicCarriesTheLiveActivitySuffix() {
        #expect(
            PushType.liveActivity.apnsTopic(bundleIdentifier: "com.example.shop")
                == "com.example.shop.push-type.liveactivity")
        #expect(PushType.alert.apnsTopic(bundleIdentifier: "com.example.shop") == "com.example.shop")
        #expect(PushType.voip.topicSuffix == ".voip")
    }
}
