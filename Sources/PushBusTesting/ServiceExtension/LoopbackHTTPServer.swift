public import Foundation
@_spi(PushBusInternals) import PushBusCore
public import PushBusServiceExtension

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests of attachment downloads (and the NSE benchmark).
///
/// Each connection is answered on its own thread; bodies are generated in 64 KB chunks, never held whole, so
/// serving large files does not inflate the process's memory. Allow `127.0.0.1` in the pipeline's
/// `AttachmentPolicy/allowedInsecureHosts`.
///
/// ```swift
/// let server = try LoopbackHTTPServer(routes: ["/cat.jpg": .media(.jpeg, length: 40_000)])
/// defer { server.stop() }
/// let payload: [String: Any] = [
///     "aps": ["alert": "Hi", "mutable-content": 1], "image": server.url("/cat.jpg").absoluteString,
/// ]
/// ```
public final class LoopbackHTTPServer: Sendable {
    /// What a path answers.
    public struct Response: Sendable {
        /// How the body is produced.
        public enum Body: Sendable {
            /// These bytes.
            case bytes(Data)
            /// `head`, then a filler pattern up to `length` bytes, generated while sending.
            case generated(head: [UInt8], length: Int)
            /// `head`, then filler forever, in HTTP/1.1 chunks without a `Content-Length` (until the client hangs up).
            case endless(head: [UInt8])
            /// `head`, then zeros up to `decodedLength` bytes, sent gzip-compressed with `Content-Encoding: gzip`
            /// (whatever the request asked) and the compressed `Content-Length`: 1 GB decoded is about 800 KB sent.
            case gzip(head: [UInt8], decodedLength: Int)
        }

        /// The status code of the status line.
        public var status: Int
        /// Extra headers; the server adds `Connection: close` and `Content-Length` (or `Transfer-Encoding: chunked`)
        /// itself.
        public var headers: [String: String]
        /// The body: fixed bytes, or filler generated while sending (see ``Body``).
        public var body: Body
        /// Seconds before the status line is sent (a slow server); the wait ends early when the server stops.
        public var delay: TimeInterval
        /// Bytes per second the body is sent at (`nil`: as fast as the socket takes it), to imitate a network.
        public var bytesPerSecond: Int?

        /// Creates a response; by default status 200 with no extra headers, sent at once and as fast as the socket
        /// takes it.
        public init(
            status: Int = 200, headers: [String: String] = [:], body: Body, delay: TimeInterval = 0,
            bytesPerSecond: Int? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.bytesPerSecond = bytesPerSecond
        }

        /// A media file whose first bytes are those of `type`, served with `contentType` (default: the type's).
        public static func media(
            _ type: AttachmentMediaType, length: Int, contentType: String? = nil, delay: TimeInterval = 0,
            bytesPerSecond: Int? = nil
        ) -> Self {
            Self(
                headers: ["Content-Type": contentType ?? LoopbackHTTPServer.contentType(of: type)],
                body: .generated(head: LoopbackHTTPServer.header(of: type), length: length), delay: delay,
                bytesPerSecond: bytesPerSecond)
        }

        /// A media file of `decodedLength` bytes sent gzip-compressed whatever the request asked: with a large
        /// length, a gzip bomb (1 GB decoded is about 800 KB on the wire).
        public static func gzipped(_ type: AttachmentMediaType, decodedLength: Int) -> Self {
            Self(
                headers: ["Content-Type": LoopbackHTTPServer.contentType(of: type), "Content-Encoding": "gzip"],
                body: .gzip(head: LoopbackHTTPServer.header(of: type), decodedLength: decodedLength))
        }

        /// A media file that never ends, sent in HTTP/1.1 chunks as fast as the client reads (`bytesPerSecond`:
        /// throttled).
        public static func endless(_ type: AttachmentMediaType, bytesPerSecond: Int? = nil) -> Self {
            Self(
                headers: ["Content-Type": LoopbackHTTPServer.contentType(of: type)],
                body: .endless(head: LoopbackHTTPServer.header(of: type)), bytesPerSecond: bytesPerSecond)
        }

        /// A status with a short text body (404 and friends).
        public static func status(_ status: Int) -> Self {
            Self(status: status, headers: ["Content-Type": "text/plain"], body: .bytes(Data("status \(status)".utf8)))
        }

        /// A redirect to `location`.
        public static func redirect(to location: String, status: Int = 302) -> Self {
            Self(status: status, headers: ["Location": location], body: .bytes(Data()))
        }
    }

    /// One request as the server saw it, and how much of the body it sent back.
    public struct Exchange: Sendable {
        /// The requested path.
        public var path: String
        /// The request's header fields, names lowercased.
        public var headers: [String: String]
        /// Body bytes handed to the socket so far (for a gzip body: compressed bytes).
        public var bodyBytesSent = 0
        /// A Boolean value indicating whether the response is over: sent whole, or the client hung up.
        public var isOver = false
    }

    private struct State {
        var isStopped = false
        var connections: Set<Int32> = []
    }

    /// The port the server listens on (chosen by the system).
    public let port: UInt16
    private let listener: Int32
    private let routes: [String: Response]
    private let state = LockedState(State())
    private let requests = LockedState([Exchange]())

    /// Starts listening on 127.0.0.1, any free port.
    ///
    /// - Parameter routes: Path (with a leading `/`) to response; other paths answer 404.
    /// - Throws: `POSIXError` when the socket cannot be opened.
    public init(routes: [String: Response]) throws {
        self.routes = routes
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port><path>`.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// The paths requested so far, in order.
    public var requestedPaths: [String] { requests.withLock { $0.map(\.path) } }

    /// The requests so far, in order, with what was sent back.
    public var exchanges: [Exchange] { requests.withLock { $0 } }

    /// Stops listening and hangs up every open connection. Idempotent.
    ///
    /// Descriptors are shut down under the lock that their owners close them under: a descriptor number is never
    /// touched after it was closed (Linux hands the lowest free number out again at once, possibly to another
    /// test's socket). The listener is closed by the accept thread itself, once it has seen the stop.
    public func stop() {
        state.withLock { state in
            guard !state.isStopped else { return }
            state.isStopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for fd in state.connections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    private var isStopped: Bool { state.withLock { $0.isStopped } }

    private func acceptLoop() {
        defer { state.withLock { _ in _ = close(listener) } }
        while !isStopped {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                if isStopped { return }
                continue
            }
            #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let accepted = state.withLock { state -> Bool in
                guard !state.isStopped else { return false }
                state.connections.insert(fd)
                return true
            }
            guard accepted else {
                close(fd)
                return
            }
            Thread.detachNewThread { [self] in
                serve(fd)
                state.withLock { state in
                    state.connections.remove(fd)
                    close(fd)
                }
            }
        }
    }

    private func serve(_ fd: Int32) {
        guard let (path, headers) = readRequest(fd) else { return }
        let index = requests.withLock { requests -> Int in
            requests.append(Exchange(path: path, headers: headers))
            return requests.count - 1
        }
        defer { requests.withLock { $0[index].isOver = true } }
        let sent: @Sendable (Int) -> Void = { [requests] count in
            requests.withLock { $0[index].bodyBytesSent += count }
        }
        let response = routes[path] ?? .status(404)
        var waited: TimeInterval = 0
        while waited < response.delay, !isStopped {
            usleep(10_000)
            waited += 0.01
        }
        guard !isStopped else { return }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\nConnection: close\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        switch response.body {
        case .bytes(let data): head += "Content-Length: \(data.count)\r\n"
        case .generated(_, let length): head += "Content-Length: \(length)\r\n"
        case .endless: head += "Transfer-Encoding: chunked\r\n"
        case .gzip(let header, let length):
            head += "Content-Length: \(GzipZeros(head: header, decodedLength: length).compressedLength)\r\n"
        }
        head += "\r\n"
        guard send(fd, Array(head.utf8)) else { return }
        switch response.body {
        case .bytes(let data):
            if send(fd, Array(data)) { sent(data.count) }
        case .generated(let header, let length):
            sendGenerated(fd, head: header, length: length, rate: response.bytesPerSecond, reportSent: sent)
        case .endless(let header):
            sendGenerated(fd, head: header, length: nil, rate: response.bytesPerSecond, reportSent: sent)
        case .gzip(let header, let length):
            GzipZeros(head: header, decodedLength: length).produce { bytes in
                guard !isStopped, send(fd, bytes) else { return false }
                sent(bytes.count)
                return true
            }
        }
    }

    /// Sends `head` and filler up to `length` bytes; without a length, forever in chunks of the chunked transfer
    /// coding. Calls `reportSent` with the body bytes of each piece the socket took.
    private func sendGenerated(
        _ fd: Int32, head: [UInt8], length: Int?, rate: Int?, reportSent: @Sendable (Int) -> Void
    ) {
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0x5A, count: chunkSize)
        var sent = 0
        var first = true
        while !isStopped {
            let count = length.map { min(chunkSize, $0 - sent) } ?? chunkSize
            guard count > 0 else { return }
            if first {
                for (index, byte) in head.prefix(count).enumerated() { chunk[index] = byte }
                first = false
            } else {
                for index in 0..<min(head.count, chunkSize) { chunk[index] = 0x5A }
            }
            var piece = Array(chunk[0..<count])
            if length == nil { piece = Array("\(String(count, radix: 16))\r\n".utf8) + piece + [13, 10] }
            guard send(fd, piece) else { return }
            sent += count
            reportSent(count)
            if let rate, rate > 0 { usleep(useconds_t(min(1_000_000, count * 1_000_000 / rate))) }
        }
    }

    /// The request's path and header fields (names lowercased).
    private func readRequest(_ fd: Int32) -> (String, [String: String])? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received: [UInt8] = []
        while received.count < 64 * 1024 {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
            if let text = String(bytes: received, encoding: .utf8), let end = text.range(of: "\r\n\r\n") {
                let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
                let parts = lines[0].split(separator: " ", maxSplits: 2)
                guard parts.count >= 2 else { return nil }
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                return (String(parts[1]), headers)
            }
        }
        return nil
    }

    private func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
            let flags: Int32 = 0
            #else
            let flags = Int32(MSG_NOSIGNAL)
            #endif
            let written = bytes[offset...].withUnsafeBytes { raw in
                #if canImport(Darwin)
                Darwin.send(fd, raw.baseAddress, raw.count, flags)
                #else
                Glibc.send(fd, raw.baseAddress, raw.count, flags)
                #endif
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 404: return "Not Found"
        default: return "Status"
        }
    }

    /// The `Content-Type` a server would send for `type`.
    public static func contentType(of type: AttachmentMediaType) -> String {
        switch type.category {
        case .image: return "image/\(type == .jpeg ? "jpeg" : type.rawValue)"
        case .audio: return type == .mp3 ? "audio/mpeg" : type == .m4a ? "audio/mp4" : "audio/\(type.rawValue)"
        case .video: return type == .mov ? "video/quicktime" : "video/mp4"
        }
    }

    /// Leading bytes that identify `type` (what `AttachmentMediaType/init(sniffing:)` reads).
    public static func header(of type: AttachmentMediaType) -> [UInt8] {
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
        let box: [UInt8] = [0, 0, 0, 0x20]
        switch type {
        case .jpeg: return [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + ascii("JFIF") + [0]
        case .png: return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + ascii("IHDR")
        case .gif: return ascii("GIF89a") + [1, 0, 1, 0, 0, 0]
        case .heic: return box + ascii("ftypheic") + [0, 0, 0, 0]
        case .webp: return ascii("RIFF") + [0, 0, 0, 0] + ascii("WEBPVP8 ")
        case .mp3: return ascii("ID3") + [3, 0, 0, 0, 0, 0, 0, 0, 0]
        case .m4a: return box + ascii("ftypM4A ") + [0, 0, 0, 0]
        case .wav: return ascii("RIFF") + [0, 0, 0, 0] + ascii("WAVEfmt ")
        case .aiff: return ascii("FORM") + [0, 0, 0, 0] + ascii("AIFFCOMM")
        case .mp4: return box + ascii("ftypisom") + [0, 0, 2, 0]
        case .mov: return [0, 0, 0, 0x14] + ascii("ftypqt  ") + [0, 0, 0, 0]
        }
    }
}
