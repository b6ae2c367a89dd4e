import Dispatch
package import Foundation

#if canImport(Darwin)
internal import Darwin
#elseif canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#endif

/// Files in a directory other processes share (the app-group container), opened without trusting it:
/// the last path component is never followed when it is a symbolic link (`O_NOFOLLOW`), an
/// open never waits (`O_NONBLOCK`: a FIFO planted under a file's name cannot hang the process), anything but a
/// regular file is refused after opening (`fstat`), temporary files are created exclusively (`O_CREAT | O_EXCL`)
/// under unpredictable names, and no descriptor leaks into a child (`O_CLOEXEC`).
///
/// Used by the ledger, the Live Activity token store and the shared value store.
package enum SharedFile {
    /// Why a shared file could not be used.
    package enum Failure: Error, Equatable {
        /// `operation` failed with `errno`.
        case system(operation: String, errno: Int32)
        /// The name is a symbolic link, a FIFO, a device, a socket or a directory, not a regular file.
        case notRegular
        /// The file holds more than the caller reads.
        case tooLarge(limit: Int)

        /// In words, for the callers' error messages.
        package var reason: String {
            switch self {
            case .system(let operation, let code): return "\(operation) failed: \(SharedFile.describe(code))"
            case .notRegular: return "not a regular file (a symbolic link, FIFO or device is never used)"
            case .tooLarge(let limit): return "larger than \(limit) bytes"
            }
        }
    }

    /// Opens `path` with `flags` (plus `O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC`), refusing anything but a regular
    /// file.
    ///
    /// - Throws: ``Failure/notRegular`` for a symbolic link or a non-regular file, ``Failure/system(operation:errno:)``
    ///   otherwise (`ENOENT` when it is missing and `O_CREAT` is not given).
    package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws(Failure) -> Int32 {
        let descriptor = systemOpen(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            let code = errno
            // ELOOP: the name is a symbolic link; ENXIO: a FIFO without a reader opened for writing.
            if code == ELOOP || code == ENXIO { throw .notRegular }
            throw .system(operation: "open", errno: code)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            _ = systemClose(descriptor)
            throw .system(operation: "fstat", errno: code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            _ = systemClose(descriptor)
            throw .notRegular
        }
        if flags & O_CREAT != 0 { protectUntilFirstUnlock(path) }
        return descriptor
    }

    /// Takes `flock` on `descriptor` without blocking, retrying every millisecond for at most `seconds` of monotonic
    /// time: another process's hold never hangs the caller.
    ///
    /// - Returns: `false` when another holder kept the lock past `seconds`.
    /// - Throws: ``Failure/system(operation:errno:)`` when `flock` fails otherwise.
    package static func lock(_ descriptor: Int32, exclusive: Bool, waitingAtMost seconds: TimeInterval) throws(Failure)
        -> Bool
    {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1_000_000_000)
        while flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else { throw .system(operation: "flock", errno: code) }
            guard DispatchTime.now().uptimeNanoseconds < deadline else { return false }
            usleep(1_000)
        }
        return true
    }

    /// Gives a file this process creates or writes in the shared container the data protection a Notification
    /// Service Extension needs: readable once the device was unlocked after boot, even while it is locked again
    /// (`completeUntilFirstUserAuthentication`). An app whose default protection is `complete` would otherwise make
    /// the ledger unreadable to its extension whenever the phone is locked. Before the first unlock nothing can be
    /// read: the ledger reports `EPERM` / `EACCES`, which its writer retries. Nothing to do where there is no data
    /// protection (macOS, Linux).
    static func protectUntilFirstUnlock(_ path: String) {
        #if os(iOS) || os(watchOS) || os(tvOS) || os(visionOS)
        // By path, just after the descriptor was checked to be a regular file; failing to set it leaves the
        // container's default, never an error.
        try? FileManager.default.setAttributes(
            [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication], ofItemAtPath: path)
        #endif
    }

    /// Creates `path` for reading and writing, failing when anything (a file, a link) already has the name.
    package static func createExclusively(_ path: String) throws(Failure) -> Int32 {
        try open(path, O_RDWR | O_CREAT | O_EXCL)
    }

    /// The bytes of `path`, at most `limit`; `nil` when there is no such file.
    package static func read(_ path: String, limit: Int) throws(Failure) -> Data? {
        let descriptor: Int32
        do {
            descriptor = try open(path, O_RDONLY)
        } catch .system(_, ENOENT) {
            return nil
        }
        defer { _ = systemClose(descriptor) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(operation: "read", errno: errno)
            }
            guard data.count + count <= limit else { throw .tooLarge(limit: limit) }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    /// Replaces `path` by `bytes` atomically: written to an exclusively created temporary file with a random name
    /// beside it, `fsync`ed, renamed over `path` (a link at `path` is replaced, never followed), then the directory
    /// `fsync`ed. A crash at any instant leaves the old file or the new one; a failure removes the temporary file.
    package static func replace(_ path: String, with bytes: Data) throws(Failure) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<8 where descriptor < 0 {
            temporary = directory + "/." + name + "." + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".tmp"
            do {
                descriptor = try createExclusively(temporary)
            } catch .system(_, EEXIST) {
                continue
            }
        }
        guard descriptor >= 0 else { throw .system(operation: "open", errno: EEXIST) }
        do throws(Failure) {
            try write(bytes, to: descriptor)
            guard fsync(descriptor) == 0 else { throw .system(operation: "fsync", errno: errno) }
            guard systemClose(descriptor) == 0 else {
                descriptor = -1
                throw .system(operation: "close", errno: errno)
            }
            descriptor = -1
            guard rename(temporary, path) == 0 else { throw .system(operation: "rename", errno: errno) }
        } catch {
            if descriptor >= 0 { _ = systemClose(descriptor) }
            unlink(temporary)
            throw error
        }
        syncDirectory(directory)
    }

    /// Writes all of `bytes` at the descriptor's position.
    private static func write(_ bytes: Data, to descriptor: Int32) throws(Failure) {
        let failure = bytes.withUnsafeBytes { buffer -> Int32? in
            var done = 0
            while done < buffer.count {
                let result = systemWrite(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += result
            }
            return nil
        }
        if let failure { throw .system(operation: "write", errno: failure) }
    }

    /// `fsync`s a directory, so that a rename in it survives a power loss (best effort).
    package static func syncDirectory(_ directory: String) {
        let descriptor = systemOpen(directory, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = systemClose(descriptor)
    }

    /// `strerror` with the number: `No such file or directory (errno 2)`.
    package static func describe(_ code: Int32) -> String { "\(String(cString: strerror(code))) (errno \(code))" }
}

/// `open(2)`, `close(2)`, `read(2)` and `write(2)`, named apart from the methods of the types that use them.
@inline(__always) func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Darwin)
    return Darwin.open(path, flags, mode)
    #elseif canImport(Glibc)
    return Glibc.open(path, flags, mode)
    #else
    return Musl.open(path, flags, mode)
    #endif
}

@inline(__always) package func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    return Darwin.close(descriptor)
    #elseif canImport(Glibc)
    return Glibc.close(descriptor)
    #else
    return Musl.close(descriptor)
    #endif
}

/// `read(2)`; also the CLI's input reader's.
@inline(__always) package func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int
{
    #if canImport(Darwin)
    return Darwin.read(descriptor, buffer, count)
    #elseif canImport(Glibc)
    return Glibc.read(descriptor, buffer, count)
    #else
    return Musl.read(descriptor, buffer, count)
    #endif
}

@inline(__always) func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    return Darwin.write(descriptor, buffer, count)
    #elseif canImport(Glibc)
    return Glibc.write(descriptor, buffer, count)
    #else
    return Musl.write(descriptor, buffer, count)
    #endif
}
