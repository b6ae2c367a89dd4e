import Foundation
import PushBusTestSupport
import PushBusTesting
import Testing

@testable import PushBusCore
@testable import PushBusServiceExtension

/// `AttachmentDownloader.imageData(from:maximumBytes:)`, the bounded download a step uses for an image that is not
/// an attachment (an avatar): the attachments' rules, the bytes returned, no file left behind.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ServiceExtensionImageDataTests {
    private static let routes: [String: LoopbackHTTPServer.Response] = [
        "/avatar.png": .media(.png, length: 20_000),
        "/big.jpg": .media(.jpeg, length: 300_000),
        "/ding.mp3": .media(.mp3, length: 20_000),
        "/endless.jpg": .init(
            headers: ["Content-Type": "image/jpeg"], body: .endless(head: LoopbackHTTPServer.header(of: .jpeg)),
            bytesPerSecond: 8_000_000),
        "/missing.png": .status(404),
        "/to-http": .redirect(to: "http://127.0.0.1:1/avatar.png"),
    ]

    private func download(
        _ path: String, maximumBytes: Int? = nil, allowLoopback: Bool = true
    ) async throws -> (Result<Data, AttachmentFailureReason>, files: [String]) {
        let server = try LoopbackHTTPServer(routes: Self.routes)
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("image-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var policy = AttachmentPolicy(timeout: 20, directory: directory)
        if allowLoopback { policy.allowedInsecureHosts = ["127.0.0.1"] }
        let downloader = AttachmentDownloader(policy: policy)
        let result: Result<Data, AttachmentFailureReason>
        do {
            result = .success(
                try await downloader.imageData(
                    from: server.url(path).absoluteString, maximumBytes: maximumBytes))
        } catch {
            result = .failure(error)
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return (result, files)
    }

    @Test func anImageComesBackAsItsBytesAndNoFileStays() async throws {
        let (result, files) = try await download("/avatar.png")
        let data = try result.get()
        #expect(data.count == 20_000)
        #expect(Array(data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(files.isEmpty)
    }

    @Test func theCallersCapStopsABiggerImage() async throws {
        let (result, files) = try await download("/big.jpg", maximumBytes: 100_000)
        #expect(result == .failure(.tooLarge(limit: 100_000)))
        #expect(files.isEmpty)
    }

    @Test func anEndlessBodyStopsAtTheCap() async throws {
        let (result, files) = try await download("/endless.jpg", maximumBytes: 200_000)
        #expect(result == .failure(.tooLarge(limit: 200_000)))
        #expect(files.isEmpty)
    }

    @Test func audioIsNotAnImage() async throws {
        let (result, files) = try await download("/ding.mp3")
        #expect(result == .failure(.unrecognizedContent))
        #expect(files.isEmpty)
    }

    @Test func theAttachmentsRulesApply() async throws {
        #expect(try await download("/missing.png").0 == .failure(.httpStatus(404)))
        #expect(try await download("/avatar.png", allowLoopback: false).0 == .failure(.insecureAddress))
        #expect(try await download("/to-http").0 == .failure(.insecureRedirect))
    }

    @Test func theRunsDeadlineCancelsIt() async throws {
        let server = try LoopbackHTTPServer(routes: ["/slow.png": .media(.png, length: 1_000, delay: 30)])
        defer { server.stop() }
        var policy = AttachmentPolicy(timeout: 20)
        policy.allowedInsecureHosts = ["127.0.0.1"]
        let downloader = AttachmentDownloader(policy: policy)
        let clock = ManualClock()
        let (outcomes, outcome) = AsyncStream.makeStream(of: AttachmentFailureReason.self)
        let (starts, started) = AsyncStream.makeStream(of: Void.self)
        let box = ResultBox()
        ServiceExtensionPipeline(
            deadline: 5, clock: clock,
            steps: [
                .custom("avatar") { context in
                    started.yield()
                    do throws(AttachmentFailureReason) {
                        _ = try await downloader.imageData(from: server.url("/slow.png").absoluteString)
                    } catch {
                        outcome.yield(error)
                    }
                    return .done
                }
            ]
        )
        .run(PushContent(payload: ["aps": ["alert": "Hi"]]), requestIdentifier: "r", contentHandler: box.handler)
        var begun = starts.makeAsyncIterator()
        _ = await begun.next()  // the step runs: the deadline cuts the download, not the step before it starts
        clock.advance(by: 6)
        let result = try #require(await box.next())
        #expect(result.ending == .deadline)
        var reasons = outcomes.makeAsyncIterator()
        #expect(await reasons.next() == .unfinished)
    }
}

/// Steps hand typed values to later steps through the content they share.
@Suite(.timeLimit(.minutes(1)))
struct ServiceExtensionStepValueTests {
    struct Sender: Sendable, Hashable {
        var name: String
    }

    @Test func aLaterStepReadsWhatAnEarlierOneStored() async throws {
        let sender = ServiceExtensionKey<Sender>("sender")
        let avatar = ServiceExtensionKey<Data>("avatar")
        let box = ResultBox()
        ServiceExtensionPipeline(steps: [
            .custom("who") { context in
                context.update { $0[sender] = Sender(name: "Ada") }
                return .done
            },
            .custom("avatar") { context in
                context.update { $0[avatar] = Data([1, 2, 3]) }
                return .done
            },
            .communication { content in
                guard let who = content[sender] else { return nil }
                return CommunicationMessage(
                    sender: .init(identifier: who.name, displayName: who.name, imageData: content[avatar]))
            },
        ])
        .run(PushContent(payload: ["aps": ["alert": "Hi"]]), requestIdentifier: "r", contentHandler: box.handler)
        let result = try #require(await box.next())
        #expect(
            result.content.communication?.sender
                == .init(identifier: "Ada", displayName: "Ada", imageData: Data([1, 2, 3])))
    }

    @Test func keysOfTheSameNameAndAnotherTypeAreOtherValues() {
        var content = ServiceExtensionContent()
        content[ServiceExtensionKey<String>("id")] = "a"
        content[ServiceExtensionKey<Int>("id")] = 7
        #expect(content[ServiceExtensionKey<String>("id")] == "a")
        #expect(content[ServiceExtensionKey<Int>("id")] == 7)
        content[ServiceExtensionKey<Int>("id")] = nil
        #expect(content[ServiceExtensionKey<Int>("id")] == nil)
        #expect(content[ServiceExtensionKey<String>("id")] == "a")
    }

    @Test func settingCustomDataKeepsAPS() {
        var content = ServiceExtensionContent(PushContent(payload: ["aps": ["alert": "Hi"], "a": 1, "b": 2]))
        content.customData["a"] = nil
        content.customData["c"] = "three"
        #expect(content.customData == ["b": 2, "c": "three"])
        #expect(content.payload["aps"] == ["alert": "Hi"])
        content.customData = ["aps": "ignored"]
        #expect(content.payload == ["aps": ["alert": "Hi"]])
    }
}
