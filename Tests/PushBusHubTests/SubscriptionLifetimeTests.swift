import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
import Testing

@Suite(.timeLimit(.minutes(2))) struct SubscriptionLifetimeTests {
    @Test func cancelStopsDeliveries() {
        let center = HubFixtures.center()
        let received = Recorder<PushMessage>()
        let subscription = center.subscribe { received.record($0) }
        center.post(HubFixtures.message("a"))
        subscription.cancel()
        center.post(HubFixtures.message("b"))

        #expect(received.ids == ["a"])
        #expect(subscription.isCancelled)
    }

    @Test func cancelIsIdempotent() {
        let center = HubFixtures.center()
        let subscription = center.subscribe { _ in }
        subscription.cancel()
        subscription.cancel()
        #expect(subscription.isCancelled)
        #expect(center.post(HubFixtures.message("a")) == .parked)
    }

    @Test func releasingTheSubscriptionCancelsIt() {
        let center = HubFixtures.center()
        let received = Recorder<PushMessage>()
        var subscription: PushCancellable? = center.subscribe { received.record($0) }
        center.post(HubFixtures.message("a"))
        subscription = nil
        center.post(HubFixtures.message("b"))

        #expect(received.ids == ["a"])
        #expect(subscription == nil)
    }

    @Test func storeInSetKeepsItAlive() {
        let center = HubFixtures.center()
        let received = Recorder<PushMessage>()
        var subscriptions = Set<PushCancellable>()
        center.subscribe { received.record($0) }.store(in: &subscriptions)
        center.subscribe { received.record($0) }.store(in: &subscriptions)

        #expect(center.post(HubFixtures.message("a")) == .delivered(2))
        #expect(subscriptions.count == 2)
        subscriptions.removeAll()
        #expect(center.post(HubFixtures.message("b")) == .parked)
    }

    @Test func subscriptionsAreEqualOnlyToThemselves() {
        let center = HubFixtures.center()
        let a = center.subscribe { _ in }
        let b = center.subscribe { _ in }
        #expect(a == a)
        #expect(a != b)
        #expect(Set([a, b, a]).count == 2)
    }

    @Test func closureSubscriptionRunsItsCancelActionOnce() {
        let count = LockedBox(0)
        let subscription = PushCancellable { count.withValue { $0 += 1 } }
        subscription.cancel()
        subscription.cancel()
        #expect(count.value == 1)
    }

    @Test func releasingAClosureSubscriptionRunsItsCancelActionOnce() {
        let count = LockedBox(0)
        var released: PushCancellable? = PushCancellable { count.withValue { $0 += 1 } }
        released = nil
        #expect(count.value == 1, "nothing else runs the action: the release must")

        var cancelledFirst: PushCancellable? = PushCancellable { count.withValue { $0 += 1 } }
        cancelledFirst?.cancel()
        cancelledFirst = nil
        #expect(count.value == 2)
        #expect(released == nil && cancelledFirst == nil)
    }

    @Test func releasingAMonitorsSubscriptionStopsTheMonitor() {
        let center = HubFixtures.center()
        let seen = Recorder<PushMessage>()
        var monitor: PushCancellable? = center.monitor { message, _ in seen.record(message) }
        center.post(HubFixtures.message("a"))
        monitor = nil
        center.post(HubFixtures.message("b"))
        #expect(seen.ids == ["a"])
        #expect(monitor == nil)
    }

    @Test func releasingCancelledAndLiveSubscriptionsInAnyOrderLeavesTheOthersListed() {
        let center = HubFixtures.center()
        let first = center.subscribe(replay: .none) { _ in }
        var middle: PushCancellable? = center.subscribe(replay: .none) { _ in }
        var newest: PushCancellable? = center.subscribe(replay: .none) { _ in }

        middle?.cancel()
        middle = nil
        #expect(center.post(HubFixtures.message("a")) == .delivered(2))
        newest = nil
        #expect(center.post(HubFixtures.message("b")) == .delivered(1))
        let later = center.subscribe(replay: .none) { _ in }
        #expect(center.post(HubFixtures.message("c")) == .delivered(2))
        #expect(middle == nil && newest == nil)
        _ = (first, later)
    }

    @Test func aSubscriptionCancelledHereAndReleasedOnAnotherThreadStaysCancelled() async {
        let center = HubFixtures.center()
        let received = Recorder<PushMessage>()
        let keeper = center.subscribe(replay: .none) { _ in }
        let released = DispatchGroup()
        for round in 0..<200 {
            let subscription = center.subscribe(replay: .none) { received.record($0) }
            subscription.cancel()
            DispatchQueue.global().async(group: released) { withExtendedLifetime(subscription) {} }
            center.post(HubFixtures.message("m\(round)"))
        }
        #expect(await released.waitOffThePool() == .success)
        #expect(received.count == 0, "no delivery after cancel() returned, wherever the release happened")
        #expect(center.post(HubFixtures.message("last")) == .delivered(1))
        _ = keeper
    }

    @Test func manySubscriptionsCanComeAndGoWithoutDisturbingTheOthers() {
        let center = HubFixtures.center()
        let kept = Recorder<PushMessage>()
        let keeper = center.subscribe { kept.record($0) }
        for round in 0..<100 {
            let transient = center.subscribe(replay: .none) { _ in }
            center.post(HubFixtures.message("m\(round)"))
            transient.cancel()
        }
        #expect(kept.count == 100)
        #expect(center.post(HubFixtures.message("last")) == .delivered(1))
        _ = keeper
    }

    @Test func releasingTheCenterEndsSubscriptionsCleanly() {
        var center: PushCenter? = HubFixtures.center()
        let subscription = center!.subscribe { _ in }
        center = nil
        subscription.cancel()
        #expect(subscription.isCancelled)
    }
}
