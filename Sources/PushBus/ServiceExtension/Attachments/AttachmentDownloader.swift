import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads attachments, each streamed straight to a file: never more than one network chunk in memory.
///
/// Each download has its own timeout (``AttachmentPolicy/timeout``, measured on the given clock), its size
/// capped by type while streaming, HTTPS only unless the host is allowed, redirects followed only to HTTPS,
/// and its type read from the first bytes (the file gets the matching extension). Cancelling the calling task
/// stops the download and reports ``AttachmentFailureReason/unfinished``.
public struct AttachmentDownloader: Sendable {
    /// The rules every download follows.
    public var policy: AttachmentPolicy
    let clock: any PushClock

    /// - Parameters:
    ///   - policy: Timeouts, limits, allowed hosts and the target directory.
    ///   - clock: Measures the per-attachment timeout (default: wall-clock time).
    public init(policy: AttachmentPolicy = AttachmentPolicy(), clock: any PushClock = SystemClock()) {
        self.policy = policy
        self.clock = clock
    }

    /// Downloads one attachment; never throws: every refusal or failure is the report's reason.
    ///
    /// - Parameters:
    ///   - found: The payload key and address.
    ///   - identifier: The attachment's identifier (also the start of its file name).
    /// - Returns: The file attached, or why not.
    public func download(_ found: AttachmentLocator.Found, identifier: String) async -> AttachmentReport {
        let url: URL
        switch policy.check(found.address) {
        case .success(let checked): url = checked
        case .failure(let reason):
            return AttachmentReport(key: found.key, address: found.address, outcome: .failed(reason))
        }
        do {
            try FileManager.default.createDirectory(at: policy.directory, withIntermediateDirectories: true)
        } catch {
            return AttachmentReport(
                key: found.key, address: found.address, outcome: .failed(.fileSystem("\(error)")))
        }
        let job = StreamingDownload(url: url, identifier: identifier, policy: policy)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<AttachmentReport.Outcome, Never>) in
                let timer = clock.schedule(after: policy.timeout) { job.fail(.timedOut) }
                job.start { outcome in
                    timer.cancel()
                    continuation.resume(returning: outcome)
                }
            }
        } onCancel: {
            job.fail(.unfinished)
        }
        return AttachmentReport(key: found.key, address: found.address, outcome: outcome)
    }
}

/// One streaming download: the `URLSession` delegate writing each chunk to the file as it arrives.
final class StreamingDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Safe: `control` is lock-guarded; `stream` is touched only from the session's serial delegate queue, or by
    // `finish` once `control` says no delegate call can follow (no task started, or the task has completed).
    private struct Control {
        var failure: AttachmentFailureReason?
        var task: URLSessionDataTask?
        var completion: (@Sendable (AttachmentReport.Outcome) -> Void)?
        /// The outcome was answered (the completion handler called or about to be).
        var isFinished = false
        /// The task was resumed: from then on its completion, or an outside failure, answers.
        var isStarted = false
        /// The file being written, once the bytes were typed (an outside failure deletes it before answering).
        var partialFile: URL?
        var isCancelledBeforeStart = false
    }

    private struct Stream {
        var head: [UInt8] = []
        var mediaType: AttachmentMediaType?
        var limit = 0
        var expectedLength: Int64 = -1
        var byteCount = 0
        var file: FileHandle?
        var fileURL: URL?
    }

    private let url: URL
    private let identifier: String
    private let policy: AttachmentPolicy
    private let control = LockedState(Control())
    private var stream = Stream()

    init(url: URL, identifier: String, policy: AttachmentPolicy) {
        self.url = url
        self.identifier = identifier
        self.policy = policy
        super.init()
    }

    func start(_ completion: @escaping @Sendable (AttachmentReport.Outcome) -> Void) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = policy.timeout
        configuration.timeoutIntervalForResource = policy.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        let task = session.dataTask(with: url)
        let startNow = control.withLock { control -> Bool in
            control.completion = completion
            guard control.failure == nil else { return false }
            control.task = task
            control.isStarted = true
            return true
        }
        if startNow {
            task.resume()
            session.finishTasksAndInvalidate()
        } else {
            session.invalidateAndCancel()
            finish(error: nil)
        }
    }

    /// Ends the download from outside (its timeout, the pipeline's end) with `reason`: the outcome is answered at
    /// once, whatever the session still has queued, and the partial file is deleted when the task completes.
    func fail(_ reason: AttachmentFailureReason) {
        let (task, completion, partialFile) = control.withLock {
            control -> (URLSessionDataTask?, (@Sendable (AttachmentReport.Outcome) -> Void)?, URL?) in
            guard !control.isFinished else { return (nil, nil, nil) }
            if control.failure == nil { control.failure = reason }
            let completion = control.isStarted ? control.completion : nil
            if completion != nil {
                control.isFinished = true
                control.completion = nil
            }
            return (control.task, completion, completion == nil ? nil : control.partialFile)
        }
        task?.cancel()
        if let partialFile { try? FileManager.default.removeItem(at: partialFile) }
        completion?(.failed(reason))
    }

    /// Stops the download from the delegate queue (too large, unrecognized bytes): the task's completion answers.
    private func stop(_ reason: AttachmentFailureReason) {
        let task = control.withLock { control -> URLSessionDataTask? in
            guard !control.isFinished else { return nil }
            if control.failure == nil { control.failure = reason }
            return control.task
        }
        task?.cancel()
    }

    /// Records `reason` without cancelling: for delegate calls that answer through their completion handler
    /// (cancelling there as well confuses FoundationNetworking's state machine).
    private func markFailed(_ reason: AttachmentFailureReason) {
        control.withLock { control in
            if control.failure == nil { control.failure = reason }
        }
    }

    private var failure: AttachmentFailureReason? { control.withLock { $0.failure } }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            markFailed(.httpStatus(http.statusCode))
            completionHandler(.cancel)
            return
        }
        stream.expectedLength = response.expectedContentLength
        if response.expectedContentLength > Int64(policy.largestLimit) {
            markFailed(.tooLarge(limit: policy.largestLimit))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard failure == nil else { return }
        if let reason = write(data) { stop(reason) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        if request.url?.scheme?.lowercased() == "https" {
            completionHandler(request)
        } else {
            markFailed(.insecureRedirect)
            completionHandler(nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(error: error)
    }

    // MARK: Streaming

    /// Writes a chunk: typed from the first bytes, capped by the type's limit. Returns a reason to stop.
    private func write(_ data: Data) -> AttachmentFailureReason? {
        stream.byteCount += data.count
        if stream.mediaType == nil {
            stream.head.append(contentsOf: data)
            guard stream.head.count >= AttachmentMediaType.sniffLength else {
                return stream.byteCount > policy.largestLimit ? .tooLarge(limit: policy.largestLimit) : nil
            }
            if let reason = openFile() { return reason }
            let head = Data(stream.head)
            stream.head = []
            return append(head)
        }
        return append(data)
    }

    /// Types the file from the bytes so far and opens it with the matching extension.
    private func openFile() -> AttachmentFailureReason? {
        guard let type = AttachmentMediaType(sniffing: stream.head) else { return .unrecognizedContent }
        stream.mediaType = type
        stream.limit = policy.maximumBytes(for: type.category)
        if stream.expectedLength > Int64(stream.limit) { return .tooLarge(limit: stream.limit) }
        let name = "\(identifier)-\(UUID().uuidString).\(type.fileExtension)"
        let fileURL = policy.directory.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: fileURL.path, contents: nil) else {
            return .fileSystem("cannot create \(fileURL.lastPathComponent)")
        }
        stream.fileURL = fileURL
        let answered = control.withLock { control -> Bool in
            control.partialFile = fileURL
            return control.isFinished
        }
        if answered { return .unfinished }
        do {
            stream.file = try FileHandle(forWritingTo: fileURL)
        } catch {
            return .fileSystem("\(error)")
        }
        return nil
    }

    private func append(_ data: Data) -> AttachmentFailureReason? {
        if stream.byteCount > stream.limit { return .tooLarge(limit: stream.limit) }
        guard let file = stream.file else { return .fileSystem("file not open") }
        do {
            if #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) {
                try file.write(contentsOf: data)
            } else {
                file.write(data)
            }
        } catch {
            return .fileSystem("\(error)")
        }
        return nil
    }

    private func finish(error: (any Error)?) {
        if error == nil, failure == nil, stream.mediaType == nil {
            // A body shorter than the sniff length: type what there is.
            if stream.head.isEmpty || openFile() != nil {
                stop(.unrecognizedContent)
            } else {
                let head = Data(stream.head)
                stream.head = []
                if let reason = append(head) { stop(reason) }
            }
        }
        let (completion, failure) = control.withLock {
            control -> ((@Sendable (AttachmentReport.Outcome) -> Void)?, AttachmentFailureReason?) in
            control.task = nil
            guard !control.isFinished else { return (nil, nil) }
            control.isFinished = true
            let completion = control.completion
            control.completion = nil
            return (completion, control.failure)
        }
        try? stream.file?.close()
        stream.file = nil
        guard let completion else {
            // Answered already (timeout, pipeline ended): only the partial file is left to delete.
            if let fileURL = stream.fileURL { try? FileManager.default.removeItem(at: fileURL) }
            return
        }
        let outcome: AttachmentReport.Outcome
        if let reason = failure ?? error.map(Self.reason(for:)) {
            if let fileURL = stream.fileURL { try? FileManager.default.removeItem(at: fileURL) }
            outcome = .failed(reason)
        } else if let fileURL = stream.fileURL, let type = stream.mediaType {
            outcome = .attached(
                ServiceExtensionAttachment(
                    identifier: identifier, fileURL: fileURL, mediaType: type, sourceURL: url,
                    byteCount: stream.byteCount))
        } else {
            outcome = .failed(.unrecognizedContent)
        }
        completion(outcome)
    }

    private static func reason(for error: any Error) -> AttachmentFailureReason {
        if let error = error as? URLError, error.code == .timedOut { return .timedOut }
        return .transport("\(error.localizedDescription)")
    }
}
