// Linux-only stand-ins for the UserNotifications types the PushBusApple glue uses, with Apple's Swift signatures
// (see Docs/DeliveryPaths.md and the shared apple-api-reference.md). They exist so CI type-checks the glue on
// Linux and tests can drive it; they never ship on Apple platforms (everything is inside the #if).
#if PUSHBUS_APPLE_STUBS
import Foundation

/// Stub of `UNUserNotificationCenter` (iOS 10). Records what the glue asked for, so tests can check it.
///
/// Not `Sendable`, so the glue cannot come to rely on it; its state is behind `lock` all the same.
open class UNUserNotificationCenter: NSObject {
    private let lock = NSLock()
    private weak var _delegate: (any UNUserNotificationCenterDelegate)?
    private var _categories: Set<UNNotificationCategory> = []
    private var _pending: [UNNotificationRequest] = []
    private var _delivered: [UNNotification] = []
    private var _badgeCount: Int?
    private var _authorizationRequests: [UNAuthorizationOptions] = []

    /// Stub-only: what `requestAuthorization` answers and `getNotificationSettings` reports.
    public var stubbedAuthorizationStatus: UNAuthorizationStatus {
        get { lock.withLock { _status } }
        set { lock.withLock { _status = newValue } }
    }
    private var _status: UNAuthorizationStatus = .notDetermined
    /// Stub-only: whether `requestAuthorization` grants.
    public var stubbedGrant: Bool {
        get { lock.withLock { _grant } }
        set { lock.withLock { _grant = newValue } }
    }
    private var _grant = true

    /// Stub-only: a fresh center for a test (Apple's `init` is unavailable).
    public override init() { super.init() }

    // Safe: the stub's state is guarded by `lock`; this is the one shared instance, as on Apple platforms.
    nonisolated(unsafe) private static let shared = UNUserNotificationCenter()

    /// The app's notification center.
    open class func current() -> UNUserNotificationCenter { shared }

    /// The delegate; **weak**, as Apple's is.
    open var delegate: (any UNUserNotificationCenterDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }

    open func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let granted = lock.withLock { () -> Bool in
            _authorizationRequests.append(options)
            _status = _grant ? .authorized : .denied
            return _grant
        }
        completionHandler(granted, nil)
    }

    open func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
        completionHandler(UNNotificationSettings(stubbedAuthorizationStatus: stubbedAuthorizationStatus))
    }

    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        lock.withLock { _categories = categories }
    }

    open func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void) {
        let categories = lock.withLock { _categories }
        completionHandler(categories)
    }

    open func add(
        _ request: UNNotificationRequest,
        withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        lock.withLock {
            _pending.removeAll { $0.identifier == request.identifier }
            _pending.append(request)
        }
        completionHandler?(nil)
    }

    open func getPendingNotificationRequests(
        completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void
    ) {
        let pending = lock.withLock { _pending }
        completionHandler(pending)
    }

    open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        lock.withLock { _pending.removeAll { identifiers.contains($0.identifier) } }
    }

    open func removeAllPendingNotificationRequests() {
        lock.withLock { _pending.removeAll() }
    }

    open func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
        let delivered = lock.withLock { _delivered }
        completionHandler(delivered)
    }

    open func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        lock.withLock { _delivered.removeAll { identifiers.contains($0.request.identifier) } }
    }

    open func removeAllDeliveredNotifications() {
        lock.withLock { _delivered.removeAll() }
    }

    /// iOS 16.
    open func setBadgeCount(
        _ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        lock.withLock { _badgeCount = newBadgeCount }
        completionHandler?(nil)
    }

    // MARK: Stub-only inspection

    /// Stub-only: the categories last set.
    public var stubbedCategories: Set<UNNotificationCategory> { lock.withLock { _categories } }
    /// Stub-only: the pending requests.
    public var stubbedPendingRequests: [UNNotificationRequest] { lock.withLock { _pending } }
    /// Stub-only: the badge count last set with `setBadgeCount`.
    public var stubbedBadgeCount: Int? { lock.withLock { _badgeCount } }
    /// Stub-only: the options of every authorization request.
    public var stubbedAuthorizationRequests: [UNAuthorizationOptions] { lock.withLock { _authorizationRequests } }
    /// Stub-only: adds a delivered notification.
    public func stubDeliver(_ notification: UNNotification) { lock.withLock { _delivered.append(notification) } }
}

/// Stub of `UNUserNotificationCenterDelegate`.
///
/// Apple declares every member `optional` (an `@objc` protocol). Without the Objective-C runtime a Swift protocol
/// cannot have optional members, so here they are requirements with do-nothing default implementations below:
/// conformers may still implement any subset, as on Apple platforms. Calling one differs (`?(…)` on Apple), so
/// the glue forwards through one small `#if`.
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {}
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {}
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {}
}

/// Stub of `UNNotificationPresentationOptions`.
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    /// Deprecated in iOS 14.
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    /// iOS 14.
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    /// iOS 14.
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

/// Stub of `UNAuthorizationOptions`.
public struct UNAuthorizationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
}

/// Stub of `UNAuthorizationStatus`.
public enum UNAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case denied = 1
    case authorized = 2
    case provisional = 3
    case ephemeral = 4
}

/// Stub of `UNNotificationSettings` (only what the glue reads).
open class UNNotificationSettings: NSObject {
    open var authorizationStatus: UNAuthorizationStatus { _status }
    private let _status: UNAuthorizationStatus

    /// Stub-only (Apple's `init` is unavailable).
    public init(stubbedAuthorizationStatus: UNAuthorizationStatus) {
        _status = stubbedAuthorizationStatus
        super.init()
    }
}

/// `UNNotificationDefaultActionIdentifier`.
public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"
/// `UNNotificationDismissActionIdentifier`.
public let UNNotificationDismissActionIdentifier: String = "com.apple.UNNotificationDismissActionIdentifier"
#endif
