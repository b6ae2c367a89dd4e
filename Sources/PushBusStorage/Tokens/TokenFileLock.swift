internal import Foundation
internal import PushBusCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Serializes changes to the token file between processes: an exclusive `flock` on a lock file beside it, held for
/// one read and one write. Without it, an app and a widget extension's push handler that both read, changed and
/// replaced the file at once kept only one of the two changes.
///
/// The wait is bounded (as the ledger's): a holder that never lets go makes the change fail with a typed error
/// instead of hanging the caller.
enum TokenFileLock {
    /// How long a change waits for another process's change: they take milliseconds.
    static let maximumWait: TimeInterval = 2

    /// Runs `body` holding the lock beside `file`.
    static func withLock<T>(beside file: URL, _ body: () throws -> T) throws -> T {
        let path = file.path + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StoreFileError(.writeFailed, path: path, "cannot open the lock file (errno \(errno))")
        }
        defer { close(descriptor) }
        let deadline = Date().addingTimeInterval(maximumWait)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                throw StoreFileError(.writeFailed, path: path, "flock failed (errno \(code))")
            }
            guard Date() < deadline else {
                throw StoreFileError(.writeFailed, path: path, "another process held the lock past \(maximumWait) s")
            }
            usleep(1_000)
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
