// The service extension's retract step on the real Notification Center. Extension-safe: removing delivered
// notifications is allowed to app extensions.
#if canImport(UserNotifications)
import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if (canImport(UserNotifications) || PUSHBUS_APPLE_STUBS) && !os(tvOS) && !os(watchOS)
import Foundation
import PushBusCore
public import PushBusServiceExtension
public import PushBusStorage

extension ServiceExtensionStep {
    /// `ServiceExtensionStep.retract(in:ledger:inbox:)` on `UNUserNotificationCenter.current()`: a visible push
    /// carrying the PushBus retract or replace keys removes the notifications it names before it is shown, records
    /// `removed` in `ledger` and removes their entries from `inbox` (Docs/Retraction.md).
    ///
    /// ```swift
    /// ServiceExtensionPipeline(steps: [.retract(ledger: ledger, inbox: inbox), .inbox(inbox)])
    /// ```
    public static func retract(ledger: DeliveryLedger? = nil, inbox: PushInbox? = nil) -> Self {
        retract(in: CurrentNotificationCenter(), ledger: ledger, inbox: inbox)
    }
}

/// `UNUserNotificationCenter.current()`'s delivered list, read as snapshots.
private struct CurrentNotificationCenter: DeliveredNotificationList {
    func deliveredSnapshots() async -> [NotificationSnapshot] {
        await UNUserNotificationCenter.current().deliveredNotifications().map(ContentExtensionSnapshots.snapshot(of:))
    }

    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
        UNUserNotificationCenter.current().removeDeliveredNotifications(withIdentifiers: identifiers)
    }
}
#endif
