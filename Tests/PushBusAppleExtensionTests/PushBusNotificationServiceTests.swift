#if canImport(UserNotifications)
import UserNotifications
import Intents
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if (canImport(UserNotifications) || PUSHBUS_APPLE_STUBS) && !os(tvOS)
import Foundation
import PushBus
import PushBusAppleExtension
import PushBusTestSupport
import PushBusTesting
import PushBusAppleServiceExtension
import Testing

/// The NSE principal class: iOS's content handler gets the pipeline's best content exactly once.
@Suite(.timeLimit(.minutes(2))) struct PushBusNotificationServiceTests {
    /// A service whose pipeline the test supplies.
    final class Service: PushBusNotificationService, @unchecked Sendable {
        // Safe: every stored property is immutable after init.
        let pipeline: ServiceExtensionPipeline
        let forwardTo: (@Sendable (UNNotificationRequest, @escaping @Sendable (UNNotificationContent) -> Void) -> Void)?

        init(
            _ pipeline: ServiceExtensionPipeline,
            forwardTo: (
                @Sendable (UNNotificationRequest, @escaping @Sendable (UNNotificationContent) -> Void) -> Void
            )? = nil
        ) {
            self.pipeline = pipeline
            self.forwardTo = forwardTo
            super.init()
        }

        override func makePipeline(for request: UNNotificationRequest) -> ServiceExtensionPipeline { pipeline }

        override func forward(
            _ request: UNNotificationRequest, contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
        ) -> Bool {
            guard let forwardTo else { return false }
            forwardTo(request, contentHandler)
            return true
        }
    }

    /// Records each content-handler call.
    final class Handler: @unchecked Sendable {
        // Safe: `contents` is only touched under `lock`.
        private let lock = NSLock()
        private var contents: [UNNotificationContent] = []
        private let stream: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation

        init() { (stream, continuation) = AsyncStream.makeStream() }

        var call: @Sendable (UNNotificationContent) -> Void {
            { [self] content in
                lock.lock()
                contents.append(content)
                lock.unlock()
                continuation.yield()
            }
        }

        var calls: [UNNotificationContent] {
            lock.lock()
            defer { lock.unlock() }
            return contents
        }

        /// Waits for the next call, at most ``TestDeadline`` (then the test has an issue).
        func waitForCall() async {
            _ = await TestDeadline.bounded("the content handler's call") { [stream] in
                var iterator = stream.makeAsyncIterator()
                _ = await iterator.next()
            }
        }
    }

    private func request(_ userInfo: [AnyHashable: Any], title: String = "Encrypted") -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = "placeholder"
        content.userInfo = userInfo
        return UNNotificationRequest(identifier: "apns-1", content: content, trigger: nil)
    }

    private let payload: [AnyHashable: Any] = ["aps": ["alert": ["title": "Encrypted"], "mutable-content": 1]]

    @Test func rewrittenTextAndADownloadedFileReachTheContentHandler() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cat.jpg")
        try Data(LoopbackHTTPServer.header(of: .jpeg)).write(to: file)
        let attachment = ServiceExtensionAttachment(
            identifier: "cat", fileURL: file, mediaType: .jpeg, sourceURL: URL(string: "https://x/cat")!, byteCount: 11)
        let service = Service(
            ServiceExtensionPipeline(steps: [
                .rewrite { $0.title = "Decrypted" },
                .custom("attach") { context in
                    context.update { $0.attachments.append(attachment) }
                    return .done
                },
                .badge { _ in 7 },
            ]))
        let handler = Handler()
        service.didReceive(request(payload), withContentHandler: handler.call)
        await handler.waitForCall()
        let content = try #require(handler.calls.first)
        #expect(handler.calls.count == 1)
        #expect(content.title == "Decrypted")
        #expect(content.badge == 7)
        #expect(content.attachments.map(\.identifier) == ["cat"])
        #expect(content.attachments.first?.type == "public.jpeg")
        service.serviceExtensionTimeWillExpire()
        #expect(handler.calls.count == 1)
    }

    @Test func timeWillExpireShowsTheRewriteWhileAStepIsStillRunning() async throws {
        let (reached, reachedContinuation) = AsyncStream<Void>.makeStream()
        let service = Service(
            ServiceExtensionPipeline(steps: [
                .rewrite { $0.body = "decrypted body" },
                .custom("slow download") { _ in
                    reachedContinuation.yield()
                    try? await Task.sleep(nanoseconds: 3_600_000_000_000)  // cancelled when the run ends
                    return .done
                },
            ]))
        let handler = Handler()
        service.didReceive(request(payload), withContentHandler: handler.call)
        var iterator = reached.makeAsyncIterator()
        _ = await iterator.next()
        service.serviceExtensionTimeWillExpire()
        #expect(handler.calls.count == 1)
        #expect(handler.calls.first?.body == "decrypted body")
    }

    @Test func aDroppedNotificationGetsEmptyContent() async {
        let service = Service(
            ServiceExtensionPipeline(steps: [.filter(hasFilteringEntitlement: true) { _ in true }]))
        let handler = Handler()
        service.didReceive(request(payload), withContentHandler: handler.call)
        await handler.waitForCall()
        #expect(handler.calls.count == 1)
        #expect(handler.calls.first?.title == "")
        #expect(handler.calls.first?.body == "")
    }

    @Test func notMineGoesToTheNextHandlerWhoseSecondCallIsIgnored() async {
        let service = Service(
            ServiceExtensionPipeline(steps: [.claim { _ in false }, .rewrite { $0.title = "PushBus" }]),
            forwardTo: { request, contentHandler in
                let content = UNMutableNotificationContent()
                content.title = "Other SDK"
                contentHandler(content)
                contentHandler(request.content)
            })
        let handler = Handler()
        service.didReceive(request(payload), withContentHandler: handler.call)
        await handler.waitForCall()
        #expect(handler.calls.count == 1)
        #expect(handler.calls.first?.title == "Other SDK")
        service.serviceExtensionTimeWillExpire()
        #expect(handler.calls.count == 1)
    }

    /// A service that tells the app its ledger changed.
    final class NotifyingService: PushBusNotificationService, @unchecked Sendable {
        // Safe: every stored property is immutable after init.
        let name: String
        init(name: String) {
            self.name = name
            super.init()
        }
        override func makePipeline(for request: UNNotificationRequest) -> ServiceExtensionPipeline {
            ServiceExtensionPipeline(steps: [.rewrite { $0.title = "Decrypted" }])
        }
        override var ledgerChangeNotificationName: String? { name }
    }

    /// What the app's Darwin observer saw: how many content-handler calls had happened at each post.
    final class PostWatcher: @unchecked Sendable {
        // Safe: `seen` is a locked recorder; `handler` is immutable.
        let seen = Recorder<Int>()
        let handler: Handler
        init(_ handler: Handler) { self.handler = handler }
        func posted() { seen.record(handler.calls.count) }
        var posts: [Int] { seen.values }
    }

    @Test func theAppIsToldAfterTheContentHandlerThatTheLedgerChanged() async throws {
        let name = "test.pushbus.ledger.\(UUID().uuidString)"
        let handler = Handler()
        let watcher = PostWatcher(handler)
        let observer = UnsafeRawPointer(Unmanaged.passRetained(watcher).toOpaque())
        defer {
            CFNotificationCenterRemoveEveryObserver(CFNotificationCenterGetDarwinNotifyCenter(), observer)
            Unmanaged<PostWatcher>.fromOpaque(observer).release()
        }
        CFNotificationCenterAddObserver(
            CFNotificationCenterGetDarwinNotifyCenter(), observer,
            { _, observer, _, _, _ in
                guard let observer else { return }
                Unmanaged<PostWatcher>.fromOpaque(observer).takeUnretainedValue().posted()
            },
            name as CFString, nil, .deliverImmediately)

        NotifyingService(name: name).didReceive(request(payload), withContentHandler: handler.call)
        await handler.waitForCall()
        // The post follows the handler on the pipeline's thread: wait for it.
        try await watcher.seen.wait(for: "the ledger-changed post") { !$0.isEmpty }

        #expect(handler.calls.map(\.title) == ["Decrypted"])
        #expect(watcher.posts == [1])  // posted once, after iOS's content handler ran
    }

    @Test func notMineWithoutANextHandlerShowsTheOriginal() async {
        let service = Service(ServiceExtensionPipeline(steps: [.claim { _ in false }]))
        let handler = Handler()
        service.didReceive(request(payload, title: "As sent"), withContentHandler: handler.call)
        await handler.waitForCall()
        #expect(handler.calls.map(\.title) == ["As sent"])
    }

    @Test func aCommunicationMessageBecomesAnIntentWithTheAvatarBytes() async throws {
        let avatar = Data([0x89, 0x50, 0x4E, 0x47])
        let service = Service(
            ServiceExtensionPipeline(steps: [
                .communication { _ in
                    CommunicationMessage(
                        sender: .init(identifier: "u-42", displayName: "Ada", imageData: avatar),
                        conversationIdentifier: "c-1")
                }
            ]))
        let handler = Handler()
        service.didReceive(request(payload), withContentHandler: handler.call)
        await handler.waitForCall()
        let content = try #require(handler.calls.first)
        #expect(content.title == "Ada")
        #if PUSHBUS_APPLE_STUBS
        let intent = try #require(content.stubbedContentProvider as? INSendMessageIntent)
        #expect(intent.sender?.image?.stubbedImageData == avatar)
        #expect(intent.sender?.customIdentifier == "u-42")
        #expect(intent.conversationIdentifier == "c-1")
        #expect(intent.recipients == nil, "one-to-one: no recipients")
        #expect(intent.speakableGroupName == nil)
        #endif
    }

    @Test func aGroupConversationNamesItsRecipientsGroupAndGroupImage() async throws {
        let avatar = Data([0x89, 0x50, 0x4E, 0x47, 1])
        let groupImage = Data([0xFF, 0xD8, 0xFF, 2])
        let service = Service(
            ServiceExtensionPipeline(steps: [
                .communication { _ in
                    CommunicationMessage(
                        sender: .init(identifier: "u-42", displayName: "Ada", imageData: avatar),
                        recipients: [
                            .init(identifier: "me", displayName: "Me"), .init(identifier: "u-7", displayName: "Grace"),
                        ],
                        conversationIdentifier: "group-9", groupName: "Climbing", groupImageData: groupImage)
                }
            ]))
        let handler = Handler()
        service.didReceive(request(payload), withContentHandler: handler.call)
        await handler.waitForCall()
        let content = try #require(handler.calls.first)
        #if PUSHBUS_APPLE_STUBS
        let intent = try #require(content.stubbedContentProvider as? INSendMessageIntent)
        #expect(intent.sender?.customIdentifier == "u-42")
        #expect(intent.sender?.image?.stubbedImageData == avatar)
        #expect(intent.recipients?.map(\.customIdentifier) == ["me", "u-7"])
        #expect(intent.recipients?.map(\.displayName) == ["Me", "Grace"])
        #expect(intent.speakableGroupName?.spokenPhrase == "Climbing")
        #expect(intent.conversationIdentifier == "group-9")
        #expect(intent.image(forParameterNamed: \.speakableGroupName)?.stubbedImageData == groupImage)
        #else
        _ = content
        #endif
    }

    #if PUSHBUS_APPLE_STUBS
    /// A service that records what iOS refused.
    final class RefusedCommunicationService: PushBusNotificationService, @unchecked Sendable {
        // Safe: `refusals` is a lock-guarded box; `pipeline` is immutable.
        let pipeline: ServiceExtensionPipeline
        let refusals = LockedBox<[String]>([])

        init(_ pipeline: ServiceExtensionPipeline) {
            self.pipeline = pipeline
            super.init()
        }

        override func makePipeline(for request: UNNotificationRequest) -> ServiceExtensionPipeline { pipeline }
        override func didFailCommunicationUpdate(_ error: any Error) {
            refusals.withValue { $0.append("\(error)") }
        }
    }

    struct MissingCapability: Error, CustomStringConvertible {
        var description: String { "missing Communication Notifications capability" }
    }

    @Test func communicationDetailsIOSRefusesAreReportedAndTheNotificationIsStillShown() async throws {
        let service = RefusedCommunicationService(
            ServiceExtensionPipeline(steps: [
                .communication { _ in CommunicationMessage(sender: .init(identifier: "u-42", displayName: "Ada")) }
            ]))
        let original = UNMutableNotificationContent()
        original.title = "Encrypted"
        original.body = "placeholder"
        original.userInfo = payload
        original.stubbedUpdatingError = MissingCapability()
        let handler = Handler()
        service.didReceive(
            UNNotificationRequest(identifier: "apns-1", content: original, trigger: nil),
            withContentHandler: handler.call)
        await handler.waitForCall()

        let content = try #require(handler.calls.first)
        #expect(content.title == "Encrypted", "shown without the sender's name")
        #expect(content.stubbedContentProvider == nil)
        #expect(service.refusals.value == ["missing Communication Notifications capability"])
    }
    #endif

    @Test func aFileIOSRefusesIsReportedTheOthersAttached() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).bin")
        try Data([1, 2, 3]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var content = ServiceExtensionContent()
        content.title = "Hi"
        // The type hint wins over the extension, as on iOS; a missing file fails.
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing.jpg")
        content.attachments = [
            ServiceExtensionAttachment(
                identifier: "ok", fileURL: file, mediaType: .png, sourceURL: file, byteCount: 3),
            ServiceExtensionAttachment(
                identifier: "gone", fileURL: missing, mediaType: .jpeg, sourceURL: missing, byteCount: 3),
        ]
        let (made, failures) = PushBusNotificationService.makeContent(content, from: UNNotificationContent())
        #expect(made.attachments.map(\.identifier) == ["ok"])
        #expect(failures.map(\.attachment.identifier) == ["gone"])
    }
}
#endif
