// Communication notifications (iOS 15+): the sender's name and avatar instead of the app icon. Extension-safe.
#if canImport(UserNotifications)
public import UserNotifications
#if canImport(Intents)
public import Intents
#endif
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if ((canImport(UserNotifications) && canImport(Intents)) || PUSHBUS_APPLE_STUBS) && !os(tvOS)
import Foundation
public import PushBusServiceExtension

/// Turns a `CommunicationMessage` into a communication notification.
///
/// Builds an incoming `INSendMessageIntent`: the sender and each recipient an `INPerson` with `INImage(imageData:)`
/// as avatar (bytes, never a file URL), the group's name as `speakableGroupName` and its image set with
/// `setImage(_:forParameterNamed: \.speakableGroupName)`; donates it as an incoming `INInteraction`, and returns
/// `content.updating(from: intent)`. Needs the *Communication Notifications* capability on the app and
/// `INSendMessageIntent` in the extension's `NSUserActivityTypes`.
@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
public enum CommunicationNotification {
    /// The intent describing `message` (incoming, text).
    public static func makeIntent(_ message: CommunicationMessage) -> INSendMessageIntent {
        let groupName = message.groupName.map { INSpeakableString(spokenPhrase: $0) }
        let intent = INSendMessageIntent(
            recipients: message.recipients.isEmpty ? nil : message.recipients.map(person),
            outgoingMessageType: .outgoingMessageText, content: nil, speakableGroupName: groupName,
            conversationIdentifier: message.conversationIdentifier, serviceName: nil, sender: person(message.sender),
            attachments: nil)
        #if os(iOS) || os(watchOS) || os(visionOS) || PUSHBUS_APPLE_STUBS
        // Apple: the group's image belongs to the `speakableGroupName` parameter (macOS has no such setter).
        if groupName != nil, let image = message.groupImageData {
            intent.setImage(INImage(imageData: image), forParameterNamed: \.speakableGroupName)
        }
        #endif
        return intent
    }

    private static func person(_ participant: CommunicationMessage.Participant) -> INPerson {
        INPerson(
            personHandle: INPersonHandle(value: participant.identifier, type: .unknown), nameComponents: nil,
            displayName: participant.displayName, image: participant.imageData.map { INImage(imageData: $0) },
            contactIdentifier: nil, customIdentifier: participant.identifier)
    }

    /// Donates the intent and returns the content updated from it.
    ///
    /// - Throws: What `updating(from:)` throws (missing capability or `NSUserActivityTypes` entry); the caller
    ///   shows `content` as it was.
    public static func update(_ content: UNNotificationContent, with message: CommunicationMessage) throws
        -> UNNotificationContent
    {
        let intent = makeIntent(message)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        interaction.donate(completion: nil)
        return try content.updating(from: intent)
    }
}
#endif
