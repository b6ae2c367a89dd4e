internal import Foundation
internal import PushBusCore
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
    /// the hub dropped it as a duplicate. With `wakesWriter` `false` the record waits for the caller's
    /// `ledger.wakeWriter()`: a response wakes the writer after its completion handler, not before.
    func recordPosted(_ message: PushMessage, receipt: PostReceipt, wakesWriter: Bool = true) {
        guard receipt != .duplicate else { return }
        noteContentUse(message.content, isSilent: message.isSilent)
        let event: DeliveryEvent = message.response.map { .responded($0) } ?? .received
        if wakesWriter {
            recordInLedger(event, for: message)
        } else {
            ledger.enqueueWithoutWaking(event, for: message)
        }
    }

    /// A Boolean value indicating whether the ledger holds this response (same message, same action) written
    /// before this delivery started: by an earlier launch, or by an extension.
    ///
    /// Identity is the one rule (`SeenDeliveries`): request identifiers equal ignoring case and notification
    /// dates within a second prove two reports the same or apart; a report that shares no such evidence with the
    /// record matches only within the correlation window, so the same plain alert tapped again a minute later is a
    /// new open.
    ///
    /// Asked before iOS is answered: only a message the ledger held an answer of at launch
    /// (`DeliveryStore.answeredEarlier`) reads its records, under the lock the ledger's writer takes too.
    func wasHandledEarlier(_ message: PushMessage) -> Bool {
        guard let response = message.response, store.answeredEarlier.contains(message.id) else { return false }
        let kind: DeliveryEvent.Kind = response.action == .dismiss ? .dismissed : .opened
        let action = response.action.identifier
        let evidence = SeenDeliveries.Evidence.stored(message)
        let window = center.configuration.deduplicationWindow
        return ledger.history(of: message.id, writtenUpTo: store.startSequence).contains { record in
            record.event.kind == kind && record.event.action == action
                && SeenDeliveries.isSameDelivery(
                    evidence, reportedAt: message.date, record.evidence, reportedAt: record.reportedAt,
                    correlationWindow: window)
        }
    }
}
