import Foundation
import PushBusCore
import PushBusHub
import PushBusLiveActivity
import Testing

/// `center.liveActivities` is one channel per center, kept by the Live Activity module: the same channel while the
/// center lives, another center's own, and neither the center nor its channel kept alive by the other.
@Suite struct LiveActivityChannelPerCenterTests {
    @Test func aCenterHasOneChannelAndAnotherCenterItsOwn() {
        let center = PushCenter()
        let channel = center.liveActivities
        #expect(center.liveActivities === channel)
        #expect(PushCenter().liveActivities !== channel)
    }

    @Test func theChannelKeepsItsTokensAsLongAsTheCenter() {
        let center = PushCenter()
        center.liveActivities.post(.pushToStartToken(PushToken(Data([0x01, 0xAB])), attributesType: "Delivery"))
        #expect(center.liveActivities.state.pushToStartToken(for: "Delivery") == PushToken(Data([0x01, 0xAB])))
    }

    @Test func theChannelDoesNotKeepItsCenterAlive() {
        weak var released: PushCenter?
        weak var releasedChannel: LiveActivityTokens?
        do {
            let center = PushCenter()
            released = center
            releasedChannel = center.liveActivities
            #expect(releasedChannel != nil)
        }
        #expect(released == nil)
        _ = PushCenter().liveActivities  // the next channel made drops those of every center gone
        #expect(releasedChannel == nil)
    }
}
