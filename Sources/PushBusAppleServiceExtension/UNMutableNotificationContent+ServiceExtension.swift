// Copies a pipeline's neutral content into the content handed back to iOS. Extension-safe.
#if canImport(UserNotifications)
public import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UserNotifications) || PUSHBUS_APPLE_STUBS) && !os(tvOS)
import Foundation
public import PushBusServiceExtension

/// An attachment file iOS refused (`UNNotificationAttachment(identifier:url:options:)` threw).
public struct AttachmentCreationFailure: Sendable {
    /// The downloaded file.
    public var attachment: ServiceExtensionAttachment
    /// What `UNNotificationAttachment` said.
    public var message: String
}

extension UNMutableNotificationContent {
    /// Writes the pipeline's content into this content: text, badge, sound, identifiers, interruption level and
    /// relevance (iOS 15+), `userInfo`, and one `UNNotificationAttachment` per downloaded file (with its type
    /// hint). Keys the neutral model does not hold (`launchImageName`, `targetContentIdentifier`, …) stay.
    ///
    /// Communication details are applied separately (``CommunicationNotification``): they produce new content.
    ///
    /// - Parameter content: The pipeline's result content.
    /// - Returns: The attachments iOS refused (each is left out).
    @discardableResult
    public func apply(_ content: ServiceExtensionContent) -> [AttachmentCreationFailure] {
        title = content.title ?? ""
        subtitle = content.subtitle ?? ""
        body = content.body ?? ""
        badge = content.badge.map { NSNumber(value: $0) }
        sound = content.sound.map(UNNotificationSound.make)
        categoryIdentifier = content.categoryIdentifier ?? ""
        threadIdentifier = content.threadIdentifier ?? ""
        var info: [AnyHashable: Any] = [:]
        for (key, value) in content.payload { info[key] = value.foundationValue }
        userInfo = info
        if #available(iOS 15.0, macOS 12.0, watchOS 8.0, *) {
            interruptionLevel = UNNotificationInterruptionLevel(content.interruptionLevel ?? .active)
            if let score = content.relevanceScore { relevanceScore = score }
        }
        var failures: [AttachmentCreationFailure] = []
        var made: [UNNotificationAttachment] = []
        for attachment in content.attachments {
            do {
                made.append(
                    try UNNotificationAttachment(
                        identifier: attachment.identifier, url: attachment.fileURL,
                        options: [
                            UNNotificationAttachmentOptionsTypeHintKey: attachment.mediaType.uniformTypeIdentifier
                        ]
                    ))
            } catch {
                failures.append(AttachmentCreationFailure(attachment: attachment, message: "\(error)"))
            }
        }
        attachments = made
        return failures
    }
}
#endif
