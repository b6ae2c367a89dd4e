/// Notification Center's list of delivered notifications, read and pruned: what retracting a push needs of it.
/// Every `NotificationScheduler` (`UserNotificationScheduler` in PushBusApple, `SimulatedNotificationCenter` and
/// `SimulatedScheduler` in PushBusTesting) is one; a service extension's step reads `UNUserNotificationCenter`
/// through PushBusAppleExtension's `ServiceExtensionStep.retract(ledger:inbox:)`.
public protocol DeliveredNotificationList: Sendable {
    /// The notifications shown in Notification Center, oldest first, as snapshots.
    func deliveredSnapshots() async -> [NotificationSnapshot]

    /// Removes the delivered notifications with these identifiers from Notification Center.
    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async
}
