import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Another process's exclusive lock on a ledger: a separate open of `ledger.lock` conflicts with the ledger's own,
/// even in this process (`flock` locks belong to the open file).
public final class ForeignLedgerLock {
    let descriptor: Int32

    public init(_ directory: LedgerDirectory) throws {
        descriptor = open(directory.url.appendingPathComponent("ledger.lock").path, O_RDWR)
        // blocking-ok: the ledger holds the lock only inside a write (microseconds); no test takes it while
        // another foreign lock holds it
        guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else { throw CocoaError(.fileLocking) }
    }

    public func release() {
        _ = flock(descriptor, LOCK_UN)
        _ = close(descriptor)
    }
}
