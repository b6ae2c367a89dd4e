internal import Foundation
public import PushBusCore
public import PushBusStorage

extension PushDelivery {
    /// Records the notifications Notification Center shows that the ledger has no arrival of, and adds them to
    /// `inbox`: what a Notification Service Extension could not write while the device was locked since boot (its
    /// container unreadable), or a push nothing saw arrive. Call it when the app becomes active; PushBusApple's
    /// `PushBusApp.recordDeliveredNotifications(inbox:)` reads the delivered notifications and calls it.
    ///
    /// Each one becomes an arrival (`.remote` / `.local`, path `DeliveryPath.notificationCenter`) recorded as
    /// `received` through `DeliveryLedger.enqueue(_:)`; nothing is posted to the hub (the app was not told of it
    /// then, and a tap on it still arrives as usual). A notification the ledger already holds an arrival of (same
    /// message, same request identifier) is left alone, so calling it again records nothing twice.
    ///
    /// - Parameters:
    ///   - notifications: Notification Center's delivered notifications.
    ///   - inbox: The inbox to add them to (it decides what enters, and never doubles an entry).
    /// - Returns: How many were recorded.
    @discardableResult
    public func recordDelivered(_ notifications: [NotificationSnapshot], inbox: PushInbox? = nil) -> Int {
        var recorded = 0
        for notification in notifications {
            let message = makeMessage(
                kind: notification.trigger.isRemote ? .remote : .local, content: notification.content,
                appState: .background, path: .notificationCenter, requestIdentifier: notification.requestIdentifier,
                notificationDate: notification.date, date: notification.date)
            guard
                !ledger.hasRecorded(
                    .received, messageID: message.id, requestIdentifier: notification.requestIdentifier)
            else { continue }
            if let inbox { _ = try? inbox.add(message) }  // first: the inbox admits what no process recorded yet
            ledger.enqueue(DeliveryEvent(kind: .received, values: ["seenIn": "notificationCenter"]), for: message)
            recorded += 1
        }
        return recorded
    }
}
