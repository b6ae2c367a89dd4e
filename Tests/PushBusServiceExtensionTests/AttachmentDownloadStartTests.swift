#if canImport(FoundationNetworking)
import Dispatch
import Foundation
import FoundationNetworking
import PushBusTestSupport
import PushBusTesting
import Testing

@testable import PushBusServiceExtension

/// A download never stops the thread that starts or cancels it.
///
/// FoundationNetworking runs every `URLSession` of a process on one serial queue, and `dataTask(with:)`, `resume()`
/// and `cancel()` wait for that queue synchronously. While another download holds it (libcurl inflating a gzip bomb
/// holds it for seconds, tens of seconds on a loaded machine), a download started from a task waited there, on a
/// thread of Swift concurrency's cooperative pool; with as many such downloads as the pool has threads (two on CI),
/// every task of the process stopped until the queue was free: the 30-second stalls of the whole test run.
///
/// Here a `URLProtocol` of the test's holds the queue (FoundationNetworking starts a protocol on that queue), more
/// downloads than the pool has threads start from tasks, and a task started after them must still run while the
/// queue is held. Before the downloads called `URLSession` from a queue of their own, it ran only once the hold
/// ended (after 20 s) and the test failed.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct AttachmentDownloadStartTests {
    @Test func downloadsStartedWhileTheSessionQueueIsHeldLeaveThePoolFree() async throws {
        // Given FoundationNetworking's queue held by another session, as a gzip bomb holds it
        let hold = SessionQueueHold()
        hold.begin()
        #expect(await hold.entered.waitOffThePool() == .success)
        let server = try LoopbackHTTPServer(routes: ["/cat.jpg": .media(.jpeg, length: 2_000)])
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nse-start-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let downloader = AttachmentDownloader(
            policy: AttachmentPolicy(timeout: 60, allowedInsecureHosts: ["127.0.0.1"], directory: directory))
        let found = AttachmentLocator.Found(key: "image", address: server.url("/cat.jpg").absoluteString)

        // When more downloads than the cooperative pool has threads start from tasks, then one more task
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let downloads = (0..<count).map { index in
            Task { await downloader.download(found, identifier: "d\(index)") }
        }
        let ranWhileHeld = LockedBox<Bool?>(nil)
        let probe = Task { ranWhileHeld.withValue { $0 = !hold.isReleased } }
        hold.release(once: { ranWhileHeld.value != nil }, atMost: 20)
        await probe.value

        // Then that task ran while the queue was still held, and every download finished once it was free
        #expect(ranWhileHeld.value == true, "a task waited for FoundationNetworking's queue: the pool was stopped")
        for download in downloads {
            let report = await download.value
            #expect(report.attachment?.mediaType == .jpeg, "\(String(describing: report.failure))")
        }
    }
}

/// Holds FoundationNetworking's session queue from inside a `URLProtocol`'s `startLoading()` until released.
private final class SessionQueueHold: Sendable {
    /// Signalled once the queue is held.
    let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let state = LockedBox(false)
    private let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [HoldingProtocol.self]
        session = URLSession(configuration: configuration)
    }

    /// A Boolean value indicating whether the hold has ended.
    var isReleased: Bool { state.value }

    /// Starts a task whose protocol holds the queue (from a thread of its own: `resume()` may wait for the queue).
    func begin() {
        HoldingProtocol.current.withValue { $0 = self }
        let session = session
        Thread { session.dataTask(with: URL(string: "pushbus-hold://queue")!).resume() }.start()
    }

    /// Ends the hold once `condition` holds, or after `seconds` at most, from a thread of its own.
    func release(once condition: @escaping @Sendable () -> Bool, atMost seconds: Int) {
        Thread {
            let deadline = DispatchTime.now() + .seconds(seconds)
            while !condition(), DispatchTime.now() < deadline { usleep(5_000) }
            self.state.withValue { $0 = true }
            self.released.signal()
            self.session.invalidateAndCancel()
        }.start()
    }

    /// Called by the protocol on FoundationNetworking's queue.
    fileprivate func hold() {
        entered.signal()
        released.wait()  // blocking-ok: on FoundationNetworking's session queue, which is what this holds
    }
}

/// A protocol for `pushbus-hold:` addresses whose loading holds the session queue.
private final class HoldingProtocol: URLProtocol {
    /// The hold the next loading serves.
    static let current = LockedBox<SessionQueueHold?>(nil)

    override class func canInit(with request: URLRequest) -> Bool { request.url?.scheme == "pushbus-hold" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        Self.current.value?.hold()
        client?.urlProtocol(self, didFailWithError: URLError(.cancelled))
    }

    override func stopLoading() {}
}
#endif
