// The ledger in an app group's shared container, where the app and its extensions both reach it, and the Darwin
// notification that tells the running app another process wrote to it. Extension-safe: an app and every extension
// (service, content, widget, intents) open it the same way.
#if canImport(UserNotifications)
public import Foundation
#elseif PUSHBUS_APPLE_STUBS
public import Foundation
import PushBusAppleStubs
#endif
#if canImport(UserNotifications) || PUSHBUS_APPLE_STUBS
import PushBusAppleServiceExtension
public import PushBusStorage

extension DeliveryLedger {
    /// The ledger directory in the shared container of the app group `identifier`
    /// (`<container>/Library/Application Support/<name>`), created when missing.
    ///
    /// - Throws: `DeliveryLedgerError/directoryMissing(path:)` when the app does not have the app group
    ///   entitlement (the container is `nil`), `DeliveryLedgerError/io(operation:path:errno:)` when the directory
    ///   cannot be created.
    public static func appGroupDirectory(_ identifier: String, name: String = "PushBusLedger")
        throws(DeliveryLedgerError) -> URL
    {
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier) else {
            throw .directoryMissing(path: "app group \(identifier)")
        }
        let directory = container.appendingPathComponent("Library/Application Support/\(name)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .io(operation: "mkdir", path: directory.path, errno: Int32((error as NSError).code))
        }
        return directory
    }

    /// Opens the durable ledger in the app group `identifier`'s shared container (see ``appGroupDirectory(_:name:)``).
    public convenience init(appGroup identifier: String, configuration: Configuration = Configuration())
        throws(DeliveryLedgerError)
    {
        try self.init(directory: DeliveryLedger.appGroupDirectory(identifier), configuration: configuration)
    }

    /// Opens the durable ledger in the app group `identifier`'s shared container for the process `role` (the app, a
    /// service or a content extension), so the ledger says who saw what.
    ///
    /// ```swift
    /// let ledger = try DeliveryLedger(appGroup: "group.com.example.app", role: .serviceExtension)
    /// ```
    public convenience init(
        appGroup identifier: String, role: DeliveryProcessRole, configuration: Configuration = Configuration()
    ) throws(DeliveryLedgerError) {
        var configuration = configuration
        configuration.role = role
        try self.init(appGroup: identifier, configuration: configuration)
    }

    /// Tells a running app that this process wrote to the shared ledger: posts the Darwin notification `name`,
    /// which the app's `DeliveryLedgerRefresher` (PushBusApple) observes and answers with a refresh. Carries no
    /// data: the ledger file is the message. Call it from any extension after writing (the service and content
    /// extension helpers post it themselves when given a name).
    ///
    /// ```swift
    /// try ledger.record(.received, for: message, role: .serviceExtension)
    /// DeliveryLedger.postChange(name: "group.com.example.app.ledger")
    /// ```
    public static func postChange(name: String) {
        LedgerChangeNotification.post(name: name)
    }
}
#endif
