#if canImport(Darwin)
internal import Darwin
#elseif canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#endif

/// Work that wakes another thread (the ledger's writer, a task that sets the badge), moved past iOS's answer: inside
/// an adapter's callback (``deferring(_:)``) it waits until the callback has called the completion handler and
/// returns, then runs on the same thread, in order; anywhere else it runs at once. Waking a thread is a system call
/// and a context switch on a 2-core device: several microseconds each on the thread iOS waits on.
package enum AfterAnswer {
    /// The work deferred on one thread, in the order it came.
    private final class Pending {
        var work: [() -> Void] = []
    }

    /// Runs `body`; work handed to ``run(_:)`` on this thread meanwhile runs once `body` returns. Nested calls join the
    /// outermost.
    package static func deferring<T>(_ body: () throws -> T) rethrows -> T {
        guard pthread_getspecific(key) == nil else { return try body() }
        let pending = Pending()
        pthread_setspecific(key, Unmanaged.passUnretained(pending).toOpaque())
        defer {
            pthread_setspecific(key, nil)
            var index = 0
            while index < pending.work.count {  // work may defer more work: it runs at once now
                pending.work[index]()
                index += 1
            }
        }
        return try withExtendedLifetime(pending) { try body() }
    }

    /// A Boolean value indicating whether work handed to ``run(_:)`` on this thread waits for the answer.
    package static var isDeferring: Bool { pthread_getspecific(key) != nil }

    /// Runs `work` now, or after the current ``deferring(_:)`` on this thread returns.
    package static func run(_ work: @escaping () -> Void) {
        guard let raw = pthread_getspecific(key) else { return work() }
        Unmanaged<Pending>.fromOpaque(raw).takeUnretainedValue().work.append(work)
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
