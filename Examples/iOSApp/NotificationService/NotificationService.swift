import PushBusNotificationServiceExtension
import UserNotifications

/// The Notification Service Extension (Info.plist `NSExtensionPrincipalClass`:
/// `$(PRODUCT_MODULE_NAME).NotificationService`). iOS runs it for pushes with `"mutable-content": 1`, before the
/// notification is shown, whether or not the app runs: it downloads the attachments and records the delivery in
/// the App Group's ledger, all under one deadline. The content handler is called exactly once.
final class NotificationService: PushBusNotificationService {
    /// The shared ledger, opened once per extension process. `nil` when the App Group cannot be opened: the
    /// notification is then shown with its attachments, unrecorded.
    private static let ledger = try? DeliveryLedger(appGroup: AppGroup.identifier, role: .serviceExtension)

    override func makePipeline(for request: UNNotificationRequest) -> ServiceExtensionPipeline {
        var steps: [ServiceExtensionStep] = [.attachments()]  // images, GIFs, audio, video (HTTPS only)
        if let ledger = Self.ledger {
            steps.append(.ledgerReceipt(ledger))  // "received by the service extension"
            steps.append(.inbox(PushInbox(ledger: ledger)))  // the inbox entry, with the text iOS shows
        }
        return ServiceExtensionPipeline(steps: steps)
    }

    /// Posted after each notification, so a running app reads the new records at once.
    override var ledgerChangeNotificationName: String? { AppGroup.ledgerChanged }
}
