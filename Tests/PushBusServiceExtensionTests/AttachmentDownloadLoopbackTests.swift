import Foundation
import PushBusCore
import PushBusTestSupport
import PushBusTesting
import Testing

@testable import PushBusServiceExtension

/// Attachments from a real HTTP server on 127.0.0.1: each case's outcome, the notification always delivered.
///
/// Serialized: the cases stream tens of megabytes each, and run side by side on a loaded 2-core machine they
/// could reach the per-attachment timeout for reasons that have nothing to do with the case under test.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct AttachmentDownloadLoopbackTests {
    private static let routes: [String: LoopbackHTTPServer.Response] = [
        "/cat.jpg": .media(.jpeg, length: 300_000),
        "/ding.mp3": .media(.mp3, length: 200_000),
        "/clip.mp4": .media(.mp4, length: 2_000_000),
        "/slow.jpg": .media(.jpeg, length: 1_000, delay: 30),
        // Throttled like a fast network: unthrottled, loopback floods the session's delegate queue faster
        // than a loaded 2-core machine drains it, and the test would measure the machine, not the cap.
        "/endless.jpg": .init(
            headers: ["Content-Type": "image/jpeg"], body: .endless(head: LoopbackHTTPServer.header(of: .jpeg)),
            bytesPerSecond: 8_000_000),
        "/to-http": .redirect(to: "http://127.0.0.1:1/cat.jpg"),
        "/image-as-html": .media(.jpeg, length: 5_000, contentType: "text/html"),
        "/error-page.jpg": .init(headers: ["Content-Type": "image/jpeg"], body: .bytes(Data("<html>oops</html>".utf8))),
        "/big.mp3": .media(.mp3, length: 6_000_000),
        "/huge.jpg": .media(.jpeg, length: 11_000_000),
        "/photo.jpg": .media(.png, length: 20_000, contentType: "image/jpeg"),
        "/declared-2gb.jpg": .media(.jpeg, length: 2_000_000_000, bytesPerSecond: 20_000_000),
        "/endless-fast.jpg": .endless(.jpeg),
        "/gzipped.jpg": .gzipped(.jpeg, decodedLength: 300_000),
        // 64 MB decoded, six times the image cap: what the cap is counted in is the point here. The 1 GB bomb runs
        // in a process of its own (AttachmentHostileServerMemoryTests): libcurl inflates all of it on
        // FoundationNetworking's one queue for the process, which every other download here would wait behind.
        "/gzip-bomb.jpg": .gzipped(.jpeg, decodedLength: 1 << 26),
    ]

    /// Downloads `path` through the pipeline's attachments step; returns the result and cleans up.
    private func run(
        _ paths: [String], timeout: TimeInterval = 30, allowLoopback: Bool = true
    ) async throws -> (ServiceExtensionResult, LoopbackHTTPServer, URL) {
        let server = try LoopbackHTTPServer(routes: Self.routes)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nse-\(UUID().uuidString)")
        var policy = AttachmentPolicy(timeout: timeout, directory: directory)
        if allowLoopback { policy.allowedInsecureHosts = ["127.0.0.1"] }
        var payload: [String: PushValue] = ["aps": ["alert": "Look", "mutable-content": 1]]
        payload["att"] = .object(
            Dictionary(
                uniqueKeysWithValues: paths.enumerated().map {
                    ("\($0.offset)", .string(server.url($0.element).absoluteString))
                }))
        let box = ResultBox()
        ServiceExtensionPipeline(
            deadline: 60,
            steps: [.rewrite { $0.title = "Rewritten" }, .attachments(AttachmentDownloader(policy: policy))]
        )
        .run(PushContent(payload: .object(payload)), requestIdentifier: "r", contentHandler: box.handler)
        let result = try #require(await box.next())
        #expect(result.content.title == "Rewritten")  // delivered whatever the attachments did
        #expect(result.ending == .stepsFinished)
        return (result, server, directory)
    }

    private func single(
        _ path: String, timeout: TimeInterval = 30, allowLoopback: Bool = true
    ) async throws -> (report: AttachmentReport, server: LoopbackHTTPServer, files: [String]) {
        let (result, server, directory) = try await run([path], timeout: timeout, allowLoopback: allowLoopback)
        server.stop()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        try? FileManager.default.removeItem(at: directory)
        let report = try #require(result.attachments.first)
        #expect(result.content.attachments.count == (report.attachment == nil ? 0 : 1))
        return (report, server, files)
    }

    @Test func goodImageAudioAndVideoAreAttachedInParallelWithTheirExtensions() async throws {
        let (result, server, directory) = try await run(["/cat.jpg", "/ding.mp3", "/clip.mp4"])
        defer {
            server.stop()
            try? FileManager.default.removeItem(at: directory)
        }
        let attached = result.content.attachments
        #expect(attached.map(\.mediaType) == [.jpeg, .mp3, .mp4])
        #expect(attached.map(\.fileURL.pathExtension) == ["jpg", "mp3", "mp4"])
        #expect(attached.map(\.byteCount) == [300_000, 200_000, 2_000_000])
        for attachment in attached {
            let size = try FileManager.default.attributesOfItem(atPath: attachment.fileURL.path)[.size] as? Int
            #expect(size == attachment.byteCount)
        }
        #expect(result.attachments.allSatisfy { $0.failure == nil }, "\(result.attachments.map(\.failure))")
    }

    @Test func aSlowResponseTimesOut() async throws {
        let (report, _, files) = try await single("/slow.jpg", timeout: 0.5)
        #expect(report.failure == .timedOut)
        #expect(files.isEmpty)
    }

    @Test func anEndlessBodyIsStoppedAndItsPartialFileDeleted() async throws {
        let (report, _, files) = try await single("/endless.jpg", timeout: 5)
        // Streaming stops at the image limit (10 MB), or at the timeout on a very slow machine.
        #expect(report.failure == .tooLarge(limit: 10_000_000) || report.failure == .timedOut)
        #expect(files.isEmpty)
    }

    @Test func aDeclaredLengthOverTheCapIsRefusedBeforeTheBody() async throws {
        // 2 GB declared, sent at 20 MB/s: refused on the header, not run to the deadline as `unfinished`.
        let (report, server, files) = try await single("/declared-2gb.jpg", timeout: 60)
        #expect(report.failure == .tooLarge(limit: 50_000_000))
        #expect(files.isEmpty)
        #expect(try #require(server.exchanges.first).bodyBytesSent < 10_000_000)
    }

    @Test func withoutALengthTheCapStopsTheTransferAtTheCap() async throws {
        let (report, server, files) = try await single("/endless-fast.jpg", timeout: 60)
        #expect(report.failure == .tooLarge(limit: 10_000_000))
        #expect(files.isEmpty)
        // The cap, the socket buffers and what was read before the cancel took hold: 50–120 MB, never gigabytes.
        #expect(try #require(server.exchanges.first).bodyBytesSent < 500_000_000)
    }

    @Test func theRequestAsksForTheIdentityEncoding() async throws {
        let (_, server, _) = try await single("/cat.jpg")
        #expect(server.exchanges.first?.headers["accept-encoding"] == "identity")
    }

    @Test func aBodyCompressedAnywayIsAttachedAndCountedDecoded() async throws {
        let (report, _, _) = try await single("/gzipped.jpg")
        #expect(report.attachment?.mediaType == .jpeg, "\(String(describing: report.failure))")
        #expect(report.attachment?.byteCount == 300_000)
    }

    @Test func aGzipBombIsCutAtTheCapInDecodedBytes() async throws {
        // Its Content-Length (about 64 KB) says nothing of the 64 MB it inflates to.
        let (report, _, files) = try await single("/gzip-bomb.jpg", timeout: 60)
        #expect(report.failure == .tooLarge(limit: 10_000_000))
        #expect(files.isEmpty)
    }

    @Test func notFoundIsReportedWithItsStatus() async throws {
        let (report, _, _) = try await single("/missing.jpg")
        #expect(report.failure == .httpStatus(404))
    }

    @Test func aRedirectToHTTPIsNeverFollowed() async throws {
        let (report, server, _) = try await single("/to-http")
        #expect(report.failure == .insecureRedirect)
        #expect(server.requestedPaths == ["/to-http"])
    }

    @Test func aWrongContentTypeDoesNotMatterTheBytesDecide() async throws {
        let (report, _, _) = try await single("/image-as-html")
        #expect(report.attachment?.mediaType == .jpeg, "\(String(describing: report.failure))")
        #expect(report.attachment?.fileURL.pathExtension == "jpg")
    }

    @Test func anErrorPageServedAsAnImageIsRefused() async throws {
        let (report, _, files) = try await single("/error-page.jpg")
        #expect(report.failure == .unrecognizedContent)
        #expect(files.isEmpty)
    }

    @Test func oversizeFilesAreRefusedByTheirTypesLimit() async throws {
        let (audio, _, audioFiles) = try await single("/big.mp3", timeout: 60)
        #expect(audio.failure == .tooLarge(limit: 5_000_000))
        #expect(audioFiles.isEmpty)
        let (image, _, _) = try await single("/huge.jpg", timeout: 60)  // decided by Content-Length
        #expect(image.failure == .tooLarge(limit: 10_000_000))
    }

    @Test func bytesThatDoNotMatchTheExtensionGetTheRightOne() async throws {
        let (report, _, _) = try await single("/photo.jpg")
        #expect(report.attachment?.mediaType == .png)
        #expect(report.attachment?.fileURL.pathExtension == "png")
    }

    @Test func plainHTTPIsRefusedWithoutARequestUnlessTheHostIsAllowed() async throws {
        let (report, server, _) = try await single("/cat.jpg", allowLoopback: false)
        #expect(report.failure == .insecureAddress)
        #expect(server.requestedPaths.isEmpty)
    }

    @Test func anUnfinishedDownloadIsCancelledAtTheDeadlineAndTheRestKept() async throws {
        let server = try LoopbackHTTPServer(routes: Self.routes)
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nse-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualClock()
        let policy = AttachmentPolicy(timeout: 20, allowedInsecureHosts: ["127.0.0.1"], directory: directory)
        let payload: PushValue = [
            "aps": ["alert": "Look", "mutable-content": 1],
            "image": .string(server.url("/cat.jpg").absoluteString),
            "media-url": .string(server.url("/slow.jpg").absoluteString),
        ]
        let box = ResultBox()
        let run = ServiceExtensionPipeline(
            deadline: 25, clock: clock, steps: [.attachments(AttachmentDownloader(policy: policy, clock: clock))]
        ).run(PushContent(payload: payload), requestIdentifier: "r", contentHandler: box.handler)
        // Wait until the fast one is attached (the run announces nothing: polled), then iOS says time is up.
        try await TestDeadline.poll("the fast attachment") { run.isEnded || !run.currentContent.attachments.isEmpty }
        run.timeWillExpire()
        let result = try #require(await box.next())
        #expect(result.content.attachments.map(\.mediaType) == [.jpeg])
        #expect(result.attachments.map(\.key) == ["image", "media-url"])
        #expect(result.attachments.last?.failure == .unfinished)
    }
}
