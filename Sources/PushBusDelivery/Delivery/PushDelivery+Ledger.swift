import Foundation
import PushBusCore
import PushBusExtensions
import PushBusHub
import PushBusStorage

/// The delivery writes what it classifies into its `DeliveryLedger`, and asks the ledger whether a response was
/// already handled in an earlier launch (or by another process), so one open is never counted or routed twice.
extension PushDelivery {
    /// Records `event` for `message` through the ledger's writer: the calling thread (the main thread, for a
    /// notification callback) never waits for file work or another process's lock. A ledger that cannot be written
    /// never stops a delivery: the failure reaches `DeliveryLedger.Configuration.onIssue`, the record is tried
    /// again later, and the message goes on to its subscribers.
    func recordInLedger(_ event: DeliveryEvent, for message: PushMessage) {
        ledger.enqueue(event, for: message)
    }

    /// Records the outcome of posting `message`: received (an arrival) or opened / dismissed (a response), unless
    /// the hub dropped it as a duplicate.
    func recordPosted(_ message: PushMessage, receipt: PostReceipt) {
        guard receipt != .duplicate else { return }
        noteContentUse(message.content, isSilent: message.isSilent)
        if let response = message.response {
            recordInLedger(.responded(response), for: message)
        } else {
            recordInLedger(.received, for: message)
        }
    }

    /// A Boolean value indicating whether the ledger holds this response (same message, same action) written
    /// before this delivery started: by an earlier launch, or by an extension.
    ///
    /// Identity follows DESIGN's rules. When both reports know the request identifier they must match
    /// (case-insensitively) and, when this report knows the notification's date, the dates must be within a
    /// second. A report that knows no request identifier matches only a record written within the correlation
    /// window, so the same plain alert tapped again a minute later is a new open.
    func wasHandledEarlier(_ message: PushMessage) -> Bool {
        guard let response = message.response else { return false }
        let kind: DeliveryEvent.Kind = response.action == .dismiss ? .dismissed : .opened
        let action = response.action.identifier
        let now = ledger.configuration.clock.now
        let window = center.configuration.deduplicationWindow
        return ledger.history(of: message.id).contains { record in
            guard record.sequence <= store.startSequence, record.event.kind == kind, record.event.action == action
            else {
                return false
            }
            guard message.requestIdentifier != nil, record.requestIdentifier != nil else {
                return now.timeIntervalSince(record.writtenAt) <= window
            }
            return record.isAbout(
                messageID: message.id, requestIdentifier: message.requestIdentifier,
                notificationDate: message.notificationDate)
        }
    }
}
