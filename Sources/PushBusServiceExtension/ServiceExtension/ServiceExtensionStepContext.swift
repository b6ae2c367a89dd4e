import Foundation
public import PushBusCore

/// What a work step sees: the best content so far, and the way to commit changes to it.
public final class ServiceExtensionStepContext: Sendable {
    let run: ServiceExtensionRun
    /// The request's identifier (the `apns-id`).
    public let requestIdentifier: String
    /// The payload as received (before any step).
    public let original: PushContent
    /// The clock of the run.
    public let clock: any PushClock

    init(run: ServiceExtensionRun, requestIdentifier: String, original: PushContent, clock: any PushClock) {
        self.run = run
        self.requestIdentifier = requestIdentifier
        self.original = original
        self.clock = clock
    }

    /// The best content so far (every change committed by earlier steps and this one).
    public var content: ServiceExtensionContent { run.currentContent }

    /// A Boolean value indicating whether the run has ended (the content handler was called or is being called):
    /// changes are no longer accepted.
    package var isEnded: Bool { run.isEnded }

    /// Commits a change to the content: if the deadline comes next, the content handler gets it.
    ///
    /// The change is applied to a copy outside any lock and written back only if nothing else committed in the
    /// meantime (otherwise it is applied again to the newer content), so it may run more than once: keep it a
    /// pure edit of the content.
    ///
    /// - Parameter change: Edits the content.
    /// - Returns: `false` when the run has already ended (the change is dropped).
    @discardableResult
    public func update(_ change: (inout ServiceExtensionContent) -> Void) -> Bool {
        run.update(change)
    }

    /// Reports an attachment that starts downloading: if the run ends first, it is reported
    /// ``AttachmentFailureReason/unfinished``.
    func beginAttachment(_ found: AttachmentLocator.Found) -> Int? { run.beginAttachment(found) }

    /// Reports an attachment's outcome; an attached file is added to the content.
    ///
    /// - Returns: `false` when the run has already ended (the caller deletes the file).
    func finishAttachment(_ token: Int, _ report: AttachmentReport) -> Bool { run.finishAttachment(token, report) }

    /// Reports an attachment refused before any download.
    func reportAttachment(_ report: AttachmentReport) { run.reportAttachment(report) }
}
