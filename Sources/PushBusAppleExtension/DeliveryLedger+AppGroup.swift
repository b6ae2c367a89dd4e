// The ledger's directory in an app group's shared container, where the app and its extensions both reach it.
#if canImport(UIKit) || canImport(AppKit)
import Foundation
#elseif PUSHBUS_APPLE_STUBS
import Foundation
import PushBusAppleStubs
#endif
#if canImport(UIKit) || canImport(AppKit) || PUSHBUS_APPLE_STUBS
import PushBus

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
}
#endif
