import Dispatch
import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
import Testing

/// `cancel()` never blocks (deinit, `for await` cancellation); `cancelAndWait()` waits, but only for deliveries
/// that could still call this handler. Bounded: every wait has a timeout, so a regression fails instead of hanging.
@Suite(.timeLimit(.minutes(2))) struct CancelWithoutBlockingTests {
    @Test func aHandlerThatBlocksOnAThreadWhichReleasesItsSubscriptionFinishes() async {
        // Given a handler that hops synchronously to another thread, and that thread releases the subscription
        // (the "background handler syncs to main while main releases a subscription" deadlock of issue 10)
        let center = HubFixtures.center()
        let other = DispatchQueue(label: "other")
        let holder = LockedBox<PushCancellable?>(nil)
        holder.withValue {
            $0 = center.subscribe { _ in
                other.sync { holder.withValue { $0 = nil } }
            }
        }

        // When a message is posted on a background thread
        let done = DispatchSemaphore(value: 0)
        Thread {
            center.post(HubFixtures.message("a"))
            done.signal()
        }.start()

        // Then the post returns in bounded time
        #expect(await done.waitOffThePool() == .success)
    }

    @Test func forAwaitCancellationNeverBlocksAPoolThread() async {
        // Given a for-await consumer, and a fan-out that is stuck in an earlier handler before reaching it
        let center = HubFixtures.center()
        let release = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let blocker = center.subscribe { _ in
            entered.signal()
            release.wait()  // blocking-ok: the handler runs on the Thread that posts, below
        }
        let stream = center.messages(replay: .none)
        let consumer = Task {
            for await _ in stream {}
            return true
        }
        Thread { center.post(HubFixtures.message("a")) }.start()
        #expect(await entered.waitOffThePool() == .success)

        // When the consuming task is cancelled while that fan-out still runs
        let cancelled = DispatchSemaphore(value: 0)
        Thread {
            consumer.cancel()
            cancelled.signal()
        }.start()

        // Then cancelling returned and the loop ended without waiting for the stuck fan-out
        let returnedPromptly = await cancelled.waitOffThePool() == .success
        #expect(returnedPromptly)
        if returnedPromptly { #expect(await consumer.value) }
        release.signal()
        _ = blocker
    }

    @Test func cancelAndWaitWaitsForARunningDeliveryToThisHandler() async {
        // Given a handler running on another thread
        let center = HubFixtures.center()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = LockedBox(false)
        let subscription = center.subscribe { _ in
            entered.signal()
            release.wait()  // blocking-ok: the handler runs on the Thread that posts, below
            finished.withValue { $0 = true }
        }
        Thread { center.post(HubFixtures.message("a")) }.start()
        #expect(await entered.waitOffThePool() == .success)

        // When it is released only once this thread's cancelAndWait() has cancelled (so it cannot have finished
        // before the call), the release bounded by the deadline
        let releasedAfterCancel = LockedBox(false)
        Thread {
            let deadline = TestDeadline.fromNow()
            while !subscription.isCancelled, DispatchTime.now() < deadline { Thread.sleep(forTimeInterval: 0) }
            releasedAfterCancel.withValue { $0 = subscription.isCancelled }
            release.signal()
        }.start()
        await OwnThread.run { subscription.cancelAndWait() }

        // Then cancelAndWait() returned only after the handler finished
        #expect(finished.value)
        #expect(releasedAfterCancel.value)
    }

    @Test func cancelAndWaitDoesNotWaitForADeliveryThatCannotCallThisHandler() async {
        // Given a fan-out stuck in a handler, which began before this subscription existed
        let center = HubFixtures.center()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let blocker = center.subscribe { _ in
            entered.signal()
            release.wait()  // blocking-ok: the handler runs on the Thread that posts, below
        }
        Thread { center.post(HubFixtures.message("a")) }.start()
        #expect(await entered.waitOffThePool() == .success)
        let late = center.subscribe(replay: .none) { _ in }

        // When the later subscription is cancelled and waited for
        let done = DispatchSemaphore(value: 0)
        Thread {
            late.cancelAndWait()
            done.signal()
        }.start()

        // Then it returns while the other fan-out is still stuck
        #expect(await done.waitOffThePool() == .success)
        release.signal()
        _ = blocker
    }

    @Test func cancelAndWaitFromInsideItsOwnHandlerDoesNotDeadlock() async {
        let center = HubFixtures.center()
        let holder = LockedBox<PushCancellable?>(nil)
        let calls = LockedBox(0)
        holder.withValue {
            $0 = center.subscribe { _ in
                calls.withValue { $0 += 1 }
                holder.value?.cancelAndWait()  // blocking-ok: the handler runs on the Thread that posts, below
            }
        }
        let done = DispatchSemaphore(value: 0)
        Thread {
            center.post(HubFixtures.message("a"))
            center.post(HubFixtures.message("b"))
            done.signal()
        }.start()

        #expect(await done.waitOffThePool() == .success)
        #expect(calls.value == 1)
    }

    @Test func releasingASubscriptionWhileItsHandlerRunsElsewhereDoesNotBlock() async {
        let center = HubFixtures.center()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        var subscription: PushCancellable? = center.subscribe { _ in
            entered.signal()
            release.wait()  // blocking-ok: the handler runs on the Thread that posts, below
        }
        Thread { center.post(HubFixtures.message("a")) }.start()
        #expect(await entered.waitOffThePool() == .success)

        // Releasing returns at once although the handler is still running (deinit never waits)
        subscription = nil
        #expect(subscription == nil)
        release.signal()
    }
}
