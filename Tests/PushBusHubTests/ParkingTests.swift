import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
import PushBusTesting
import Testing

@Suite struct ParkingTests {
    @Test func parksAMessageNoSubscriptionMatched() {
        let center = HubFixtures.center()
        let other = center.subscribe(.silent) { _ in }

        #expect(center.post(HubFixtures.message("tap", kind: .remoteTapped)) == .parked)
        #expect(center.parkedMessages.map(\.id.rawValue) == ["tap"])
        _ = other
    }

    @Test func doesNotParkADeliveredMessage() {
        let center = HubFixtures.center()
        let subscription = center.subscribe { _ in }
        center.post(HubFixtures.message("a"))
        #expect(center.parkedMessages.isEmpty)
        _ = subscription
    }

    @Test func coldStartMessageReachesASubscriberThatArrivesLater() {
        // Given a tap posted before anyone listens (a cold start)
        let center = HubFixtures.center()
        center.post(HubFixtures.message("tap", kind: .remoteTapped))

        // When the router subscribes later
        let received = Recorder<PushMessage>()
        let subscription = center.subscribe(.tapped) { received.record($0) }

        // Then it gets the tap before subscribe returns
        #expect(received.ids == ["tap"])
        _ = subscription
    }

    @Test func replaysOnlyMatchingParkedMessagesInOrderBeforeLiveOnes() {
        let center = HubFixtures.center()
        center.post(HubFixtures.message("t1", kind: .remoteTapped))
        center.post(HubFixtures.message("r1", kind: .remote))
        center.post(HubFixtures.message("t2", kind: .localTapped))

        let received = Recorder<PushMessage>()
        let subscription = center.subscribe(.tapped) { received.record($0) }
        center.post(HubFixtures.message("t3", kind: .remoteTapped))

        #expect(received.ids == ["t1", "t2", "t3"])
        _ = subscription
    }

    @Test func replayNoneSkipsParkedMessages() {
        let center = HubFixtures.center()
        center.post(HubFixtures.message("old"))
        let received = Recorder<PushMessage>()
        let subscription = center.subscribe(replay: .none) { received.record($0) }
        center.post(HubFixtures.message("new"))
        #expect(received.ids == ["new"])
        _ = subscription
    }

    @Test func capacityPushesOutTheOldestAndCountsTheDrop() {
        let center = HubFixtures.center(parkingCapacity: 2)
        for id in ["a", "b", "c", "d"] { center.post(HubFixtures.message(id)) }

        #expect(center.parkedMessages.map(\.id.rawValue) == ["c", "d"])
        #expect(center.statistics.dropped == 2)
        #expect(center.statistics.parked == 4)
    }

    @Test func zeroCapacityKeepsNothingAndSaysDroppedNotParked() {
        let center = HubFixtures.center(parkingCapacity: 0)
        #expect(center.post(HubFixtures.message("a")) == .dropped)
        #expect(center.parkedMessages.isEmpty)
        #expect(center.statistics.dropped == 1)
    }

    @Test func messagesOlderThanTheMaximumAgeExpireAndAreCounted() {
        let clock = ManualClock()
        let center = HubFixtures.center(parkingMaximumAge: 60, clock: clock)
        center.post(HubFixtures.message("old"))
        clock.advance(by: 30)
        center.post(HubFixtures.message("young"))
        clock.advance(by: 31)

        let received = Recorder<PushMessage>()
        let subscription = center.subscribe { received.record($0) }

        #expect(received.ids == ["young"])
        #expect(center.statistics.expired == 1)
        _ = subscription
    }

    @Test func aMessageExactlyAtTheMaximumAgeIsStillParked() {
        let clock = ManualClock()
        let center = HubFixtures.center(parkingMaximumAge: 60, clock: clock)
        center.post(HubFixtures.message("a"))
        clock.advance(by: 60)
        #expect(center.parkedMessages.count == 1)
        clock.advance(by: 1)
        #expect(center.parkedMessages.isEmpty)
    }

    @Test func clearParkedDropsEverything() {
        let center = HubFixtures.center()
        center.post(HubFixtures.message("a"))
        center.post(HubFixtures.message("b"))
        center.clearParked()

        let received = Recorder<PushMessage>()
        let subscription = center.subscribe { received.record($0) }
        #expect(received.values.isEmpty)
        #expect(center.parkedMessages.isEmpty)
        _ = subscription
    }

    @Test func replayedHandlerMayPostAndTheNewMessageFollowsTheReplay() {
        let center = HubFixtures.center()
        center.post(HubFixtures.message("p1"))
        center.post(HubFixtures.message("p2"))

        let received = Recorder<PushMessage>()
        let subscription = center.subscribe { message in
            received.record(message)
            if message.id.rawValue == "p1" { center.post(HubFixtures.message("live")) }
        }
        #expect(received.ids == ["p1", "p2", "live"])
        _ = subscription
    }
}
