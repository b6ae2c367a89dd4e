import Foundation
import PushBusTestSupport
import Testing

@testable import PushBus
@testable import PushBusDelivery
@testable import PushBusLiveActivity

private let kickoff = LiveActivityIdentity(id: "K1", attributesType: "KickoffAttributes")
private let match = LiveActivityIdentity(id: "M1", attributesType: "MatchAttributes")

/// Scheduled activities (`pending`, iOS 26) and channel subscriptions (iOS 18) are state like tokens: listed,
/// replayed, delivered once, never after the activity's end; a token registry records the channel.
@Suite(.timeLimit(.minutes(2))) struct LiveActivityScheduleAndChannelTests {
    @Test func aScheduledActivityIsListedPendingUntilItsStartIsPostedOnce() {
        let center = PushCenter()
        let log = Recorder<LiveActivityEvent>()
        let subscription = center.liveActivities.subscribe(log.record)
        defer { subscription.cancel() }
        let adapter = LiveActivityAdapter(tokens: center.liveActivities)
        adapter.activityObserved(id: "K1", attributesType: "KickoffAttributes", pushToken: nil, status: .pending)
        adapter.activityObserved(id: "K1", attributesType: "KickoffAttributes", pushToken: nil, status: .pending)
        #expect(center.liveActivities.state.activities == [.init(identity: kickoff, isPending: true)])
        adapter.activityStatusChanged(id: "K1", attributesType: "KickoffAttributes", to: .active)
        adapter.activityStatusChanged(id: "K1", attributesType: "KickoffAttributes", to: .active)
        adapter.activityObserved(id: "K1", attributesType: "KickoffAttributes", pushToken: Data([1]), status: .active)
        #expect(
            log.values == [
                .scheduled(kickoff), .started(kickoff), .updateToken(PushToken(Data([1])), activity: kickoff),
            ])
        #expect(center.liveActivities.state.activities.first?.isPending == false)
    }

    @Test func aLateSubscriberIsToldWhatIsPendingAndWhichChannel() {
        let center = PushCenter()
        center.liveActivities.post(.scheduled(kickoff))
        center.liveActivities.post(.started(match))
        center.liveActivities.post(.channelSubscription("bWF0Y2g=", activity: match))
        let log = Recorder<LiveActivityEvent>()
        let subscription = center.liveActivities.subscribe(log.record)
        defer { subscription.cancel() }
        #expect(
            log.values == [.scheduled(kickoff), .started(match), .channelSubscription("bWF0Y2g=", activity: match)])
    }

    @Test func aChannelIsPostedOnceAndNeverAfterTheEnd() {
        let tokens = PushCenter().liveActivities
        #expect(tokens.post(.channelSubscription("bWF0Y2g=", activity: match)))
        #expect(!tokens.post(.channelSubscription("bWF0Y2g=", activity: match)))
        #expect(tokens.post(.ended(match, reason: .ended, invalidatedToken: nil)))
        #expect(!tokens.post(.channelSubscription("bWF0Y2g=", activity: match)))
        #expect(!tokens.post(.started(match)))
        #expect(tokens.state.activities.isEmpty)
    }

    @Test func theStoreReadsFilesWrittenBeforePendingAndChannelsExisted() throws {
        let old = #"{"identity":{"id":"A1","attributesType":"DeliveryAttributes"},"token":"ab01"}"#
        let activity = try JSONDecoder().decode(LiveActivityTokenState.Activity.self, from: Data(old.utf8))
        #expect(activity.isPending == false)
        #expect(activity.channelID == nil)
        #expect(activity.token == PushToken(hexString: "ab01"))
    }

    @Test func aRegistryRecordsTheChannelAndDropsItAtTheEnd() throws {
        let center = PushCenter()
        let registry = try PushTokenRegistry(directory: nil)
        let subscription = registry.attach(to: center)
        defer { subscription.cancel() }
        center.liveActivities.post(.started(match))
        center.liveActivities.post(.channelSubscription("bWF0Y2g=", activity: match))
        #expect(registry.pendingChanges().map(\.value) == ["bWF0Y2g="])
        for change in registry.pendingChanges() { try registry.markReported(change) }
        center.liveActivities.post(.ended(match, reason: .ended, invalidatedToken: nil))
        let removed = registry.pendingChanges()
        #expect(removed.map(\.key) == [.broadcastChannel(activityID: "M1")])
        #expect(removed.map(\.value) == [nil])
    }

    @Test func controlTokensAreKeptPerControlKind() throws {
        let registry = try PushTokenRegistry(directory: nil)
        try registry.update(.controls(kind: "com.example.garage"), to: "aa01")
        try registry.update(.controls(kind: "com.example.lights"), to: "bb02")
        try registry.update(.controls(kind: "com.example.garage"), to: "aa01")
        #expect(
            Set(registry.pendingChanges().map(\.key.description)) == [
                "controls com.example.garage", "controls com.example.lights",
            ])
    }
}
