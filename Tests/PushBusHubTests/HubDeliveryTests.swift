import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
import Testing

@Suite(.timeLimit(.minutes(2))) struct HubDeliveryTests {
    @Test func deliversToEverySubscriptionInSubscriptionOrder() {
        let center = HubFixtures.center()
        let order = Recorder<String>()
        let first = center.subscribe { _ in order.record("first") }
        let second = center.subscribe { _ in order.record("second") }
        let third = center.subscribe { _ in order.record("third") }

        let receipt = center.post(HubFixtures.message("a"))

        #expect(receipt == .delivered(3))
        #expect(order.values == ["first", "second", "third"])
        _ = (first, second, third)
    }

    @Test func runsHandlersSynchronouslyBeforePostReturns() {
        let center = HubFixtures.center()
        let received = Recorder<PushMessage>()
        let subscription = center.subscribe { received.record($0) }

        center.post(HubFixtures.message("a"))
        #expect(received.ids == ["a"])
        center.post(HubFixtures.message("b"))
        #expect(received.ids == ["a", "b"])
        _ = subscription
    }

    @Test func runsHandlersOnThePostingThread() async {
        let center = HubFixtures.center()
        let threads = Recorder<Bool>()
        let subscription = center.subscribe { _ in threads.record(Thread.isMainThread) }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            center.post(HubFixtures.message("a"))
            done.signal()
        }
        #expect(await done.waitOffThePool() == .success)
        #expect(threads.values == [false])
        _ = subscription
    }

    @Test func countsOnlySubscriptionsWhoseFilterMatches() {
        let center = HubFixtures.center()
        let tapped = Recorder<PushMessage>()
        let all = Recorder<PushMessage>()
        let a = center.subscribe(.tapped) { tapped.record($0) }
        let b = center.subscribe { all.record($0) }

        #expect(center.post(HubFixtures.message("r", kind: .remote)) == .delivered(1))
        #expect(center.post(HubFixtures.message("t", kind: .remoteTapped)) == .delivered(2))
        #expect(tapped.ids == ["t"])
        #expect(all.ids == ["r", "t"])
        _ = (a, b)
    }

    @Test func countsPostsDeliveriesParkingAndDuplicatesInStatistics() {
        let center = HubFixtures.center()
        center.post(HubFixtures.message("parked"))
        let subscription = center.subscribe(replay: .none) { _ in }
        center.post(HubFixtures.message("a"))
        center.post(HubFixtures.message("a"))

        let statistics = center.statistics
        #expect(statistics.posted == 3)
        #expect(statistics.parked == 1)
        #expect(statistics.delivered == 1)
        #expect(statistics.duplicates == 1)
        #expect(statistics.expired == 0)
        #expect(statistics.dropped == 0)
        _ = subscription
    }
}
