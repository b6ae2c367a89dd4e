internal import Foundation
internal import PushBusCore
public import PushBusLocalNotifications
public import PushBusServiceExtension
public import PushBusStorage

extension RetractionRun {
    /// ``removeDelivered(_:with:)`` on a `NotificationScheduler`'s delivered list.
    func removeDelivered(from notificationCenter: some NotificationScheduler) async -> [(PushMessage, DeliveryEvent)] {
        let delivered = await notificationCenter.deliveredNotifications().map { notification in
            NotificationSnapshot(
                requestIdentifier: notification.identifier, date: notification.date,
                trigger: notification.isRemote ? .push : .timeInterval, content: notification.request.content)
        }
        return await removeDelivered(delivered) {
            await notificationCenter.removeDeliveredNotifications(withIdentifiers: $0)
        }
    }
}

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
    /// - Parameters:
    ///   - notificationCenter: Notification Center's delivered list.
    ///   - ledger: Where the `removed` events go (the app group's ledger); `nil` records nothing.
    ///   - inbox: The inbox whose entries of the retracted messages are removed; `nil` leaves inboxes alone.
    /// - Returns: A work step; a push without the keys passes through untouched.
    public static func retract(
        in notificationCenter: some NotificationScheduler, ledger: DeliveryLedger? = nil, inbox: PushInbox? = nil
    ) -> Self {
        retract(ledger: ledger, inbox: inbox) { run in await run.removeDelivered(from: notificationCenter) }
    }
}
