// The token registry in an app group's shared container, where the app and its widget extension (whose WidgetKit
// push handlers get the control and widget push tokens) both reach the one file. Extension-safe.
#if canImport(UserNotifications)
import Foundation
#elseif PUSHBUS_APPLE_STUBS
import Foundation
import PushBusAppleStubs
#endif
#if canImport(UserNotifications) || PUSHBUS_APPLE_STUBS
public import PushBusStorage

extension PushTokenRegistry {
    /// Opens the registry in the app group `identifier`'s shared container, the directory of
    /// `DeliveryLedger.appGroupDirectory(_:name:)`: the app and its widget extension open the same file, so the tokens
    /// the extension's push handlers record reach the app's server.
    ///
    /// - Throws: `DeliveryLedgerError` when the app group's container is missing or the directory cannot be created;
    ///   `StoreFileError` when the file is unreadable or damaged.
    public convenience init(appGroup identifier: String, reportsToAppServer: Bool = true) throws {
        try self.init(directory: DeliveryLedger.appGroupDirectory(identifier), reportsToAppServer: reportsToAppServer)
    }
}
#endif
