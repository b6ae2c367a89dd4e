public import Dispatch
import Foundation

/// Runs a synchronous wait on a thread of its own while the calling task suspends.
///
/// Swift concurrency runs every test, synchronous or `async`, on its cooperative pool, which has as many threads
/// as the machine has cores (two on CI). A test that waits synchronously there (a semaphore, a child's exit, a
/// pipe read, threads it started) stops one of those threads for as long as it waits; two such tests stop every
/// task in the process, and the tests that measure a wall-clock deadline beside them fail. So a test never waits
/// synchronously: it awaits, and what can only wait synchronously runs here (`.ci/steps/45-no-blocking-waits.sh`
/// finds a blocking wait written anywhere else).
///
/// ```swift
/// let (status, output) = try await OwnThread.run { try child.finish() }
/// #expect(await done.waitOffThePool() == .success)
/// ```
public enum OwnThread {
    /// Runs `work` on a new thread and returns what it returns; the calling task suspends meanwhile.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.name = "PushBusTestSupport.OwnThread"
            thread.start()
        }
    }

    /// Runs `work` on a new thread and returns what it returns; the calling task suspends meanwhile.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = "PushBusTestSupport.OwnThread"
            thread.start()
        }
    }
}

extension DispatchSemaphore {
    /// Waits for a signal until `timeout` (default: ``TestDeadline``) on a thread of its own: the calling task
    /// suspends, no thread of the cooperative pool waits.
    public func waitOffThePool(timeout: DispatchTime = TestDeadline.fromNow()) async -> DispatchTimeoutResult {
        // The semaphore crosses to the waiting thread; DispatchSemaphore is thread-safe by design.
        let semaphore = UncheckedSemaphore(semaphore: self)
        return await OwnThread.run { semaphore.semaphore.wait(timeout: timeout) }
    }
}

extension DispatchGroup {
    /// Waits for the group until `timeout` (default: ``TestDeadline``) on a thread of its own: the calling task
    /// suspends, no thread of the cooperative pool waits.
    public func waitOffThePool(timeout: DispatchTime = TestDeadline.fromNow()) async -> DispatchTimeoutResult {
        let group = UncheckedGroup(group: self)
        return await OwnThread.run { group.group.wait(timeout: timeout) }
    }
}

/// Safe: a semaphore is made to be signalled and waited on from any thread.
private struct UncheckedSemaphore: @unchecked Sendable { let semaphore: DispatchSemaphore }
/// Safe: a group is made to be entered, left and waited on from any thread.
private struct UncheckedGroup: @unchecked Sendable { let group: DispatchGroup }
