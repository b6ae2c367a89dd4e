import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
import PushBusTesting
import Testing

@Suite struct DeduplicationTests {
    @Test func dropsTheSameDeliveryWithinTheWindow() {
        let center = HubFixtures.center()
        let received = Recorder<PushMessage>()
        let subscription = center.subscribe { received.record($0) }

        #expect(center.post(HubFixtures.message("a")) == .delivered(1))
        #expect(center.post(HubFixtures.message("a")) == .duplicate)
        #expect(received.ids == ["a"])
        #expect(center.statistics.duplicates == 1)
        _ = subscription
    }

    @Test func receivingAndTappingThePushAreTwoMessages() {
        let center = HubFixtures.center()
        #expect(center.post(HubFixtures.message("a", kind: .remote)) == .parked)
        #expect(center.post(HubFixtures.message("a", kind: .remoteTapped)) == .parked)
        #expect(center.post(HubFixtures.message("a", kind: .remoteTapped)) == .duplicate)
    }

    @Test func differentActionsOnTheSameNotificationAreDifferentMessages() {
        let center = HubFixtures.center()
        #expect(center.post(HubFixtures.message("a", kind: .remoteTapped, action: .open)) == .parked)
        #expect(center.post(HubFixtures.message("a", kind: .remoteTapped, action: .custom("LIKE"))) == .parked)
        #expect(center.post(HubFixtures.message("a", kind: .remoteTapped, action: .dismiss)) == .parked)
        #expect(center.post(HubFixtures.message("a", kind: .remoteTapped, action: .custom("LIKE"))) == .duplicate)
    }

    @Test func aDuplicateIsNeitherDeliveredNorParked() {
        let center = HubFixtures.center()
        center.post(HubFixtures.message("a"))
        center.post(HubFixtures.message("a"))
        #expect(center.parkedMessages.count == 1)
        #expect(center.statistics.parked == 1)
    }

    @Test func forgetsAKeyOnceTheWindowHasPassed() {
        let clock = ManualClock()
        let center = HubFixtures.center(deduplicationWindow: 10, clock: clock)
        center.post(HubFixtures.message("a"))
        clock.advance(by: 10)
        #expect(center.post(HubFixtures.message("a")) == .duplicate)
        clock.advance(by: 0.5)
        #expect(center.post(HubFixtures.message("a")) == .parked)
    }

    @Test func aDuplicateDoesNotExtendTheWindow() {
        let clock = ManualClock()
        let center = HubFixtures.center(deduplicationWindow: 10, clock: clock)
        center.post(HubFixtures.message("a"))
        clock.advance(by: 8)
        #expect(center.post(HubFixtures.message("a")) == .duplicate)
        clock.advance(by: 3)
        #expect(center.post(HubFixtures.message("a")) == .parked)
    }

    @Test func remembersAtMostCapacityKeys() {
        let center = HubFixtures.center(deduplicationCapacity: 2)
        center.post(HubFixtures.message("a"))
        center.post(HubFixtures.message("b"))
        #expect(center.post(HubFixtures.message("a")) == .duplicate)
        center.post(HubFixtures.message("c"))  // pushes "a" out
        #expect(center.post(HubFixtures.message("a")) == .parked)
        #expect(center.post(HubFixtures.message("c")) == .duplicate)
    }

    @Test func aZeroWindowTurnsTheGateOff() {
        let center = HubFixtures.center(deduplicationWindow: 0)
        let received = Recorder<PushMessage>()
        let subscription = center.subscribe { received.record($0) }
        center.post(HubFixtures.message("a"))
        center.post(HubFixtures.message("a"))
        #expect(received.ids == ["a", "a"])
        #expect(center.statistics.duplicates == 0)
        _ = subscription
    }
}
