import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The small JSON files PushBus keeps beside the ledger (the local-notification schedule, the token registry):
/// read without following a link, only from a regular file and up to a size; replaced atomically.
enum StoreFile {
    /// Why a store file could not be read or written.
    struct Failure: Error {
        /// `true` when the file exists but is not readable as a regular file within the limit.
        var isUnreadable: Bool
        var reason: String
    }

    /// The file's bytes; `nil` when there is no file.
    static func read(_ url: URL, limit: Int) throws(Failure) -> Data? {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw Failure(isUnreadable: true, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(isUnreadable: true, reason: "not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw Failure(isUnreadable: true, reason: "larger than \(limit) bytes")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure(isUnreadable: true, reason: String(cString: strerror(errno))) }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
            guard data.count <= limit else { throw Failure(isUnreadable: true, reason: "larger than \(limit) bytes") }
        }
    }

    /// Replaces the file atomically (the package's `AtomicFile`).
    static func write(_ data: Data, to url: URL) throws(Failure) {
        do {
            try AtomicFile.replace(url, with: data, key: url.lastPathComponent)
        } catch {
            throw Failure(isUnreadable: false, reason: "\(error)")
        }
    }

    /// A Boolean value indicating whether `url` is an existing directory.
    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
