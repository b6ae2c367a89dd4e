public import Foundation
@_spi(PushBusInternals) public import PushBusCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads attachments, each streamed straight to a file: never more than one network chunk in memory.
///
/// Each download has its own timeout (``AttachmentPolicy/timeout``, measured on the given clock), its size
/// capped by type, HTTPS only unless the host is allowed, redirects followed only to HTTPS, and its type read
/// from the first bytes (the file gets the matching extension). The request asks for `Accept-Encoding: identity`;
/// a declared `Content-Length` over the cap is refused before the body is read, and every body (a compressed one
/// counted in decoded bytes) is counted as it arrives and cancelled at the cap. Cancelling the calling task stops
/// the download and reports ``AttachmentFailureReason/unfinished``.
public struct AttachmentDownloader: Sendable {
    /// The rules every download follows.
    public var policy: AttachmentPolicy
    let clock: any PushClock

    /// - Parameters:
    ///   - policy: Timeouts, limits, allowed hosts and the target directory.
    ///   - clock: Measures the per-attachment timeout (default: wall-clock time).
    public init(policy: AttachmentPolicy = AttachmentPolicy(), clock: any PushClock = SystemPushClock()) {
        self.policy = policy
        self.clock = clock
    }

    /// Downloads one attachment; never throws: every refusal or failure is the report's reason.
    ///
    /// - Parameters:
    ///   - found: The payload key and address.
    ///   - identifier: The attachment's identifier (also the start of its file name).
    /// - Returns: The file attached, or why not.
    package func download(_ found: AttachmentLocator.Found, identifier: String) async -> AttachmentReport {
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

extension AttachmentDownloader {
    /// Downloads an image that is not an attachment (a sender's avatar, a group's picture for a
    /// ``CommunicationMessage``) and returns its bytes, under the attachments' rules.
    ///
    /// The same ``AttachmentPolicy`` as ``ServiceExtensionStep/attachments(_:locator:)``: HTTPS only unless the host
    /// is allowed, redirects only to HTTPS, ``AttachmentPolicy/timeout``, `Accept-Encoding: identity`, a declared
    /// `Content-Length` over the cap refused before the body is read, every (decoded) byte counted as it arrives
    /// and the transfer cancelled at the cap, the type read from the bytes. The body streams to a file that is
    /// read once it is complete, then deleted, so only the image itself is ever held in memory. Called from a step,
    /// the run's deadline (or iOS's `serviceExtensionTimeWillExpire()`) cancels it:
    /// ``AttachmentFailureReason/unfinished``.
    ///
    /// ```swift
    /// let avatar = try? await AttachmentDownloader().imageData(from: address, maximumBytes: 1_000_000)
    /// ```
    ///
    /// - Parameters:
    ///   - address: The image's address.
    ///   - maximumBytes: A cap below ``AttachmentPolicy/maximumImageBytes`` (say 1 MB for an avatar in the
    ///     extension's ~24 MB); `nil` keeps the policy's.
    /// - Returns: The bytes of a JPEG, PNG, GIF, HEIC or WebP image.
    /// - Throws: Why there is no image: the attachments' reasons, and ``AttachmentFailureReason/unrecognizedContent``
    ///   for bytes that are not an image (audio and video included).
    public func imageData(from address: String, maximumBytes: Int? = nil) async throws(AttachmentFailureReason)
        -> Data
    {
        var imagePolicy = policy
        let limit = max(0, min(policy.maximumImageBytes, maximumBytes ?? .max))
        imagePolicy.maximumImageBytes = limit
        // Nothing but an image is kept: no other type may grow past the image's cap before its bytes say so.
        imagePolicy.maximumAudioBytes = min(policy.maximumAudioBytes, limit)
        imagePolicy.maximumVideoBytes = min(policy.maximumVideoBytes, limit)
        let report = await AttachmentDownloader(policy: imagePolicy, clock: clock)
            .download(
                AttachmentLocator.Found(key: "image", address: address), identifier: "image-\(UUID().uuidString)")
        switch report.outcome {
        case .failed(let reason):
            throw reason
        case .attached(let file):
            defer { try? FileManager.default.removeItem(at: file.fileURL) }
            guard file.mediaType.category == .image else { throw .unrecognizedContent }
            do {
                return try Data(contentsOf: file.fileURL)
            } catch {
                throw .fileSystem("\(error)")
            }
        }
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
    /// Where this download calls into `URLSession` (creating the session and task, `resume`, `cancel`,
    /// invalidating): a serial queue of its own, never the caller's thread. FoundationNetworking runs every
    /// session of the process on one serial queue, and `dataTask(with:)`, `resume()` and `cancel()` wait for it
    /// synchronously; while another download holds it (libcurl inflating a gzip bomb takes seconds, tens of
    /// seconds on a loaded machine) a caller on one of Swift concurrency's cooperative threads (as many as cores)
    /// stops that thread, and with two such callers every task of the process stops. A serial queue runs on an
    /// overcommitting thread of Dispatch's own, which may wait; a global queue's thread may not (it is one of the
    /// threads Swift concurrency shares). Docs/Architecture.md states the rule.
    private let calls = DispatchQueue(label: "PushBus.AttachmentDownload")

    init(url: URL, identifier: String, policy: AttachmentPolicy) {
        self.url = url
        self.identifier = identifier
        self.policy = policy
        super.init()
    }

    /// Starts the download on the download's own queue (see `calls`) and returns at once; `completion` is called
    /// once, with the outcome.
    func start(_ completion: @escaping @Sendable (AttachmentReport.Outcome) -> Void) {
        calls.async { self.startOnQueue(completion) }
    }

    private func startOnQueue(_ completion: @escaping @Sendable (AttachmentReport.Outcome) -> Void) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = policy.timeout
        configuration.timeoutIntervalForResource = policy.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        #if canImport(FoundationNetworking)
        let delegateQueue: OperationQueue? = InlineOperationQueue()
        #else
        let delegateQueue: OperationQueue? = nil
        #endif
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: delegateQueue)
        var request = URLRequest(url: url)
        // A compressed body's Content-Length says nothing of its decoded size (1 MB of gzip can be 1 GB).
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let task = session.dataTask(with: request)
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
            // Failed before it started: answer without touching the stream, which belongs to the session's
            // delegate queue (the cancelled task may still report its completion there, and `finish` it).
            if case let (completion?, failure?) = claimAnswer() { completion(.failed(failure)) }
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
        if let partialFile { try? FileManager.default.removeItem(at: partialFile) }
        completion?(.failed(reason))
        if let task { cancel(task) }
    }

    /// Stops the download from the delegate queue (too large, unrecognized bytes, a refused response): answers at
    /// once, without waiting for the task to wind down (libcurl may still be inflating the rest of a bomb, every
    /// chunk of it dropped), deletes the partial file and cancels the task.
    private func stop(_ reason: AttachmentFailureReason) {
        markFailed(reason)
        let task = control.withLock { $0.task }
        finish(error: nil)
        if let task { cancel(task) }
    }

    /// Cancels `task` on the download's own queue (see `calls`): FoundationNetworking's `cancel()` (up to Swift
    /// 6.3) waits for the session's queue, which runs the delegate (see ``InlineOperationQueue``) and may be
    /// inflating a bomb; nobody waits for it, the partial file goes when the task completes. Not a global queue:
    /// its threads are the ones Swift concurrency's tasks run on, and a cancel waiting there stops them.
    private func cancel(_ task: URLSessionDataTask) {
        calls.async { task.cancel() }
    }

    /// Records `reason` without cancelling: for the task's own completion, and for a refused redirect (whose
    /// completion handler ends the task; cancelling as well confuses FoundationNetworking's state machine).
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
        // FoundationNetworking ignores the disposition: a refusal also cancels the task, before any body is read.
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            stop(.httpStatus(http.statusCode))
            completionHandler(.cancel)
            return
        }
        stream.expectedLength = Self.declaredLength(of: response)
        if stream.expectedLength > Int64(policy.largestLimit) {
            stop(.tooLarge(limit: policy.largestLimit))
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
            if stream.head.isEmpty {
                markFailed(.unrecognizedContent)
            } else if let reason = openFile() {
                markFailed(reason)
            } else {
                let head = Data(stream.head)
                stream.head = []
                if let reason = append(head) { markFailed(reason) }
            }
        }
        let (completion, failure) = claimAnswer()
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

    /// Takes the right to answer: the completion handler and the failure recorded so far, or `nil`s when the
    /// outcome was answered already.
    private func claimAnswer() -> ((@Sendable (AttachmentReport.Outcome) -> Void)?, AttachmentFailureReason?) {
        control.withLock { control in
            control.task = nil
            guard !control.isFinished else { return (nil, nil) }
            control.isFinished = true
            let completion = control.completion
            control.completion = nil
            return (completion, control.failure)
        }
    }

    /// The body's size as the server declares it, or -1: the `Content-Length` of a compressed body (sent although
    /// the request asked for `identity`) counts compressed bytes, so it declares nothing of what is written.
    private static func declaredLength(of response: URLResponse) -> Int64 {
        guard let http = response as? HTTPURLResponse else { return response.expectedContentLength }
        let encoding = http.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces)
        if let encoding, !encoding.isEmpty, encoding.lowercased() != "identity" { return -1 }
        return response.expectedContentLength
    }

    private static func reason(for error: any Error) -> AttachmentFailureReason {
        if let error = error as? URLError, error.code == .timedOut { return .timedOut }
        return .transport("\(error.localizedDescription)")
    }
}
