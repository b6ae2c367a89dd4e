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
    fileprivate final class Pending {
        private(set) var work: [() -> Void] = []

        /// Appends `item`; the first one takes room for a tap's usual work at once (the ledger's record and wake,
        /// a route, the inbox's note, the badge), so that deferring costs one allocation rather than a growth per
        /// item on the thread iOS waits on.
        func append(_ item: @escaping () -> Void) {
            if work.isEmpty { work.reserveCapacity(8) }
            work.append(item)
        }

        func replace(at index: Int, with item: @escaping () -> Void) { work[index] = item }
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

    /// A place in the deferred work, taken now and given its work later (``reserve()``).
    package struct Slot {
        fileprivate let pending: Pending?
        fileprivate let index: Int

        fileprivate init(pending: Pending?, index: Int) {
            self.pending = pending
            self.index = index
        }

        /// Runs `work` at the reserved place, or now when nothing was deferred.
        package func fill(_ work: @escaping () -> Void) {
            guard let pending else { return work() }
            pending.replace(at: index, with: work)
        }
    }

    /// Takes the next place in the work deferred on this thread, for work known only later that must run before
    /// what is deferred meanwhile (a post's ledger record, ahead of the routes its subscribers defer).
    package static func reserve() -> Slot {
        guard let raw = pthread_getspecific(key) else { return Slot(pending: nil, index: 0) }
        let pending = Unmanaged<Pending>.fromOpaque(raw).takeUnretainedValue()
        pending.append({})
        return Slot(pending: pending, index: pending.work.count - 1)
    }

    /// Runs `work` now, or after the current ``deferring(_:)`` on this thread returns.
    package static func run(_ work: @escaping () -> Void) {
        guard let raw = pthread_getspecific(key) else { return work() }
        Unmanaged<Pending>.fromOpaque(raw).takeUnretainedValue().append(work)
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
