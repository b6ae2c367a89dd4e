import Foundation
@_spi(PushBusInternals) public import PushBusCore
public import PushBusStorage

/// One notification shown by a Notification Content Extension: the normalized message, and its answers recorded
/// in the shared `DeliveryLedger` so the app learns of them (`PushDelivery.deliverContentExtensionAnswers(appState:)`).
///
/// PushBusAppleExtension's `PushBusContentExtension` makes one from `didReceive(_ notification:)`; the simulator
/// makes one for each long press. Platform-neutral:
///
/// ```swift
/// let session = ContentExtensionSession(notification: snapshot, ledger: ledger)
/// session.answer(
///     ContentExtensionAnswer(action: "CONFIRM", disposition: .dismissExtension, values: ["seconds": "30"]))
/// ```
///
/// Each answer is written before iOS is told (so the app's `didReceive` of a forwarded action finds it). After
/// an answer that closes the extension (any disposition but `ContentExtensionDisposition.doNotDismiss`)
/// the session is finished and later answers are ignored.
public final class ContentExtensionSession: Sendable {
    /// The notification the extension shows, as the app's adapters would build it (an arrival kind).
    public let message: PushMessage
    /// The ledger the answers are written to (the app group's).
    package let ledger: DeliveryLedger

    private struct State {
        var answers: [ContentExtensionAnswer] = []
        var isFinished = false
        var ledgerFailure: DeliveryLedgerError?
    }

    private let state = LockedState(State())

    /// Starts a session for `notification` and records it as received by the content extension.
    ///
    /// - Parameters:
    ///   - notification: What `UNNotification` carries.
    ///   - ledger: The shared ledger (the same directory as the app's).
    ///   - deepLinkExtractor: Finds the message's deep link; use the app's.
    public init(
        notification: NotificationSnapshot, ledger: DeliveryLedger, deepLinkExtractor: DeepLinkExtractor = .default
    ) {
        message = PushMessage(
            kind: notification.trigger.isRemote ? .remote : .local, content: notification.content,
            appState: .background, path: .contentExtension, requestIdentifier: notification.requestIdentifier,
            date: notification.date, notificationDate: notification.date, deepLinkExtractor: deepLinkExtractor)
        self.ledger = ledger
        write(.received)
    }

    /// Every answer recorded, in order.
    public var answers: [ContentExtensionAnswer] { state.withLock { $0.answers } }

    /// A Boolean value indicating whether an answer closed the extension: later answers are ignored.
    package var isFinished: Bool { state.withLock { $0.isFinished } }

    /// Why the ledger could not be written the last time it failed (the answer still went to iOS).
    public var ledgerFailure: DeliveryLedgerError? { state.withLock { $0.ledgerFailure } }

    /// Records `answer` in the ledger, unless the session is finished.
    ///
    /// - Returns: `true` when recorded (or attempted: see ``ledgerFailure``); `false` when the session was
    ///   already finished, so the caller must not tell iOS again.
    @discardableResult
    public func answer(_ answer: ContentExtensionAnswer) -> Bool {
        let isAccepted = state.withLock { state -> Bool in
            guard !state.isFinished else { return false }
            state.answers.append(answer)
            if answer.disposition != .doNotDismiss { state.isFinished = true }
            return true
        }
        if isAccepted { write(answer.event) }
        return isAccepted
    }

    private func write(_ event: DeliveryEvent) {
        do throws(DeliveryLedgerError) {
            try ledger.record(event, for: message, role: .contentExtension)
        } catch {
            state.withLock { $0.ledgerFailure = error }
        }
    }
}
