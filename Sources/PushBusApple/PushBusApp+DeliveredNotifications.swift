// Reconciles the ledger with Notification Center after the device was locked since boot.
#if canImport(UserNotifications)
public import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UserNotifications) || PUSHBUS_APPLE_STUBS) && !os(tvOS)
internal import Foundation
import PushBusCore
import PushBusDelivery
public import PushBusStorage

extension PushBusApp {
    /// Records, in the installed delivery's ledger and in `inbox`, the notifications Notification Center shows that
    /// the ledger lacks (`PushDelivery.recordDelivered(_:inbox:)`): what the service extension could not write while
    /// the device was locked since boot. Call it when the app becomes active.
    ///
    /// ```swift
    /// func applicationDidBecomeActive(_ application: UIApplication) {
    ///     PushBusApp.appDelegate.applicationDidBecomeActive(application)
    ///     Task { await PushBusApp.recordDeliveredNotifications(inbox: inbox) }
    /// }
    /// ```
    ///
    /// - Returns: How many were recorded.
    @discardableResult
    public static func recordDeliveredNotifications(
        inbox: PushInbox? = nil, notificationCenter: UNUserNotificationCenter = .current()
    ) async -> Int {
        let delivery = installedDelivery
        let delivered: [NotificationSnapshot] = await withCheckedContinuation { continuation in
            notificationCenter.getDeliveredNotifications { notifications in
                continuation.resume(returning: notifications.map(NotificationSnapshot.init))
            }
        }
        return delivery.recordDelivered(delivered, inbox: inbox)
    }
}
#endif
