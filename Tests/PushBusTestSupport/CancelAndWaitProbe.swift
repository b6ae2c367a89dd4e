import Dispatch
import Foundation
public import PushBusCore
public import Testing

/// Drives one registration of any kind (a hub subscription, a monitor, an inbox or settings observer, a router
/// observer…) through the two `cancelAndWait()` promises, with semaphores rather than sleeps.
///
/// `register` registers a callback that calls the closure it is given and returns the subscription; `trigger`
/// makes the registry call it (a post, an update). The closure is armed only for the calls the probe makes, so a
/// replay made while registering passes straight through. Every call is made on a thread of the probe's own; the
/// probe's own waits suspend (``OwnThread``).
public enum CancelAndWaitProbe {
    /// Expects that `cancelAndWait()`, called on a third thread while the callback runs on a second one, returns
    /// only after that call finished; records an issue otherwise.
    public static func waitsForARunningCall(
        register: (_ callback: @escaping @Sendable () -> Void) -> PushCancellable,
        trigger: @escaping @Sendable () -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let armed = LockedBox(false)
        let finished = LockedBox(false)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let subscription = register {
            guard
                armed.withValue({ armed in
                    defer { armed = false }; return armed
                })
            else { return }
            entered.signal()
            release.wait()  // blocking-ok: the callback runs on the thread `trigger` was started on below
            finished.withValue { $0 = true }
        }

        // Given a call running on a second thread
        armed.withValue { $0 = true }
        Thread { trigger() }.start()
        guard await entered.waitOffThePool() == .success else {
            Issue.record("the callback was never called", sourceLocation: sourceLocation)
            release.signal()
            return
        }

        // When a third thread calls cancelAndWait() and the call is then let go
        let started = DispatchSemaphore(value: 0)
        let returned = DispatchSemaphore(value: 0)
        let sawFinished = LockedBox(false)
        Thread {
            started.signal()
            subscription.cancelAndWait()
            sawFinished.withValue { $0 = finished.value }
            returned.signal()
        }.start()
        _ = await started.waitOffThePool()
        release.signal()

        // Then cancelAndWait() returned after the call finished
        guard await returned.waitOffThePool() == .success else {
            Issue.record("cancelAndWait() never returned", sourceLocation: sourceLocation)
            return
        }
        #expect(
            sawFinished.value, "cancelAndWait() returned before the running call finished",
            sourceLocation: sourceLocation)
    }

    /// Expects that `cancelAndWait()` called from inside the callback returns (on the thread that made the call),
    /// and that the callback is not called again afterwards; records an issue otherwise.
    public static func returnsFromInsideTheCallback(
        register: (_ callback: @escaping @Sendable () -> Void) -> PushCancellable,
        trigger: @escaping @Sendable () -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let holder = LockedBox<PushCancellable?>(nil)
        let armed = LockedBox(false)
        let calls = LockedCounter()
        let subscription = register {
            guard armed.value else { return }
            calls.increment()
            holder.value?.cancelAndWait()  // blocking-ok: on the thread below, which calls `trigger`
        }
        holder.withValue { $0 = subscription }
        armed.withValue { $0 = true }

        let done = DispatchSemaphore(value: 0)
        Thread {
            trigger()
            trigger()
            done.signal()
        }.start()
        guard await done.waitOffThePool() == .success else {
            Issue.record("cancelAndWait() from inside the callback never returned", sourceLocation: sourceLocation)
            return
        }
        holder.withValue { $0 = nil }
        #expect(calls.value == 1, "called again after cancelAndWait()", sourceLocation: sourceLocation)
        #expect(subscription.isCancelled, sourceLocation: sourceLocation)
    }
}
