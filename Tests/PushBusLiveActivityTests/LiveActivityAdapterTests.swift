import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusHub
import PushBusLiveActivity
import Testing

/// ActivityKit's shapes become token events: what the Apple glue and the simulator both call.
@Suite struct LiveActivityAdapterTests {
    private let identity = LiveActivityIdentity(id: "A1", attributesType: "DeliveryAttributes")

    @Test func anObservedActivityReportsItsStartAndToken() {
        let center = PushCenter()
        let adapter = LiveActivityAdapter(tokens: center.liveActivities)
        adapter.activityObserved(
            id: "A1", attributesType: "DeliveryAttributes", pushToken: Data([0xB1]), status: .active)
        #expect(center.liveActivities.state.token(forActivity: "A1") == PushToken(Data([0xB1])))
        #expect(adapter.pushTokenReceived(Data([0xB2]), activityID: "A1", attributesType: "DeliveryAttributes"))
        #expect(center.liveActivities.state.token(forActivity: "A1") == PushToken(Data([0xB2])))
    }

    @Test func onlyEndedAndDismissedEndTheToken() {
        let adapter = LiveActivityAdapter(tokens: LiveActivityTokens())
        adapter.activityObserved(
            id: "A1", attributesType: "DeliveryAttributes", pushToken: Data([0xB1]), status: .active)
        #expect(!adapter.activityStatusChanged(id: "A1", attributesType: "DeliveryAttributes", to: .stale))
        #expect(adapter.tokens.state.activities.count == 1)
        #expect(adapter.activityStatusChanged(id: "A1", attributesType: "DeliveryAttributes", to: .dismissed))
        #expect(adapter.tokens.state.activities.isEmpty)
    }

    @Test func anActivityAlreadyEndedAtLaunchReportsItsDeadToken() {
        let tokens = LiveActivityTokens()
        let adapter = LiveActivityAdapter(tokens: tokens)
        adapter.activityObserved(
            id: "A1", attributesType: "DeliveryAttributes", pushToken: Data([0xB1]), status: .ended)
        let events = LockedState<[LiveActivityEvent]>([])
        let subscription = tokens.subscribe { event in events.withLock { $0.append(event) } }
        #expect(
            events.withLock { $0 } == [
                .ended(identity, reason: .ended, invalidatedToken: PushToken(Data([0xB1])))
            ])
        withExtendedLifetime(subscription) {}
    }
}
