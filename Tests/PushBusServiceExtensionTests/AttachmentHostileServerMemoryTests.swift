import Foundation
import PushBusTestSupport
import PushBusTesting
import Testing

/// A hostile attachment server against a Notification Service Extension alone in its process
/// (`pushbus-test-child attachment-download`), so the process's peak memory is the download's: an endless body at
/// full loopback speed and a gzip bomb are stopped at the cap, the content handler is called long before the
/// deadline, and memory stays bounded (an NSE has about 24 MB).
@Suite(.serialized, .timeLimit(.minutes(2)))
struct AttachmentHostileServerMemoryTests {
    /// What the child reported.
    struct Run {
        var baselineKB = 0
        var peakKB = 0
        var handlerMilliseconds = Int.max
        var outcome = ""
        var growthMB: Double { Double(peakKB - baselineKB) / 1024 }
    }

    static let deadline = 20

    /// Downloads `route` in a child process; returns what it reported and what the server sent.
    private func download(
        _ route: LoopbackHTTPServer.Response
    ) async throws -> (run: Run, exchange: LoopbackHTTPServer.Exchange) {
        let server = try LoopbackHTTPServer(routes: ["/attachment": route])
        defer { server.stop() }
        let (status, output) = try await BuiltBinary.run(
            BuiltBinary.testChild,
            ["attachment-download", server.url("/attachment").absoluteString, "--deadline", "\(Self.deadline)"])
        #expect(status == 0, "\(output)")
        var run = Run()
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "baseline-kb": run.baselineKB = Int(parts[1]) ?? 0
            case "peak-kb": run.peakKB = Int(parts[1]) ?? 0
            case "handler": run.handlerMilliseconds = Int(parts[1]) ?? .max
            case "outcome": run.outcome = parts[1]
            default: break
            }
        }
        // The child has exited: the server sees the hang-up on its next send.
        try await TestDeadline.poll("the server to see the hang-up") { server.exchanges.first?.isOver == true }
        let exchange = try #require(server.exchanges.first)
        return (run, exchange)
    }

    @Test
    func anEndlessBodyAtLoopbackSpeedIsCutAtTheCapWithBoundedMemory() async throws {
        let (run, exchange) = try await download(.endless(.jpeg))

        #expect(run.outcome == "failed larger than 10000000 bytes")
        #expect(run.handlerMilliseconds < Self.deadline * 1_000 / 2, "the handler waited for the deadline")
        #expect(run.peakKB < 200 * 1024, "peak \(run.peakKB) KB")
        #expect(run.growthMB < 30, "grew \(run.growthMB) MB over the idle child")
        // Cancelled at the cap: the server got rid of the cap, what the socket buffers hold and what libcurl read
        // (and the delegate dropped) before FoundationNetworking's cancel got its queue: ~50 MB on an idle machine,
        // ~120 MB during the whole test run, never gigabytes (1.28 GB before the fix).
        #expect(exchange.isOver)
        #expect(exchange.bodyBytesSent < 500_000_000, "\(exchange.bodyBytesSent) bytes sent")
    }

    @Test
    func aGzipBombIsCutAtTheCapInDecodedBytesWithBoundedMemory() async throws {
        // About 1 MB on the wire, 1 GB decoded, sent gzip-compressed although the request asks for identity.
        let (run, exchange) = try await download(.gzipped(.jpeg, decodedLength: 1 << 30))

        #expect(exchange.headers["accept-encoding"] == "identity")
        #expect(run.outcome == "failed larger than 10000000 bytes")
        #expect(run.handlerMilliseconds < Self.deadline * 1_000 / 2, "the handler waited for the deadline")
        #expect(run.peakKB < 200 * 1024, "peak \(run.peakKB) KB")
        #expect(run.growthMB < 60, "grew \(run.growthMB) MB over the idle child")
    }
}
