internal import Foundation
internal import PushBusCore
public import PushBusServiceExtension

extension ServiceExtensionStep {
    /// Records "received by the service extension" in `ledger` (a finishing step: put it last), so the app learns
    /// of a push it may never see opened: a confirmed delivery. The record carries the request identifier, how the
    /// run ended (`values["ending"]`) and whether the notification was shown or dropped (`values["disposition"]`).
    ///
    /// ```swift
    /// let ledger = try DeliveryLedger(directory: appGroupURL, configuration: extensionConfiguration)
    /// let pipeline = ServiceExtensionPipeline(steps: [
    ///     .rewrite { $0.body = decrypt($0.body) }, .attachments(AttachmentDownloader(policy: policy)),
    ///     .ledgerReceipt(ledger),
    /// ])
    /// ```
    ///
    /// The message identity is the one the app computes from the same payload (the provider's message id, or the
    /// digest of `userInfo`), so the app's later records of the push join this one.
    ///
    /// The record goes to the ledger's writer, and the step waits for it (and for every record the steps before it
    /// wrote) until the run's ``ServiceExtensionResult/deadline`` at most: not at all when a deadline or iOS's
    /// `serviceExtensionTimeWillExpire()` ended the run. What is not written by then stays with the writer, and is
    /// lost if iOS ends the process first; the app reconciles it from Notification Center's delivered notifications
    /// when it next becomes active. The step then reports ``DeliveryLedgerError/lockBusy(path:)`` (or the write's
    /// error) as its failure.
    public static func ledgerReceipt(_ ledger: DeliveryLedger) -> Self {
        receipt { receipt in
            let message = PushMessage(
                kind: .remote, content: Self.shownContent(receipt.content),
                requestIdentifier: receipt.requestIdentifier, date: receipt.endDate)
            ledger.enqueue(
                DeliveryEvent(
                    kind: .received,
                    values: ["ending": "\(receipt.ending)", "disposition": receipt.disposition.rawValue]),
                for: message, role: .serviceExtension)
            try waitForWrites(of: ledger, until: receipt)
        }
    }

    /// Waits for `ledger`'s writer until `result`'s deadline at most (the deadline is on the pipeline's clock; the
    /// wait is in real seconds).
    /// - Throws: Why the records are not written yet, when they are not by then.
    static func waitForWrites(of ledger: DeliveryLedger, until result: ServiceExtensionResult)
        throws(DeliveryLedgerError)
    {
        let timeLeft = result.deadline.timeIntervalSince(result.endDate)
        guard !ledger.waitForWrites(timeout: timeLeft) else { return }
        throw ledger.currentWriteFailure ?? .lockBusy(path: ledger.directory?.path ?? "")
    }

    /// The payload as the app will read it, with the text the extension wrote.
    static func shownContent(_ content: ServiceExtensionContent) -> PushContent {
        var shown = PushContent(payload: .object(content.payload))
        shown.title = content.title
        shown.subtitle = content.subtitle
        shown.body = content.body
        return shown
    }
}
