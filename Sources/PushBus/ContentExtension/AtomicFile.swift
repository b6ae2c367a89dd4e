import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Replaces a small file atomically: write a temporary file beside it, `fsync` it, `rename` it over the target,
/// `fsync` the directory. A reader sees the old bytes or the new ones; a crash at any instant leaves one of them.
enum AtomicFile {
    static func replace(_ url: URL, with data: Data, key: String) throws(SharedValueStore.Error) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(key: key, reason: String(cString: strerror(errno))) }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += result
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary.path)
            throw .writeFailed(key: key, reason: failure)
        }
        let directory = open(url.deletingLastPathComponent().path, O_RDONLY)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }
}
