public import Foundation
import PushBusCore

/// The notification a Notification Service Extension is rewriting: a mutable copy of what iOS shows.
///
/// The neutral twin of `UNMutableNotificationContent`. Steps of a ``ServiceExtensionPipeline`` change it; the
/// Apple glue (`PushBusAppleExtension`) copies it back into the content handed to iOS. `nil` text means "none"
/// (iOS's empty string).
public struct ServiceExtensionContent: Sendable, Hashable {
    /// The title iOS shows.
    public var title: String?
    /// The subtitle iOS shows.
    public var subtitle: String?
    /// The body iOS shows.
    public var body: String?
    /// `nil` leaves the app icon's badge as it is; `0` clears it.
    public var badge: Int?
    /// `nil` plays no sound.
    public var sound: PushSound?
    /// The registered category whose actions the notification shows (`aps.category`).
    public var categoryIdentifier: String?
    /// Groups notifications with the same value (`aps.thread-id`).
    public var threadIdentifier: String?
    /// iOS 15+; `nil` is iOS's default (`.active`).
    public var interruptionLevel: InterruptionLevel?
    /// iOS 15+, 0…1.
    public var relevanceScore: Double?
    /// The whole payload, `aps` included, as `UNNotificationContent.userInfo` holds it.
    public var userInfo: [String: PushValue]
    /// The media attached so far (downloaded files, typed by their bytes).
    public var attachments: [ServiceExtensionAttachment]
    /// Set to make it a communication notification (iOS 15+: sender name and avatar).
    public var communication: CommunicationMessage?

    /// Creates empty content.
    package init() {
        userInfo = [:]
        attachments = []
    }

    /// Copies what a remote notification says.
    ///
    /// - Parameter content: The parsed payload (`PushContent(userInfo: request.content.userInfo)`).
    package init(_ content: PushContent) {
        self.init()
        title = content.title
        subtitle = content.subtitle
        body = content.body
        badge = content.badge
        sound = content.sound
        categoryIdentifier = content.categoryIdentifier
        threadIdentifier = content.threadIdentifier
        interruptionLevel = content.interruptionLevel
        relevanceScore = content.relevanceScore
        userInfo = content.payload.objectValue ?? [:]
    }

    /// The top-level keys other than `aps` (what providers put their data in).
    public var customData: [String: PushValue] {
        userInfo.filter { $0.key != "aps" }
    }
}

/// A message from a person, shown as a communication notification (iOS 15+: the sender's name and avatar).
///
/// `PushBusAppleExtension` turns it into an `INSendMessageIntent` whose sender is an `INPerson` with
/// `INImage(imageData:)`, and calls `content.updating(from:)`.
public struct CommunicationMessage: Sendable, Hashable {
    /// The sender's stable identifier in your service (`INPerson.customIdentifier`, `INPersonHandle.value`).
    public var senderIdentifier: String
    /// The name shown as the notification's title.
    public var senderName: String
    /// The avatar's image bytes (PNG or JPEG). Never a file URL: the extension's files may be gone when shown.
    public var avatarImageData: Data?
    /// Groups messages of one conversation (`INSendMessageIntent.conversationIdentifier`).
    public var conversationIdentifier: String?
    /// A group conversation's name (`speakableGroupName`); `nil` for a one-to-one conversation.
    public var groupName: String?

    /// Creates a message from a sender; by default without an avatar, a conversation identifier or a group name.
    public init(
        senderIdentifier: String, senderName: String, avatarImageData: Data? = nil,
        conversationIdentifier: String? = nil, groupName: String? = nil
    ) {
        self.senderIdentifier = senderIdentifier
        self.senderName = senderName
        self.avatarImageData = avatarImageData
        self.conversationIdentifier = conversationIdentifier
        self.groupName = groupName
    }
}
