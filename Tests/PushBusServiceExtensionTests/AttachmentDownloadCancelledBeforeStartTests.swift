#if canImport(FoundationNetworking)
import Foundation
import PushBusTestSupport
import PushBusTesting
import Testing

@testable import PushBusServiceExtension

/// A download cancelled before it starts (the run's deadline, iOS's `serviceExtensionTimeWillExpire()`) answers
/// `unfinished` at once, from the download's own queue, while the session it never resumed may still report the
/// cancelled task on its delegate queue: the two must not both close the download's file (a race the thread
/// sanitizer saw in `.ci/steps/33-stores-tsan.sh`).
@Suite(.timeLimit(.minutes(1)))
struct AttachmentDownloadCancelledBeforeStartTests {
    @Test func everyDownloadCancelledBeforeItStartsAnswersUnfinishedOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nse-cancelled-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let downloader = AttachmentDownloader(
            policy: AttachmentPolicy(timeout: 60, allowedInsecureHosts: ["127.0.0.1"], directory: directory))
        // Nothing listens there: a download that started would fail as refused, not as unfinished.
        let found = AttachmentLocator.Found(key: "image", address: "http://127.0.0.1:9/cat.jpg")
        let downloads = (0..<20).map { index in
            Task {
                withUnsafeCurrentTask { $0?.cancel() }  // cancelled before `download` starts its job
                return await downloader.download(found, identifier: "c\(index)")
            }
        }
        for download in downloads {
            #expect(await download.value.failure == .unfinished)
        }
    }
}
#endif
