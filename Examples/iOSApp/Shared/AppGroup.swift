import Foundation
import PushBusContentExtensionKit
import PushBusCore
import PushBusStorage

/// What the app and its two extensions share. Give all three targets the same App Group
/// (Signing & Capabilities → App Groups) and use these names everywhere.
enum AppGroup {
    /// The App Group: its container holds the delivery ledger (what was delivered, shown, opened, answered) and the
    /// shared values.
    static let identifier = "group.com.example.pushbusdemo"
    /// The Darwin notification an extension posts after writing to the ledger; the running app refreshes on it.
    static let ledgerChanged = "group.com.example.pushbusdemo.ledger"
    /// The reminder's category: the app registers it, the reminder carries it, and the content extension's
    /// Info.plist lists it (`UNNotificationExtensionCategory`).
    static let reminderCategory = "TIMER_REMINDER"

    /// The shared ledger, opened with this process's role. The app passes `.app` (the default), each extension its
    /// own role, so the ledger says who saw what.
    static func openLedger(role: DeliveryProcessRole = .app) throws(DeliveryLedgerError) -> DeliveryLedger {
        var configuration = DeliveryLedger.Configuration()
        configuration.role = role
        return try DeliveryLedger(directory: DeliveryLedger.appGroupDirectory(identifier), configuration: configuration)
    }
}

extension AppGroup {
    /// Small values the extensions hand the app (one JSON file per key in the App Group's container).
    static func openSharedValues() throws -> SharedValueStore {
        try SharedValueStore(directory: DeliveryLedger.appGroupDirectory(identifier, name: "SharedValues"))
    }
}

extension SharedValueKey where Value == Int {
    /// The reminder interval the content extension's slider chose, in seconds (10–300 s).
    static let reminderSeconds = SharedValueKey("reminderSeconds")
}
