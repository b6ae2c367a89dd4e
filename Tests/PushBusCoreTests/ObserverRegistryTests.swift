import Dispatch
import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusTestSupport
import Testing

/// The observer primitive itself: order, gating of each call by cancel, and `cancelAndWait()` from inside calls
/// running on two threads at once (each waits only for calls that are not themselves waiting).
@Suite(.timeLimit(.minutes(1))) struct ObserverRegistryTests {
    @Test func callsObserversInRegistrationOrderAndSkipsOnesCancelledMeanwhile() {
        // Given three observers, the first cancelling the third
        let registry = ObserverRegistry<@Sendable (Int) -> Void>()
        let calls = LockedBox<[String]>([])
        let third = LockedBox<ObserverRegistry<@Sendable (Int) -> Void>.Token?>(nil)
        let first = registry.add { _ in
            calls.withValue { $0.append("first") }
            third.value?.cancel()
        }
        let second = registry.add { _ in calls.withValue { $0.append("second") } }
        third.withValue { $0 = registry.add { _ in calls.withValue { $0.append("third") } } }

        // When they are notified
        registry.forEach { observer in observer(1) }

        // Then the third, cancelled before its turn, was not called
        #expect(calls.value == ["first", "second"])
        #expect(third.value?.isCancelled == true && !first.isCancelled && !second.isCancelled)
    }

    @Test func aClosedRegistryBornCancelsNewRegistrations() {
        let registry = ObserverRegistry<@Sendable () -> Void>()
        let calls = LockedCounter()
        registry.close()
        let token = registry.add { calls.increment() }
        registry.forEach { observer in observer() }
        #expect(token.isCancelled && calls.value == 0)
    }

    @Test func twoCallsThatCancelAndWaitEachOtherBothReturn() async {
        // Given one observer whose calls on two threads both reach cancelAndWait() while the other runs
        let registry = ObserverRegistry<@Sendable () -> Void>()
        let holder = LockedBox<ObserverRegistry<@Sendable () -> Void>.Token?>(nil)
        let inside = DispatchSemaphore(value: 0)
        let bothInside = DispatchSemaphore(value: 0)
        holder.withValue {
            $0 = registry.add {
                // blocking-ok: the observer is called on the two threads this test starts below
                inside.signal()
                bothInside.wait()  // blocking-ok: on a thread of this test's
                holder.value?.cancelAndWait()  // blocking-ok: on a thread of this test's
            }
        }
        let snapshot = registry.snapshot()
        let done = DispatchGroup()
        for _ in 0..<2 {
            done.enter()
            Thread {
                registry.notify(snapshot) { observer in observer() }
                done.leave()
            }.start()
        }

        // When both calls are inside and let go together
        #expect(await inside.waitOffThePool() == .success)
        #expect(await inside.waitOffThePool() == .success)
        bothInside.signal()
        bothInside.signal()

        // Then neither waits for the other forever
        #expect(await done.waitOffThePool() == .success)
        #expect(holder.value?.isCancelled == true)
    }
}
