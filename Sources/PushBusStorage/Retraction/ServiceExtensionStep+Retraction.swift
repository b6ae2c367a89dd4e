internal import Foundation
public import PushBusCore
public import PushBusServiceExtension

extension ServiceExtensionStep {
    /// Carries out the PushBus retract and replace keys (`PushRetraction`) of a visible push before it is shown:
    /// removes the named notifications from Notification Center, records a `removed` event for each in `ledger`,
    /// and removes their entries from `inbox`. The one way to take a notification back from a force-quit app (a
    /// silent push never reaches it). Put it before `inbox(_:)`, so the badge it writes counts what is left.
    ///
    /// ```swift
    /// let pipeline = ServiceExtensionPipeline(steps: [
    ///     .retract(in: notificationCenter, ledger: ledger, inbox: inbox), .inbox(inbox),
    /// ])
    /// ```
    ///
    /// A service extension on iOS uses PushBusAppleExtension's `retract(ledger:inbox:)`, which reads
    /// `UNUserNotificationCenter.current()`; this one takes any `DeliveredNotificationList` (a
    /// `NotificationScheduler`, the simulator's Notification Center).
    ///
    /// - Parameters:
    ///   - notificationCenter: Notification Center's delivered list.
    ///   - ledger: Where the `removed` events go (the app group's ledger); `nil` records nothing.
    ///   - inbox: The inbox whose entries of the retracted messages are removed; `nil` leaves inboxes alone.
    /// - Returns: A work step; a push without the keys passes through untouched.
    public static func retract(
        in notificationCenter: some DeliveredNotificationList, ledger: DeliveryLedger? = nil, inbox: PushInbox? = nil
    ) -> Self {
        custom("retract") { context in
            let message = PushMessage(
                kind: .remote, content: context.original, requestIdentifier: context.requestIdentifier,
                date: context.clock.now)
            guard let run = RetractionRun(message) else { return .done }
            let removed = await run.removeDelivered(from: notificationCenter)
            // Handed to the ledger's writer: a finishing storage step (`ledgerReceipt(_:)`) waits for them.
            for (earlier, event) in removed { ledger?.enqueue(event, for: earlier, role: .serviceExtension) }
            do throws(DeliveryLedgerError) {
                try inbox?.removeRetracted(by: message)
            } catch {
                return .failed("\(error)")
            }
            return .done
        }
    }
}
