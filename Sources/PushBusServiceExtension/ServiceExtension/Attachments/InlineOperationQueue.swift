import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking

/// A delegate queue that runs each operation at once, on the thread that adds it (FoundationNetworking only).
///
/// FoundationNetworking hands a data task's chunks to the delegate queue from the session's own serial queue, as
/// libcurl produces them, without waiting for the delegate and ignoring the response disposition. On a queue of
/// its own, a delegate slower than the network falls behind, every chunk not yet seen stays in memory, and a byte
/// cap checked in the delegate acts only when the delegate catches up: measured on loopback, an endless body
/// peaked at 566 MB and a gzip bomb at 1.16 GB. Run inline, the delegate counts and writes each chunk as it
/// arrives, libcurl reads nothing more until the chunk is written, and a cancel at the cap is queued behind the
/// very chunk that crossed it.
///
/// Every operation FoundationNetworking adds is a short delegate call that never waits on the session's queue
/// (completion handlers and `cancel()` dispatch to it asynchronously), so running them there cannot deadlock.
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    // Safe: it holds no state of its own; every operation runs on the caller's thread before `addOperation` returns.

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) { block() }

    override func addOperation(_ operation: Operation) { operation.start() }
}
#endif
