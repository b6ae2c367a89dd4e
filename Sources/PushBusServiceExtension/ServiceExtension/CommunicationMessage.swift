public import Foundation

/// A message from a person, shown as a communication notification (iOS 15+): the sender's name and avatar, and for
/// a group conversation the group's name and image.
///
/// `PushBusAppleExtension` turns it into an incoming `INSendMessageIntent`: the sender and each recipient an
/// `INPerson` (avatar as `INImage(imageData:)`), the group name its `speakableGroupName`, the group image set with
/// `setImage(_:forParameterNamed: \.speakableGroupName)`; it donates the interaction and calls
/// `content.updating(from:)`.
///
/// ```swift
/// CommunicationMessage(
///     sender: .init(identifier: "u-42", displayName: "Ada", imageData: avatar),
///     recipients: [.init(identifier: "me", displayName: "Me"), .init(identifier: "u-7", displayName: "Grace")],
///     conversationIdentifier: "group-9", groupName: "Climbing", groupImageData: groupImage)
/// ```
public struct CommunicationMessage: Sendable, Hashable {
    /// A person in the conversation (an `INPerson`).
    public struct Participant: Sendable, Hashable {
        /// The person's stable identifier in your service (`INPerson.customIdentifier`, `INPersonHandle.value`).
        public var identifier: String
        /// The name iOS shows (`INPerson.displayName`).
        public var displayName: String
        /// The avatar's image bytes (PNG or JPEG), or `nil` for iOS's monogram. Never a file URL: the extension's
        /// files may be gone when the notification is shown. ``AttachmentDownloader/imageData(from:maximumBytes:)`` fetches them
        /// under the attachments' limits.
        public var imageData: Data?

        /// Creates a participant; by default without an avatar.
        public init(identifier: String, displayName: String, imageData: Data? = nil) {
            self.identifier = identifier
            self.displayName = displayName
            self.imageData = imageData
        }
    }

    /// Who sent the message: iOS shows their name and avatar (`INSendMessageIntent.sender`).
    public var sender: Participant
    /// Who the message went to (`INSendMessageIntent.recipients`): for a group conversation, the user and the
    /// other members; more than one recipient makes it a group conversation for iOS. Empty for a one-to-one
    /// conversation.
    public var recipients: [Participant]
    /// Groups messages of one conversation (`INSendMessageIntent.conversationIdentifier`).
    public var conversationIdentifier: String?
    /// A group conversation's name (`INSendMessageIntent.speakableGroupName`); `nil` for a one-to-one
    /// conversation.
    public var groupName: String?
    /// The group's image bytes (PNG or JPEG); used only with a ``groupName``, since Apple attaches the group's
    /// image to the intent's `speakableGroupName` parameter.
    public var groupImageData: Data?

    /// Creates a message; by default one-to-one (no recipients, group name or group image).
    public init(
        sender: Participant, recipients: [Participant] = [], conversationIdentifier: String? = nil,
        groupName: String? = nil, groupImageData: Data? = nil
    ) {
        self.sender = sender
        self.recipients = recipients
        self.conversationIdentifier = conversationIdentifier
        self.groupName = groupName
        self.groupImageData = groupImageData
    }
}
