// The Darwin notification that tells a running app another process wrote to the shared ledger. It lives here, not
// beside `DeliveryLedger.postChange(name:)` (PushBusAppleExtension, which calls it), so that the service extension's
// glue posts it without linking PushBusStorage: the notification carries only a name, never the ledger.
#if canImport(UserNotifications)
import Foundation
#elseif PUSHBUS_APPLE_STUBS
import Foundation
internal import PushBusAppleStubs
#endif
#if canImport(UserNotifications) || PUSHBUS_APPLE_STUBS

/// Posts the ledger-change Darwin notification that PushBusApple's `DeliveryLedgerRefresher` observes.
package enum LedgerChangeNotification {
    /// Posts the Darwin notification `name`. Carries no data: the ledger file is the message.
    package static func post(name: String) {
        CFNotificationCenterPostNotification(
            CFNotificationCenterGetDarwinNotifyCenter(), CFNotificationName(name as CFString), nil, nil, true)
    }
}
#endif
