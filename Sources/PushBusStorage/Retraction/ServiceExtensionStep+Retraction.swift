internal import Foundation
package import PushBusCore
package import PushBusServiceExtension

extension ServiceExtensionStep {
    /// `retract(in:ledger:inbox:)` (PushBusDelivery) for glue that reads Notification Center itself (PushBusAppleExtension's
    /// `UNUserNotificationCenter` version).
    ///
    /// - Parameters:
    ///   - delivered: Notification Center's delivered notifications.
    ///   - remove: `removeDeliveredNotifications(withIdentifiers:)`.
    package static func retract(
        delivered: @escaping @Sendable () async -> [NotificationSnapshot],
        remove: @escaping @Sendable ([String]) -> Void, ledger: DeliveryLedger?, inbox: PushInbox?
    ) -> Self {
        retract(ledger: ledger, inbox: inbox) { run in await run.removeDelivered(await delivered(), with: remove) }
    }

    package static func retract(
        ledger: DeliveryLedger?, inbox: PushInbox?,
        removing: @escaping @Sendable (RetractionRun) async -> [(PushMessage, DeliveryEvent)]
    ) -> Self {
        custom("retract") { context in
            let message = PushMessage(
                kind: .remote, content: context.original, requestIdentifier: context.requestIdentifier,
                date: context.clock.now)
            guard let run = RetractionRun(message) else { return .done }
            let removed = await removing(run)
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
