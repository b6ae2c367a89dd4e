import PushBusNotificationServiceExtension
import UserNotifications

/// The Notification Service Extension (Info.plist `NSExtensionPrincipalClass`:
/// `$(PRODUCT_MODULE_NAME).NotificationService`). iOS runs it for pushes with `"mutable-content": 1`, before the
/// notification is shown, whether or not the app runs: it downloads the attachments, shows a chat message as a
/// communication notification (the sender's avatar, a group's name and picture), and records the delivery in the
/// App Group's ledger and inbox, all under one deadline. The content handler is called exactly once.
final class NotificationService: PushBusNotificationService {
    /// The shared ledger, opened once per extension process. `nil` when the App Group cannot be opened: the
    /// notification is then shown with its attachments, unrecorded.
    private static let ledger = try? DeliveryLedger(appGroup: AppGroup.identifier, role: .serviceExtension)

    override func makePipeline(for request: UNNotificationRequest) -> ServiceExtensionPipeline {
        var steps: [ServiceExtensionStep] = [
            .attachments(),  // images, GIFs, audio, video (HTTPS only)
            .custom("sender", Chat.readSender),  // the sender and their avatar, for the next step
            .communication(Chat.message),  // a chat message shows the sender (or the group) instead of the app icon
        ]
        if let ledger = Self.ledger {
            steps.append(.inbox(PushInbox(ledger: ledger)))  // the inbox entry, with the text iOS shows
            steps.append(.ledgerReceipt(ledger))  // "received by the service extension"
        }
        return ServiceExtensionPipeline(steps: steps)
    }

    /// Posted after each notification, so a running app reads the new records at once.
    override var ledgerChangeNotificationName: String? { AppGroup.ledgerChanged }
}

extension ServiceExtensionKey where Value == CommunicationMessage.Participant {
    /// The sender `Chat.readSender` found, for the steps after it.
    static let sender = ServiceExtensionKey("sender")
}

/// Chat pushes: `"sender": {"id", "name", "avatar"}`, and for a group conversation
/// `"group": {"id", "name", "image", "members": [{"id", "name"}]}`.
enum Chat {
    /// Images the extension holds in memory stay small: it has about 24 MB.
    static let downloader = AttachmentDownloader()

    /// A work step written as a function: reads the sender, downloads their avatar (bounded like attachments) and
    /// hands both to the next step.
    @Sendable static func readSender(_ context: ServiceExtensionStepContext) async -> ServiceExtensionStepOutcome {
        guard let sender = context.content.customData["sender"], let id = sender["id"]?.stringValue else {
            return .done  // not a chat message
        }
        var participant = CommunicationMessage.Participant(
            identifier: id, displayName: sender["name"]?.stringValue ?? id)
        if let avatar = sender["avatar"]?.stringValue {
            participant.imageData = try? await downloader.imageData(from: avatar, maximumBytes: 1_000_000)
        }
        context.update { $0[.sender] = participant }
        return .done
    }

    /// The communication notification: one-to-one, or a group with its members, name and picture.
    @Sendable static func message(_ content: ServiceExtensionContent) async -> CommunicationMessage? {
        guard let sender = content[.sender] else { return nil }
        guard let group = content.customData["group"] else { return CommunicationMessage(sender: sender) }
        let members = (group["members"]?.arrayValue ?? []).compactMap { member -> CommunicationMessage.Participant? in
            guard let id = member["id"]?.stringValue else { return nil }
            return CommunicationMessage.Participant(identifier: id, displayName: member["name"]?.stringValue ?? id)
        }
        var picture: Data?
        if let image = group["image"]?.stringValue {
            picture = try? await downloader.imageData(from: image, maximumBytes: 1_000_000)
        }
        return CommunicationMessage(
            sender: sender, recipients: members, conversationIdentifier: group["id"]?.stringValue,
            groupName: group["name"]?.stringValue, groupImageData: picture)
    }
}
