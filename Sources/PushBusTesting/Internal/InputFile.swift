package import Foundation
import PushBusCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input of the CLI or of a scenario (a file, a FIFO such as `<(cat f)`, a device, or standard input) with a size cap
/// checked while reading, so a 50 MB file or an endless `yes '[' |` stops at the cap instead of filling memory.
/// Opening never waits: a FIFO without a writer reads as empty instead of hanging the command.
///
/// Plain `read(2)` instead of `FileHandle`/`Data(contentsOf:)`: `FileHandle.readDataToEndOfFile()` traps on a
/// closed standard input, and Foundation reports a FIFO or an unreadable device as a permission problem.
package enum InputFile {
    /// Why an input could not be read, without the input's name (`no such file`, `larger than …`).
    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) { self.description = description }

        /// `cannot read PATH: REASON`, for commands whose output does not already name the input.
        package func message(for path: String) -> String {
            "cannot read \(path == "-" ? "standard input" : path): \(description)"
        }
    }

    /// Payloads are at most 4 KB (5 KB for VoIP); a megabyte leaves room for hand-written files.
    package static let payloadLimit = 1 << 20
    /// Scenario files list many steps; still far below what would hurt.
    package static let scenarioLimit = 16 << 20

    /// The bytes of `path` (`-` for standard input), at most `limit` of them.
    ///
    /// - Throws: ``Failure`` naming the input and what happened (missing, a directory, closed, too large, …).
    package static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        let descriptor: Int32
        if path == "-" {
            descriptor = 0
            // A closed standard input may already have been reused by the runtime (an event descriptor with no
            // file type): both read as closed.
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) != 0 else {
                throw Failure(description: closedStandardInput)
            }
        } else {
            // O_NONBLOCK: opening a FIFO nobody writes to returns at once (and reads as empty) instead of waiting.
            descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { throw Failure(description: reason(errno)) }
        }
        defer { if descriptor != 0 { _ = close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(description: "it is a directory, not a file")
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress, buffer.count)
            }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                // A pipe whose writer has not written yet (`<(slow command)`): wait for its data or its end.
                if path != "-", errno == EAGAIN || errno == EWOULDBLOCK {
                    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&request, 1, -1)
                    continue
                }
                // A closed standard input: the runtime may have reused descriptor 0 for something unreadable.
                let closed = path == "-" && [EBADF, EINVAL, EAGAIN, EWOULDBLOCK].contains(errno)
                throw Failure(description: closed ? closedStandardInput : reason(errno))
            }
            guard data.count + count <= limit else {
                throw Failure(
                    description: "larger than \(limit) bytes, the most pushbus reads from one input; nothing was parsed"
                )
            }
            data.append(contentsOf: chunk[0..<count])
        }
        return data
    }

    private static let closedStandardInput = "standard input is closed or not readable"

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a directory"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
