import Benchmark
import Foundation
import PushBus
import PushBusTesting

/// The Notification Service Extension pipeline with 0, 1 and 3 attachments of 8 MB from a real HTTP server on
/// loopback, each file sent at 40 MB/s like a fast network (unthrottled loopback is CPU-bound on a 2-core machine,
/// which hides parallelism). Three in parallel should take about as long as one, and peak memory should grow by
/// less than 4 MB over the run without attachments (each file is streamed to disk, never held).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta, .mallocCountTotal],
        timeUnits: .milliseconds,
        maxDuration: .seconds(5),
        maxIterations: 20
    )

    let size = 8 * 1024 * 1024
    let rate = 40_000_000
    let server = try! LoopbackHTTPServer(routes: [
        "/a.mp4": .media(.mp4, length: size, bytesPerSecond: rate),
        "/b.mp4": .media(.mp4, length: size, bytesPerSecond: rate),
        "/c.mp4": .media(.mp4, length: size, bytesPerSecond: rate),
    ])
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nse-benchmark")
    let downloader = AttachmentDownloader(
        policy: AttachmentPolicy(timeout: 20, allowedInsecureHosts: ["127.0.0.1"], directory: directory))

    func payload(_ paths: [String]) -> PushContent {
        var root: [String: PushValue] = ["aps": ["alert": ["title": "Clip", "body": "•••"], "mutable-content": 1]]
        root["att"] = .object(
            Dictionary(uniqueKeysWithValues: paths.map { ($0, .string(server.url($0).absoluteString)) }))
        return PushContent(payload: .object(root))
    }

    let pipeline = ServiceExtensionPipeline(
        deadline: 25, steps: [.rewrite { $0.body = "decrypted" }, .attachments(downloader), .badge { _ in 1 }])

    func runOnce(_ content: PushContent) async {
        let result = await withCheckedContinuation { continuation in
            pipeline.run(content, requestIdentifier: "bench") { continuation.resume(returning: $0) }
        }
        precondition(
            result.attachments.allSatisfy {
                if case .attached = $0.outcome { return true }
                return false
            }, "\(result.attachments)")
        for attachment in result.content.attachments { try? FileManager.default.removeItem(at: attachment.fileURL) }
        blackHole(result)
    }

    let none = payload([])
    let one = payload(["/a.mp4"])
    let three = payload(["/a.mp4", "/b.mp4", "/c.mp4"])

    Benchmark("NSE pipeline, no attachment") { benchmark in
        for _ in benchmark.scaledIterations { await runOnce(none) }
    }
    Benchmark("NSE pipeline, 1 × 8 MB attachment") { benchmark in
        for _ in benchmark.scaledIterations { await runOnce(one) }
    }
    Benchmark("NSE pipeline, 3 × 8 MB attachments in parallel") { benchmark in
        for _ in benchmark.scaledIterations { await runOnce(three) }
    }
}
