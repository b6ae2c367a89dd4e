import Foundation
public import PushBusCore

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
    /// The whole payload, `aps` included (`PushContent.payload`); the Apple glue writes it back as
    /// `UNNotificationContent.userInfo`. Read your own keys through ``customData``.
    public var payload: [String: PushValue]
    /// The media attached so far (downloaded files, typed by their bytes).
    public var attachments: [ServiceExtensionAttachment]
    /// Set to make it a communication notification (iOS 15+: sender name and avatar, a group's name and image).
    public var communication: CommunicationMessage?
    /// What steps hand to later steps, by typed key (``subscript(_:)``); never shown or written back.
    var values: [ServiceExtensionValue.Slot: ServiceExtensionValue] = [:]

    /// Creates empty content.
    package init() {
        payload = [:]
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
        payload = content.payload.objectValue ?? [:]
    }

    /// The custom payload values: the top-level keys other than `aps` (where your server and providers put their
    /// data), as `PushContent.customData`, `InboxEntry.customData` and `DeliverySummary.customData` name them.
    ///
    /// Setting it replaces every top-level key but `aps`, which stays as it was.
    public var customData: [String: PushValue] {
        get { payload.filter { $0.key != "aps" } }
        set {
            let aps = payload["aps"]
            payload = newValue.filter { $0.key != "aps" }
            payload["aps"] = aps
        }
    }

    /// The value an earlier step stored under `key`, or `nil`: how steps hand each other what they learned (the
    /// sender, an avatar's bytes) without a store of their own.
    ///
    /// ```swift
    /// extension ServiceExtensionKey where Value == Data {
    ///     static let avatar = ServiceExtensionKey("avatar")
    /// }
    ///
    /// func storeAvatar(_ bytes: Data, in context: ServiceExtensionStepContext) {
    ///     context.update { $0[.avatar] = bytes }  // one step stores it
    /// }
    ///
    /// func avatar(in content: ServiceExtensionContent) -> Data? {
    ///     content[.avatar]  // a later step reads it
    /// }
    /// ```
    ///
    /// Values live only for the run: they are never shown, written back to iOS, nor recorded.
    public subscript<Value>(key: ServiceExtensionKey<Value>) -> Value? {
        get { values[key.slot]?.value as? Value }
        set { values[key.slot] = newValue.map(ServiceExtensionValue.init) }
    }
}

/// The name and type of a value steps hand to later steps through ``ServiceExtensionContent/subscript(_:)``.
///
/// Declare each key once, typed, where the steps can see it:
///
/// ```swift
/// extension ServiceExtensionKey where Value == CommunicationMessage.Participant {
///     static let sender = ServiceExtensionKey("sender")
/// }
/// ```
///
/// Two keys with the same name and different types name different values.
public struct ServiceExtensionKey<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The key's name; with the value's type it identifies the value.
    public let name: String

    /// Creates a key.
    public init(_ name: String) {
        self.name = name
    }

    var slot: ServiceExtensionValue.Slot { ServiceExtensionValue.Slot(name: name, type: ObjectIdentifier(Value.self)) }
}

/// A value a step stored: `Sendable` and `Hashable` as its key's type requires.
struct ServiceExtensionValue: Hashable, @unchecked Sendable {
    /// Where a value is kept: its key's name and type.
    struct Slot: Sendable, Hashable {
        let name: String
        let type: ObjectIdentifier
    }

    // Safe: built only from a `ServiceExtensionKey<Value>`'s value, whose `Value` is `Sendable`; `AnyHashable`
    // only hides the type.
    let value: AnyHashable

    init<Value: Sendable & Hashable>(_ value: Value) {
        self.value = AnyHashable(value)
    }
}
