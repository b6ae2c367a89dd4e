// Linux-only stand-ins for UserNotifications' notification, request, content, trigger and response types.
//
// Facts and sources: [R] ../shared/apple-api-reference.md (§2, §3), [H] SDK headers, [A] Apple's documentation.
// Isolation: none of these is main-actor isolated (plain `NSObject` subclasses in UserNotifications, which has no
// `NS_SWIFT_UI_ACTOR`) [H]. Sendable: none. The iOS 15-era `UNNotificationContent.h` and `UNNotificationCategory.h`
// carry no `NS_SWIFT_SENDABLE`; whether a later SDK adds it is not in the sources at hand, and a stub that is *not*
// `Sendable` is the stricter model (glue that compiles against it compiles against either). So the glue never sends
// one across isolation domains: it converts them to the neutral `Sendable` snapshots first.
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of `UNNotification` (iOS 10). Apple's `init` is unavailable [H: UNNotification.h:23]; tests use
/// ``init(stubbedDate:request:)``, which has no default date so that no Apple-looking `UNNotification(request:)` exists.
open class UNNotification: NSObject {
    open var date: Date { _date }
    open var request: UNNotificationRequest { _request }
    private let _date: Date
    private let _request: UNNotificationRequest

    /// Stub-only.
    public init(stubbedDate date: Date, request: UNNotificationRequest) {
        _date = date
        _request = request
        super.init()
    }
}

/// Stub of `UNNotificationRequest` (iOS 10).
open class UNNotificationRequest: NSObject {
    open var identifier: String { _identifier }
    open var content: UNNotificationContent { _content }
    open var trigger: UNNotificationTrigger? { _trigger }
    private let _identifier: String
    private let _content: UNNotificationContent
    private let _trigger: UNNotificationTrigger?

    /// `convenience`, as Apple's [R §3].
    public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.init(stubIdentifier: identifier, content: content, trigger: trigger)
    }

    /// Stub-only: the designated initializer.
    init(stubIdentifier identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        _identifier = identifier
        _content = content.copy() as! UNNotificationContent
        _trigger = trigger
        super.init()
    }
}

/// Stub of `UNNotificationInterruptionLevel` (iOS 15, macOS 12, tvOS 15, watchOS 8) [R §3].
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public enum UNNotificationInterruptionLevel: UInt, @unchecked Sendable {
    case passive = 0
    case active = 1
    case timeSensitive = 2
    case critical = 3
}

/// Stub of `UNNotificationSoundName` (a bridged string typedef; no availability of its own). Imported as
/// `Hashable, Equatable, RawRepresentable, @unchecked Sendable`.
public struct UNNotificationSoundName: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Stub of `UNNotificationSound` (iOS 10; not tvOS) [R §3].
@available(tvOS, unavailable)
open class UNNotificationSound: NSObject {
    /// Stub-only: the name, `nil` for the default sound (Apple exposes no name).
    public let stubbedName: String?
    /// Stub-only: the critical volume, if critical.
    public let stubbedCriticalVolume: Float?

    init(stubbedName: String?, criticalVolume: Float?) {
        self.stubbedName = stubbedName
        self.stubbedCriticalVolume = criticalVolume
        super.init()
    }

    open class var `default`: UNNotificationSound { UNNotificationSound(stubbedName: nil, criticalVolume: nil) }

    /// Not watchOS, not tvOS: a named sound exists only where the app bundle can carry sound files
    /// [H: UNNotificationSound.h:30, `soundNamed:` is unavailable on watchos and tvos].
    @available(watchOS, unavailable)
    public convenience init(named name: UNNotificationSoundName) {
        self.init(stubbedName: name.rawValue, criticalVolume: nil)
    }

    /// iOS 12, watchOS 5 [H: UNNotificationSound.h:27]: on watchOS the only critical sound is the default one.
    @available(iOS 12.0, watchOS 5.0, *)
    open class func defaultCriticalSound(withAudioVolume volume: Float) -> UNNotificationSound {
        UNNotificationSound(stubbedName: nil, criticalVolume: volume)
    }

    /// iOS 12; not watchOS, not tvOS [H: UNNotificationSound.h:39]. Apple's returns `Self`; the stub returns
    /// the class (a `Self` result would need a `required` initializer the stub does not otherwise want).
    @available(iOS 12.0, *)
    @available(watchOS, unavailable)
    open class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float)
        -> UNNotificationSound
    {
        UNNotificationSound(stubbedName: name.rawValue, criticalVolume: volume)
    }
}

/// Stub of `UNNotificationContent` (iOS 10, macOS 10.14, watchOS 3, tvOS 10; read-only) [H: UNNotificationContent.h, iOS 15-era SDK]. On tvOS only the
/// badge, the target content identifier, the interruption level and the relevance score exist.
/// ``UNMutableNotificationContent`` adds the setters.
open class UNNotificationContent: NSObject, NSCopying, NSMutableCopying {
    var storage = Storage()

    struct Storage {
        var title = ""
        var subtitle = ""
        var body = ""
        var badge: NSNumber?
        var sound: UNNotificationSound?
        var userInfo: [AnyHashable: Any] = [:]
        var categoryIdentifier = ""
        var threadIdentifier = ""
        var targetContentIdentifier: String?
        var interruptionLevel: UNNotificationInterruptionLevel = .active
        var relevanceScore: Double = 0
        var attachments: [UNNotificationAttachment] = []
        /// Stub-only: what `updating(from:)` was given.
        var contentProvider: (any UNNotificationContentProviding)?
        /// Stub-only: what `updating(from:)` throws (``UNMutableNotificationContent/stubbedUpdatingError``).
        var updatingError: (any Error)?
    }

    public override init() { super.init() }

    /// Not tvOS [H: UNNotificationContent.h, iOS 15-era SDK].
    @available(tvOS, unavailable)
    open var title: String { storage.title }
    /// Not tvOS [H: UNNotificationContent.h, iOS 15-era SDK].
    @available(tvOS, unavailable)
    open var subtitle: String { storage.subtitle }
    /// Not tvOS [H: UNNotificationContent.h, iOS 15-era SDK].
    @available(tvOS, unavailable)
    open var body: String { storage.body }
    open var badge: NSNumber? { storage.badge }
    /// Not tvOS [H: UNNotificationContent.h, iOS 15-era SDK].
    @available(tvOS, unavailable)
    open var sound: UNNotificationSound? { storage.sound }
    /// Not tvOS [H: UNNotificationContent.h, iOS 15-era SDK].
    @available(tvOS, unavailable)
    open var userInfo: [AnyHashable: Any] { storage.userInfo }
    /// Not tvOS [H: UNNotificationContent.h, iOS 15-era SDK].
    @available(tvOS, unavailable)
    open var categoryIdentifier: String { storage.categoryIdentifier }
    /// Not tvOS [H: UNNotificationContent.h, iOS 15-era SDK].
    @available(tvOS, unavailable)
    open var threadIdentifier: String { storage.threadIdentifier }
    /// iOS 13 (other platforms: the class's availability) [H: UNNotificationContent.h, iOS 15-era SDK].
    @available(iOS 13.0, *)
    open var targetContentIdentifier: String? { storage.targetContentIdentifier }
    /// iOS 15, macOS 12, tvOS 15, watchOS 8 [R §3].
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    open var interruptionLevel: UNNotificationInterruptionLevel { storage.interruptionLevel }
    /// iOS 15, macOS 12, tvOS 15, watchOS 8 [R §3].
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    open var relevanceScore: Double { storage.relevanceScore }
    /// iOS 10, not tvOS (apple-api-reference.md §3; `API_UNAVAILABLE(tvos)` in UNNotificationContent.h).
    @available(tvOS, unavailable)
    open var attachments: [UNNotificationAttachment] { storage.attachments }

    /// `open func updating(from provider: any UNNotificationContentProviding) throws -> UNNotificationContent`: iOS 15,
    /// macOS 12, tvOS 15, watchOS 8 [H: UNNotificationContent.h:94], a class member as Apple's. The stub copies the
    /// content, takes the sender's display name as the title when the provider is an `INSendMessageIntent`, and
    /// remembers the provider (``stubbedContentProvider``); it throws the content's `stubbedUpdatingError` when one
    /// is set.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    open func updating(from provider: any UNNotificationContentProviding) throws -> UNNotificationContent {
        if let error = storage.updatingError { throw error }
        let copy = UNNotificationContent()
        copy.storage = storage
        copy.storage.contentProvider = provider
        if let intent = provider as? INSendMessageIntent, let sender = intent.sender {
            copy.storage.title = sender.displayName
        }
        return copy
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UNNotificationContent()
        copy.storage = storage
        return copy
    }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = UNMutableNotificationContent()
        copy.storage = storage
        return copy
    }
}

/// Stub of `UNMutableNotificationContent` (iOS 10).
open class UNMutableNotificationContent: UNNotificationContent {
    /// Stub-only: when set, `updating(from:)` on this content (or a copy of it) throws it, as iOS does when the
    /// app lacks the Communication Notifications capability.
    public var stubbedUpdatingError: (any Error)? {
        get { storage.updatingError }
        set { storage.updatingError = newValue }
    }

    @available(tvOS, unavailable)
    open override var title: String {
        get { storage.title }
        set { storage.title = newValue }
    }
    @available(tvOS, unavailable)
    open override var subtitle: String {
        get { storage.subtitle }
        set { storage.subtitle = newValue }
    }
    @available(tvOS, unavailable)
    open override var body: String {
        get { storage.body }
        set { storage.body = newValue }
    }
    open override var badge: NSNumber? {
        get { storage.badge }
        set { storage.badge = newValue }
    }
    @available(tvOS, unavailable)
    open override var sound: UNNotificationSound? {
        get { storage.sound }
        set { storage.sound = newValue }
    }
    @available(tvOS, unavailable)
    open override var userInfo: [AnyHashable: Any] {
        get { storage.userInfo }
        set { storage.userInfo = newValue }
    }
    @available(tvOS, unavailable)
    open override var categoryIdentifier: String {
        get { storage.categoryIdentifier }
        set { storage.categoryIdentifier = newValue }
    }
    @available(tvOS, unavailable)
    open override var threadIdentifier: String {
        get { storage.threadIdentifier }
        set { storage.threadIdentifier = newValue }
    }
    @available(iOS 13.0, *)
    open override var targetContentIdentifier: String? {
        get { storage.targetContentIdentifier }
        set { storage.targetContentIdentifier = newValue }
    }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    open override var interruptionLevel: UNNotificationInterruptionLevel {
        get { storage.interruptionLevel }
        set { storage.interruptionLevel = newValue }
    }
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    open override var relevanceScore: Double {
        get { storage.relevanceScore }
        set { storage.relevanceScore = newValue }
    }
    @available(tvOS, unavailable)
    open override var attachments: [UNNotificationAttachment] {
        get { storage.attachments }
        set { storage.attachments = newValue }
    }
}

/// Stub of `UNNotificationTrigger` (iOS 10, abstract).
open class UNNotificationTrigger: NSObject {
    open var repeats: Bool { _repeats }
    let _repeats: Bool

    init(repeats: Bool) {
        _repeats = repeats
        super.init()
    }
}

/// Stub of `UNPushNotificationTrigger`: system-created for remote notifications.
open class UNPushNotificationTrigger: UNNotificationTrigger {
    /// Stub-only (Apple's is system-created, and `init()` is unavailable on every trigger
    /// [H: UNNotificationTrigger.h:19]; the stub has none, so `UNPushNotificationTrigger()` does not compile here either).
    public init(stubbedRepeats repeats: Bool) { super.init(repeats: repeats) }
}

/// Stub of `UNTimeIntervalNotificationTrigger`.
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger {
    open var timeInterval: TimeInterval { _timeInterval }
    private let _timeInterval: TimeInterval

    /// `convenience`, as Apple's [R §3].
    public convenience init(timeInterval: TimeInterval, repeats: Bool) {
        self.init(stubTimeInterval: timeInterval, repeats: repeats)
    }

    init(stubTimeInterval timeInterval: TimeInterval, repeats: Bool) {
        _timeInterval = timeInterval
        super.init(repeats: repeats)
    }

    open func nextTriggerDate() -> Date? { Date().addingTimeInterval(timeInterval) }
}

/// Stub of `UNCalendarNotificationTrigger`.
open class UNCalendarNotificationTrigger: UNNotificationTrigger {
    open var dateComponents: DateComponents { _dateComponents }
    private let _dateComponents: DateComponents

    /// `convenience`, as Apple's [R §3].
    public convenience init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.init(stubDateComponents: dateComponents, repeats: repeats)
    }

    init(stubDateComponents dateComponents: DateComponents, repeats: Bool) {
        _dateComponents = dateComponents
        super.init(repeats: repeats)
    }

    open func nextTriggerDate() -> Date? {
        Calendar.current.nextDate(after: Date(), matching: dateComponents, matchingPolicy: .nextTime)
    }
}

/// Stub of `UNLocationNotificationTrigger`: iOS 10, watchOS 3; not macOS, Mac Catalyst, tvOS or visionOS
/// [H: UNNotificationTrigger.h:55]. The initializer is watchOS 8 [H: UNNotificationTrigger.h:60]. Glue names the
/// class only under `(os(iOS) && !targetEnvironment(macCatalyst)) || os(watchOS)`: `!os(macOS)` alone lets
/// Catalyst and visionOS through. Core Location's `CLRegion` is stubbed too.
@available(iOS 10.0, watchOS 3.0, *)
@available(macOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
open class UNLocationNotificationTrigger: UNNotificationTrigger {
    open var region: CLRegion { _region }
    private let _region: CLRegion

    /// `convenience`, as Apple's [R §3]; watchOS 8 [H: UNNotificationTrigger.h:60].
    @available(watchOS 8.0, *)
    public convenience init(region: CLRegion, repeats: Bool) {
        self.init(stubRegion: region, repeats: repeats)
    }

    init(stubRegion region: CLRegion, repeats: Bool) {
        _region = region
        super.init(repeats: repeats)
    }
}

/// Stub of Core Location's `CLRegion` (only what a location trigger needs). Not visionOS
/// [H: CoreLocation/CLRegion.h:58].
@available(visionOS, unavailable)
open class CLRegion: NSObject {
    open var identifier: String { _identifier }
    open var notifyOnEntry = true
    open var notifyOnExit = true
    private let _identifier: String

    /// Stub-only.
    public init(stubbedIdentifier identifier: String) {
        _identifier = identifier
        super.init()
    }
}

/// Stub of Core Location's `CLLocationCoordinate2D`.
public struct CLLocationCoordinate2D: Sendable {
    public var latitude: Double
    public var longitude: Double
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Core Location's `CLLocationDistance`.
public typealias CLLocationDistance = Double

/// Stub of Core Location's `CLCircularRegion`. Not visionOS [H: CoreLocation/CLCircularRegion.h:25].
@available(visionOS, unavailable)
open class CLCircularRegion: CLRegion {
    open var center: CLLocationCoordinate2D { _center }
    open var radius: CLLocationDistance { _radius }
    private let _center: CLLocationCoordinate2D
    private let _radius: CLLocationDistance

    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        _center = center
        _radius = radius
        super.init(stubbedIdentifier: identifier)
    }
}

/// Stub of `UNNotificationResponse` (iOS 10; not tvOS) [R §2]. Apple's are created only by the system; tests use
/// ``init(stubbedNotification:actionIdentifier:)``.
@available(tvOS, unavailable)
open class UNNotificationResponse: NSObject {
    open var notification: UNNotification { _notification }
    open var actionIdentifier: String { _actionIdentifier }
    private let _notification: UNNotification
    private let _actionIdentifier: String

    /// Stub-only.
    public init(stubbedNotification notification: UNNotification, actionIdentifier: String) {
        _notification = notification
        _actionIdentifier = actionIdentifier
        super.init()
    }
}

/// Stub of `UNTextInputNotificationResponse` (iOS 10; not tvOS) [R §2].
@available(tvOS, unavailable)
open class UNTextInputNotificationResponse: UNNotificationResponse {
    open var userText: String { _userText }
    private let _userText: String

    /// Stub-only.
    public init(stubbedNotification notification: UNNotification, actionIdentifier: String, userText: String) {
        _userText = userText
        super.init(stubbedNotification: notification, actionIdentifier: actionIdentifier)
    }
}
#endif
