// Linux-only stand-ins for the Intents types a communication notification needs, with Apple's Swift signatures.
// Source: Apple's generated Swift interfaces for iOS (Intents/INPerson.swift, INPersonHandle.swift, INImage.swift,
// INInteraction.swift, INSendMessageIntent.swift as published in DougGregor/swift-concurrency-objc). Only the
// members PushBus uses are declared; each keeps Apple's name, optionality and availability (from the iOS 17.4 SDK
// headers, Intents/<Type>.h, cited per type). People, handles, messages and their attachments are unavailable on
// tvOS; INImage, INIntent, INIntentResponse and INInteraction exist there from tvOS 14. None of the classes is
// declared `Sendable` (Apple marks none of them so); the imported enums are `@unchecked Sendable`.
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of `INImage` (iOS 10, macOS 11, tvOS 14, watchOS 3.2) [H: INImage.h:14].
@available(iOS 10.0, macOS 11.0, tvOS 14.0, watchOS 3.2, *)
open class INImage: NSObject, NSCopying {
    /// Stub-only: the bytes given to `init(imageData:)`.
    public let stubbedImageData: Data?
    /// Stub-only: the URL given to `init(url:)`.
    public let stubbedURL: URL?

    init(stubbedImageData: Data?, url: URL?) {
        self.stubbedImageData = stubbedImageData
        stubbedURL = url
        super.init()
    }

    public convenience init(imageData: Data) { self.init(stubbedImageData: imageData, url: nil) }

    public convenience init?(url URL: URL) { self.init(stubbedImageData: nil, url: URL) }

    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Stub of `INPersonHandleType` (iOS 10, macOS 11, watchOS 3.2; not tvOS) [H: INPersonHandle.h:16].
@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)
@available(tvOS, unavailable)
public enum INPersonHandleType: Int, @unchecked Sendable {
    case unknown = 0
    case emailAddress = 1
    case phoneNumber = 2
}

/// Stub of `INPersonHandle` (iOS 10, macOS 11, watchOS 3.2; not tvOS) [H: INPersonHandle.h:20-21].
@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)
@available(tvOS, unavailable)
open class INPersonHandle: NSObject, NSCopying {
    open var value: String? { _value }
    open var type: INPersonHandleType { _type }
    private let _value: String?
    private let _type: INPersonHandleType

    /// `convenience`, as Apple's (its designated initializer takes a label too).
    public convenience init(value: String?, type: INPersonHandleType) {
        self.init(stubbedValue: value, type: type)
    }

    /// Stub-only: the designated initializer.
    init(stubbedValue value: String?, type: INPersonHandleType) {
        _value = value
        _type = type
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Stub of `INPerson` (iOS 10, macOS 11, watchOS 3.2; not tvOS) [H: INPerson.h:23-24].
@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)
@available(tvOS, unavailable)
open class INPerson: NSObject, NSCopying {
    open var personHandle: INPersonHandle? { _personHandle }
    open var nameComponents: PersonNameComponents? { _nameComponents }
    /// Apple's is non-optional.
    open var displayName: String { _displayName ?? "" }
    open var image: INImage? { _image }
    open var contactIdentifier: String? { _contactIdentifier }
    open var customIdentifier: String? { _customIdentifier }
    private let _personHandle: INPersonHandle?
    private let _nameComponents: PersonNameComponents?
    private let _displayName: String?
    private let _image: INImage?
    private let _contactIdentifier: String?
    private let _customIdentifier: String?

    /// `convenience`, as Apple's.
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?
    ) {
        self.init(
            stubbedPersonHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier)
    }

    /// Stub-only: the designated initializer.
    init(
        stubbedPersonHandle personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
        image: INImage?, contactIdentifier: String?, customIdentifier: String?
    ) {
        _personHandle = personHandle
        _nameComponents = nameComponents
        _displayName = displayName
        _image = image
        _contactIdentifier = contactIdentifier
        _customIdentifier = customIdentifier
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Stub of `INSpeakableString` (iOS 10, macOS 11, watchOS 3.2) [H: INSpeakableString.h:14].
@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)
open class INSpeakableString: NSObject {
    open var spokenPhrase: String { _spokenPhrase }
    private let _spokenPhrase: String

    /// `convenience`, iOS 10.2, as Apple's.
    @available(iOS 10.2, *)
    public convenience init(spokenPhrase: String) {
        self.init(stubbedSpokenPhrase: spokenPhrase)
    }

    /// Stub-only: the designated initializer.
    init(stubbedSpokenPhrase spokenPhrase: String) {
        _spokenPhrase = spokenPhrase
        super.init()
    }
}

/// Stub of `INOutgoingMessageType` (iOS 14, macOS 12, watchOS 7; not tvOS) [H: INOutgoingMessageType.h:18].
@available(iOS 14.0, macOS 12.0, watchOS 7.0, *)
@available(tvOS, unavailable)
public enum INOutgoingMessageType: Int, @unchecked Sendable {
    case unknown = 0
    case outgoingMessageText = 1
    case outgoingMessageAudio = 2
}

/// Stub of `INSendMessageAttachment` (iOS 14, macOS 12, watchOS 7; not tvOS) [H: INSendMessageAttachment.h:14-15].
@available(iOS 14.0, macOS 12.0, watchOS 7.0, *)
@available(tvOS, unavailable)
open class INSendMessageAttachment: NSObject {}

/// Stub of `INIntent` (iOS 10, macOS 11, tvOS 14, watchOS 3.2; abstract) [H: INIntent.h:18].
@available(iOS 10.0, macOS 11.0, tvOS 14.0, watchOS 3.2, *)
open class INIntent: NSObject {
    /// Stub-only: the images given to `setImage(_:forParameterNamed:)`, by parameter.
    public fileprivate(set) var stubbedParameterImages: [AnyKeyPath: INImage] = [:]
}

/// Stub of the Intents overlay's `_INIntentSetImageKeyPath` (iOS 12, watchOS 5; not macOS or tvOS), the Swift
/// form of `-[INIntent setImage:forParameterNamed:]` [H: INIntent.h:38-39; the iOS 17.4 SDK's
/// Intents.swiftinterface declares the protocol, this extension and `INIntent`'s conformance].
@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)
public protocol _INIntentSetImageKeyPath {}

extension _INIntentSetImageKeyPath {
    @available(iOS 12.0, watchOS 5.0, *)
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    public func setImage<Value>(_ image: INImage?, forParameterNamed parameterName: KeyPath<Self, Value>) {
        (self as? INIntent)?.stubbedParameterImages[parameterName] = image
    }

    @available(iOS 12.0, watchOS 5.0, *)
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    public func image<Value>(forParameterNamed parameterName: KeyPath<Self, Value>) -> INImage? {
        (self as? INIntent)?.stubbedParameterImages[parameterName]
    }
}

@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)
extension INIntent: _INIntentSetImageKeyPath {}

/// Stub of `INIntentResponse` (iOS 10, macOS 11, tvOS 14, watchOS 3.2; abstract) [H: INIntentResponse.h:12].
@available(iOS 10.0, macOS 11.0, tvOS 14.0, watchOS 3.2, *)
open class INIntentResponse: NSObject {}

/// Stub of `INSendMessageIntent` (iOS 10; this initializer iOS 14). Conforms to `UNNotificationContentProviding`
/// from iOS 15 (the extension below, as in the SDK's Intents interface).
/// Not tvOS [H: INSendMessageIntent.h:24-25].
@available(iOS 10.0, macOS 12.0, watchOS 3.2, *)
@available(tvOS, unavailable)
open class INSendMessageIntent: INIntent {
    open var recipients: [INPerson]? { _recipients }
    open var outgoingMessageType: INOutgoingMessageType { _outgoingMessageType }
    open var content: String? { _content }
    open var speakableGroupName: INSpeakableString? { _speakableGroupName }
    open var conversationIdentifier: String? { _conversationIdentifier }
    open var serviceName: String? { _serviceName }
    open var sender: INPerson? { _sender }
    open var attachments: [INSendMessageAttachment]? { _attachments }
    private let _recipients: [INPerson]?
    private let _outgoingMessageType: INOutgoingMessageType
    private let _content: String?
    private let _speakableGroupName: INSpeakableString?
    private let _conversationIdentifier: String?
    private let _serviceName: String?
    private let _sender: INPerson?
    private let _attachments: [INSendMessageAttachment]?

    @available(iOS 14.0, macOS 12.0, watchOS 7.0, *)
    public init(
        recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?,
        speakableGroupName: INSpeakableString?, conversationIdentifier: String?, serviceName: String?,
        sender: INPerson?, attachments: [INSendMessageAttachment]?
    ) {
        _recipients = recipients
        _outgoingMessageType = outgoingMessageType
        _content = content
        _speakableGroupName = speakableGroupName
        _conversationIdentifier = conversationIdentifier
        _serviceName = serviceName
        _sender = sender
        _attachments = attachments
        super.init()
    }
}

/// Stub of `INInteractionDirection` (iOS 10, macOS 11, tvOS 14, watchOS 3.2) [H: INInteraction.h:27].
@available(iOS 10.0, macOS 11.0, tvOS 14.0, watchOS 3.2, *)
public enum INInteractionDirection: Int, @unchecked Sendable {
    case unspecified = 0
    case outgoing = 1
    case incoming = 2
}

/// Stub of `INInteraction` (iOS 10, macOS 11, tvOS 14, watchOS 3.2) [H: INInteraction.h:37].
@available(iOS 10.0, macOS 11.0, tvOS 14.0, watchOS 3.2, *)
open class INInteraction: NSObject {
    open var intent: INIntent { _intent }
    open var intentResponse: INIntentResponse? { _intentResponse }
    open var direction: INInteractionDirection = .unspecified
    private let _intent: INIntent
    private let _intentResponse: INIntentResponse?
    /// Stub-only: how many times `donate` was called.
    public private(set) var stubbedDonationCount = 0

    public init(intent: INIntent, response: INIntentResponse?) {
        _intent = intent
        _intentResponse = response
        super.init()
    }

    /// Apple: `open func donate(completion: (@Sendable ((any Error)?) -> Void)? = nil)` (iOS 17.4 SDK interface).
    open func donate(completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        stubbedDonationCount += 1
        completion?(nil)
    }

    /// Apple: `open func donate() async throws`, the async form of the above.
    open func donate() async throws {
        stubbedDonationCount += 1
    }
}

@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
@available(tvOS, unavailable)
extension INSendMessageIntent: UNNotificationContentProviding {}
#endif
