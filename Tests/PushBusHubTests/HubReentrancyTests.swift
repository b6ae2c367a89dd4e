import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
import Testing

@Suite(.timeLimit(.minutes(2))) struct HubReentrancyTests {
    @Test func handlerCanCancelItsOwnSubscription() {
        let center = HubFixtures.center()
        let received = Recorder<PushMessage>()
        let holder = LockedBox<PushCancellable?>(nil)
        let subscription = center.subscribe { message in
            received.record(message)
            holder.value?.cancel()
        }
        holder.withValue { $0 = subscription }

        center.post(HubFixtures.message("a"))
        center.post(HubFixtures.message("b"))

        #expect(received.ids == ["a"])
        #expect(subscription.isCancelled)
    }

    @Test func handlerCancellingALaterSubscriptionStopsTheCurrentDeliveryToIt() {
        let center = HubFixtures.center()
        let second = Recorder<PushMessage>()
        let victim = LockedBox<PushCancellable?>(nil)
        let first = center.subscribe { _ in victim.value?.cancel() }
        let later = center.subscribe { second.record($0) }
        victim.withValue { $0 = later }

        #expect(center.post(HubFixtures.message("a")) == .delivered(1))
        #expect(second.values.isEmpty)
        _ = first
    }

    @Test func handlerThatPostsDeliversTheNestedMessageToEveryoneBeforeContinuing() {
        let center = HubFixtures.center()
        let log = Recorder<String>()
        let a = center.subscribe { message in
            log.record("A:\(message.id)")
            if message.id.rawValue == "outer" { center.post(HubFixtures.message("inner")) }
        }
        let b = center.subscribe { message in log.record("B:\(message.id)") }

        center.post(HubFixtures.message("outer"))

        #expect(log.values == ["A:outer", "A:inner", "B:inner", "B:outer"])
        _ = (a, b)
    }

    @Test func subscriptionMadeDuringDeliveryGetsOnlyLaterMessages() {
        let center = HubFixtures.center()
        let late = Recorder<PushMessage>()
        let made = LockedBox<PushCancellable?>(nil)
        let a = center.subscribe { _ in
            if made.value == nil {
                made.withValue { $0 = center.subscribe(replay: .none) { late.record($0) } }
            }
        }
        center.post(HubFixtures.message("first"))
        center.post(HubFixtures.message("second"))

        #expect(late.ids == ["second"])
        _ = a
    }

    @Test func handlerCanReadTheCenterWhileDelivering() {
        let center = HubFixtures.center()
        let seen = LockedBox(-1)
        let a = center.subscribe { _ in
            let statistics = center.statistics
            seen.withValue { $0 = statistics.posted + center.parkedMessages.count }
        }
        center.post(HubFixtures.message("a"))
        #expect(seen.value == 1)
        _ = a
    }

    @Test func filterPredicateCanCallIntoTheCenter() {
        let center = HubFixtures.center()
        let received = Recorder<PushMessage>()
        let a = center.subscribe(.where { _ in center.statistics.posted > 0 }) { received.record($0) }
        center.post(HubFixtures.message("a"))
        #expect(received.ids == ["a"])
        _ = a
    }

    @Test func handlersCancellingEachOtherOnTwoThreadsDoNotDeadlock() async {
        // Given two subscriptions whose handlers cancel each other
        let center = HubFixtures.center(deduplicationWindow: 0)
        let subscriptions = LockedBox<[PushCancellable]>([])
        let start = DispatchSemaphore(value: 0)
        let a = center.subscribe { _ in subscriptions.value.last?.cancel() }
        let b = center.subscribe { _ in subscriptions.value.first?.cancel() }
        subscriptions.withValue { $0 = [a, b] }

        // When two threads post at once
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread.detachNewThread {
                start.wait()
                center.post(HubFixtures.message("x"))
                group.leave()
            }
        }
        start.signal()
        start.signal()

        // Then both posts return and both subscriptions end up cancelled
        #expect(await group.waitOffThePool() == .success)
        #expect(a.isCancelled || b.isCancelled)
    }
}
