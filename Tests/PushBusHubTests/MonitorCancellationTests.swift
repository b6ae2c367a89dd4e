import Dispatch
import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
import Testing

/// A monitor is never called after its `cancel()` returned: not later in the same post on this thread, not by a
/// post that starts later on any thread; a monitor may cancel itself from inside its own call.
@Suite(.timeLimit(.minutes(1))) struct MonitorCancellationTests {
    @Test func aMonitorCancelledDuringAFanOutIsNotCalledForThatPost() {
        // Given a monitor, and a subscriber that cancels it while handling a post
        let center = HubFixtures.center()
        let calls = LockedCounter()
        let monitor = center.monitor { _, _ in calls.increment() }
        let cancelling = center.subscribe { _ in monitor.cancel() }

        // When a message is posted (the subscriber runs before the monitors, on this thread)
        center.post(HubFixtures.message("a"))

        // Then the monitor was not called after its cancel() returned
        #expect(calls.value == 0)
        cancelling.cancel()
    }

    @Test func aMonitorThatCancelsItselfIsCalledOnceAndNeverAgain() {
        // Given a monitor that cancels itself from inside its call
        let center = HubFixtures.center()
        let calls = LockedCounter()
        let holder = LockedBox<PushCancellable?>(nil)
        holder.withValue {
            $0 = center.monitor { _, _ in
                calls.increment()
                holder.value?.cancel()
            }
        }

        // When two messages are posted
        center.post(HubFixtures.message("a"))
        center.post(HubFixtures.message("b"))

        // Then it was called once, and cancelling from inside did not deadlock
        #expect(calls.value == 1)
        #expect(holder.value?.isCancelled == true)
    }

    @Test func noMonitorCallStartsAfterCancelAndWaitReturnsWhilePostsRace() async {
        // Given posts racing on another thread (bounded: 2,000) and a monitor that checks, as each call starts,
        // whether cancelAndWait() has returned
        let center = HubFixtures.center()
        let cancelReturned = LockedBox(false)
        let lateCalls = LockedCounter()
        let calls = LockedCounter()
        let firstCall = DispatchSemaphore(value: 0)
        let monitor = center.monitor { _, _ in
            if cancelReturned.value { lateCalls.increment() }
            if calls.increment() == 1 { firstCall.signal() }
        }
        let postsDone = DispatchSemaphore(value: 0)
        Thread {
            for index in 0..<2_000 { center.post(HubFixtures.message("m\(index)")) }
            postsDone.signal()
        }.start()

        // When the monitor is cancelled and waited for while the posts run
        #expect(await firstCall.waitOffThePool() == .success)
        await OwnThread.run { monitor.cancelAndWait() }
        cancelReturned.withValue { $0 = true }

        // Then no call started after cancelAndWait() returned
        #expect(await postsDone.waitOffThePool() == .success)
        #expect(lateCalls.value == 0)
    }
}
