/// What the app and its two extensions share: names only, so this file imports nothing and each target keeps its one
/// PushBus import (the app `PushBusApple`, the service extension `PushBusNotificationServiceExtension`, the content
/// extension `PushBusNotificationContentExtension`). Give all three targets the same App Group
/// (Signing & Capabilities → App Groups) and use these names everywhere.
enum AppGroup {
    /// The App Group: its container holds the delivery ledger (what was delivered, shown, opened, answered) and the
    /// shared values. Each process opens the ledger with its own role, so the ledger says who saw what:
    /// `DeliveryLedger(appGroup: AppGroup.identifier, role: .serviceExtension)`.
    static let identifier = "group.com.example.pushbusdemo"
    /// The Darwin notification an extension posts after writing to the ledger; the running app refreshes on it.
    static let ledgerChanged = "group.com.example.pushbusdemo.ledger"
    /// The reminder's category: the app registers it, the reminder carries it, and the content extension's
    /// Info.plist lists it (`UNNotificationExtensionCategory`).
    static let reminderCategory = "TIMER_REMINDER"
}
