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
/// The lock file is opened as every shared file is (``SharedFile/open(_:_:mode:)``: no link followed, no FIFO waited
/// on), and the wait is bounded, as the ledger's: a holder that never lets go makes the change fail with a typed
/// error instead of hanging the caller.
enum TokenFileLock {
    /// How long a change waits for another process's change: they take milliseconds.
    static let maximumWait: TimeInterval = 2

    /// Runs `body` holding the lock beside `file`; `body` alone when there is no file (a registry in memory).
    static func withLock<T>(beside file: URL?, _ body: () throws -> T) throws -> T {
        guard let file else { return try body() }
        let path = file.path + ".lock"
        let descriptor: Int32
        do throws(SharedFile.Failure) {
            descriptor = try SharedFile.open(path, O_RDWR | O_CREAT)
        } catch {
            throw StoreFileError(.writeFailed, path: path, error.reason)
        }
        defer { _ = systemClose(descriptor) }  // closing lets go of the lock
        let isHeld: Bool
        do throws(SharedFile.Failure) {
            isHeld = try SharedFile.lock(descriptor, exclusive: true, waitingAtMost: maximumWait)
        } catch {
            throw StoreFileError(.writeFailed, path: path, error.reason)
        }
        guard isHeld else {
            throw StoreFileError(.writeFailed, path: path, "another process held the lock past \(maximumWait) s")
        }
        return try body()
    }
}
