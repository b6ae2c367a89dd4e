#if PUSHBUS_APPLE_STUBS
import Foundation

/// Stub of `UNNotification` (iOS 10). Apple's `init` is unavailable; tests use ``init(stubbedDate:request:)``.
open class UNNotification: NSObject {
    open var date: Date { _date }
    open var request: UNNotificationRequest { _request }
    private let _date: Date
    private let _request: UNNotificationRequest

    /// Stub-only.
    public init(stubbedDate date: Date = Date(), request: UNNotificationRequest) {
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

    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        _identifier = identifier
        _content = content.copy() as! UNNotificationContent
        _trigger = trigger
        super.init()
    }
}

/// Stub of `UNNotificationInterruptionLevel` (iOS 15).
public enum UNNotificationInterruptionLevel: UInt, Sendable {
    case passive = 0
    case active = 1
    case timeSensitive = 2
    case critical = 3
}

/// Stub of `UNNotificationSoundName` (iOS 12).
public struct UNNotificationSoundName: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Stub of `UNNotificationSound` (iOS 10).
open class UNNotificationSound: NSObject, @unchecked Sendable {
    // Immutable after init.
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

    public convenience init(named name: UNNotificationSoundName) {
        self.init(stubbedName: name.rawValue, criticalVolume: nil)
    }

    /// iOS 12.
    open class func defaultCriticalSound(withAudioVolume volume: Float) -> UNNotificationSound {
        UNNotificationSound(stubbedName: nil, criticalVolume: volume)
    }

    /// iOS 12.
    open class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float)
        -> UNNotificationSound
    {
        UNNotificationSound(stubbedName: name.rawValue, criticalVolume: volume)
    }
}

/// Stub of `UNNotificationContent` (iOS 10; read-only). ``UNMutableNotificationContent`` adds the setters.
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
    }

    public override init() { super.init() }

    open var title: String { storage.title }
    open var subtitle: String { storage.subtitle }
    open var body: String { storage.body }
    open var badge: NSNumber? { storage.badge }
    open var sound: UNNotificationSound? { storage.sound }
    open var userInfo: [AnyHashable: Any] { storage.userInfo }
    open var categoryIdentifier: String { storage.categoryIdentifier }
    open var threadIdentifier: String { storage.threadIdentifier }
    /// iOS 13.
    open var targetContentIdentifier: String? { storage.targetContentIdentifier }
    /// iOS 15.
    open var interruptionLevel: UNNotificationInterruptionLevel { storage.interruptionLevel }
    /// iOS 15.
    open var relevanceScore: Double { storage.relevanceScore }

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
    open override var title: String {
        get { storage.title }
        set { storage.title = newValue }
    }
    open override var subtitle: String {
        get { storage.subtitle }
        set { storage.subtitle = newValue }
    }
    open override var body: String {
        get { storage.body }
        set { storage.body = newValue }
    }
    open override var badge: NSNumber? {
        get { storage.badge }
        set { storage.badge = newValue }
    }
    open override var sound: UNNotificationSound? {
        get { storage.sound }
        set { storage.sound = newValue }
    }
    open override var userInfo: [AnyHashable: Any] {
        get { storage.userInfo }
        set { storage.userInfo = newValue }
    }
    open override var categoryIdentifier: String {
        get { storage.categoryIdentifier }
        set { storage.categoryIdentifier = newValue }
    }
    open override var threadIdentifier: String {
        get { storage.threadIdentifier }
        set { storage.threadIdentifier = newValue }
    }
    open override var targetContentIdentifier: String? {
        get { storage.targetContentIdentifier }
        set { storage.targetContentIdentifier = newValue }
    }
    open override var interruptionLevel: UNNotificationInterruptionLevel {
        get { storage.interruptionLevel }
        set { storage.interruptionLevel = newValue }
    }
    open override var relevanceScore: Double {
        get { storage.relevanceScore }
        set { storage.relevanceScore = newValue }
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
    /// Stub-only (Apple's is system-created).
    public init() { super.init(repeats: false) }
}

/// Stub of `UNTimeIntervalNotificationTrigger`.
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger {
    open var timeInterval: TimeInterval { _timeInterval }
    private let _timeInterval: TimeInterval

    public init(timeInterval: TimeInterval, repeats: Bool) {
        _timeInterval = timeInterval
        super.init(repeats: repeats)
    }

    open func nextTriggerDate() -> Date? { Date().addingTimeInterval(timeInterval) }
}

/// Stub of `UNCalendarNotificationTrigger`.
open class UNCalendarNotificationTrigger: UNNotificationTrigger {
    open var dateComponents: DateComponents { _dateComponents }
    private let _dateComponents: DateComponents

    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        _dateComponents = dateComponents
        super.init(repeats: repeats)
    }

    open func nextTriggerDate() -> Date? {
        Calendar.current.nextDate(after: Date(), matching: dateComponents, matchingPolicy: .nextTime)
    }
}

/// Stub of `UNLocationNotificationTrigger` (Core Location's `CLRegion` is stubbed too).
open class UNLocationNotificationTrigger: UNNotificationTrigger {
    open var region: CLRegion { _region }
    private let _region: CLRegion

    public init(region: CLRegion, repeats: Bool) {
        _region = region
        super.init(repeats: repeats)
    }
}

/// Stub of Core Location's `CLRegion` (only what a location trigger needs).
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

/// Stub of Core Location's `CLCircularRegion`.
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

/// Stub of `UNNotificationResponse` (iOS 10). Apple's are created only by the system; tests use
/// ``init(stubbedNotification:actionIdentifier:)``.
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

/// Stub of `UNTextInputNotificationResponse` (iOS 10).
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
