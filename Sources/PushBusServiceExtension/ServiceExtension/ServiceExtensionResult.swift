public import Foundation

/// What a ``ServiceExtensionPipeline`` run hands to its content handler, exactly once.
///
/// Each finishing step (``ServiceExtensionStep/receipt(_:)``, ``ServiceExtensionStep/finishing(_:_:)``) gets the
/// result as it stands just before the handler: `content` after the finishing steps before it, `steps` so far
/// (the finishing steps before it included), `endDate` when the handler is about to be called.
public struct ServiceExtensionResult: Sendable {
    /// What ended the run.
    public enum Ending: String, Sendable, Hashable {
        /// Every step finished.
        case stepsFinished
        /// The pipeline's deadline passed first.
        case deadline
        /// iOS called `serviceExtensionTimeWillExpire()` first.
        case timeWillExpire
        /// A step answered ``ServiceExtensionStepOutcome/notMine``.
        case notMine
        /// The filter step dropped the notification.
        case dropped
    }

    /// What to do with the notification.
    public enum Disposition: String, Sendable, Hashable {
        /// Show `content`.
        case show
        /// Show nothing: pass empty content to iOS (needs the
        /// `com.apple.developer.usernotifications.filtering` entitlement).
        case drop
        /// Not PushBus's: hand the request, untouched, to the next handler (another SDK), or show it as received.
        case notMine
    }

    /// The request's identifier (the `apns-id`).
    public var requestIdentifier: String
    /// The content to show: every committed change (the original content for ``Disposition-swift.enum/notMine``).
    public var content: ServiceExtensionContent
    /// What iOS gets: ``content``, empty content, or the request untouched for the next handler.
    public var disposition: Disposition
    /// What ended the run: the steps, a deadline, iOS's time running out, a step's "not mine", or the filter.
    public var ending: Ending
    /// Each step that ran or was cut off, in order.
    public var steps: [ServiceExtensionStepReport]
    /// Each attachment the payload asked for, with its outcome (unfinished ones as
    /// ``AttachmentFailureReason/unfinished``).
    public var attachments: [AttachmentReport]
    /// When the run started and when the content handler was called, on the pipeline's clock.
    public var startDate: Date
    public var endDate: Date
    /// Until when a finishing step may still wait (for a file another process writes, say), on the pipeline's
    /// clock: the pipeline's deadline, or ``endDate`` when a deadline or iOS's `serviceExtensionTimeWillExpire()`
    /// ended the run. The storage steps (`ledgerReceipt(_:)`, `inbox(_:)`) wait for the ledger until then at most.
    public var deadline: Date
}

/// What one step did.
public struct ServiceExtensionStepReport: Sendable, Hashable {
    /// How the step ended.
    public enum Status: Sendable, Hashable {
        /// Finished with this outcome.
        case finished(ServiceExtensionStepOutcome)
        /// Still running when the run ended (its task was cancelled; committed changes stay).
        case cutOff
        /// Never started (the run ended before its turn).
        case skipped
        /// A finishing step that ran.
        case applied
        /// A finishing step that threw.
        case finishingFailed(String)
    }

    /// The step's ``ServiceExtensionStep/name``.
    public var name: String
    /// How the step ended.
    public var status: Status
    /// When it ended, on the pipeline's clock (`nil` for skipped steps).
    public var date: Date?
}
