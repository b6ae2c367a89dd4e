// Linux-only stand-ins for the Notification Service Extension types PushBusAppleExtension uses, with Apple's Swift
// signatures. Sources: Apple's generated Swift interface (UNNotificationServiceExtension: `class … : NSObject`,
// `func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent)
// -> Void)`, `func serviceExtensionTimeWillExpire()`, iOS 10, macOS 10.14, watchOS 6, unavailable on tvOS). The
// handler is NOT `@Sendable`: the iOS 17.4 and iOS 26.5 SDKs import `void (^)(UNNotificationContent *)` as a plain
// `@escaping (UNNotificationContent) -> Void` (an override that says `@Sendable` does not compile there). The class
// is not `Sendable` and not `@MainActor` (apple-api-reference.md §8: timeWillExpire comes on a separate thread).
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of `UNNotificationServiceExtension` (iOS 10). Subclass it; iOS creates one per notification.
@available(iOS 10.0, macOS 10.14, watchOS 6.0, *)
@available(tvOS, unavailable)
open class UNNotificationServiceExtension: NSObject {
    public override init() { super.init() }

    /// Modify `request.content` and call `contentHandler` once (with the original content if nothing changes).
    open func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        contentHandler(request.content)
    }

    /// Called shortly before iOS gives up (~30 s), on a separate thread.
    open func serviceExtensionTimeWillExpire() {}
}

/// Stub of `UNNotificationAttachmentOptionsTypeHintKey` (iOS 10; not tvOS [H: UNNotificationAttachment.h:32]): a UTI
/// overriding the file extension's type.
@available(tvOS, unavailable)
public let UNNotificationAttachmentOptionsTypeHintKey: String = "UNNotificationAttachmentOptionsTypeHintKey"

/// Stub of `UNNotificationAttachment` (iOS 10). Apple's declaration:
/// `convenience init(identifier: String, url URL: URL, options: [AnyHashable : Any]? = nil) throws`,
/// `var identifier: String { get }`, `var url: URL { get }`, `var type: String { get }` (developer.apple.com,
/// UNNotificationAttachment/init(identifier:url:options:)). The URL must be a readable file URL of a supported
/// type; otherwise it throws. The stub checks the same: the file exists and its extension (or type hint) is known.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNNotificationAttachment: NSObject, NSCopying {
    open var identifier: String { _identifier }
    open var url: URL { _url }
    /// The UTI of the attachment.
    open var type: String { _type }
    private let _identifier: String
    private let _url: URL
    private let _type: String

    /// Stub-only designated initializer.
    init(stubbedIdentifier identifier: String, url: URL, type: String) {
        _identifier = identifier.isEmpty ? UUID().uuidString : identifier
        _url = url
        _type = type
        super.init()
    }

    public convenience init(identifier: String, url URL: URL, options: [AnyHashable: Any]? = nil) throws {
        guard URL.isFileURL, FileManager.default.isReadableFile(atPath: URL.path) else {
            throw NSError(
                domain: "UNErrorDomain", code: 100, userInfo: [NSLocalizedDescriptionKey: "Invalid attachment file URL"]
            )
        }
        let known = [
            "jpg": "public.jpeg", "jpeg": "public.jpeg", "png": "public.png", "gif": "com.compuserve.gif",
            "heic": "public.heic", "webp": "org.webmproject.webp", "mp3": "public.mp3", "m4a": "com.apple.m4a-audio",
            "wav": "com.microsoft.waveform-audio", "aiff": "public.aiff-audio", "aif": "public.aiff-audio",
            "mp4": "public.mpeg-4", "mov": "com.apple.quicktime-movie",
        ]
        let hint = options?[UNNotificationAttachmentOptionsTypeHintKey] as? String
        guard let type = hint ?? known[URL.pathExtension.lowercased()] else {
            throw NSError(
                domain: "UNErrorDomain", code: 101,
                userInfo: [NSLocalizedDescriptionKey: "Unrecognized attachment file type"])
        }
        self.init(stubbedIdentifier: identifier, url: URL, type: type)
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Stub of `UNNotificationContentProviding` (iOS 15): content a notification can be updated from
/// (`INSendMessageIntent`, `INStartCallIntent`). iOS 15, macOS 12, tvOS 15, watchOS 8 [H: UNNotificationContent.h:17].
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public protocol UNNotificationContentProviding: NSObjectProtocol {}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension UNNotificationContent {
    /// Stub-only: the provider given to `updating(from:)`.
    public var stubbedContentProvider: (any UNNotificationContentProviding)? { storage.contentProvider }
}
#endif
