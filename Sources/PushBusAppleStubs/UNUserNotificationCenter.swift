// Linux-only stand-ins for the UserNotifications types the PushBusApple glue uses, with Apple's Swift signatures
// (see Docs/DeliveryPaths.md and the shared apple-api-reference.md). They exist so CI type-checks the glue on
// Linux and tests can drive it; they never ship on Apple platforms (everything is inside the #if).
#if PUSHBUS_APPLE_STUBS
import Foundation

/// Stub of `UNUserNotificationCenter` (iOS 10) [R §4]. Records what the glue asked for, so tests can check it.
///
/// Isolation: none. Apple documents the shared center for use from any thread and calls its handlers on a private
/// background queue [R §4, §10: A]; the class has no `NS_SWIFT_UI_ACTOR` [H]. `.ci/steps/41-apple-stub-isolation.sh`
/// checks that nonisolated code may call it.
///
/// Not `Sendable` here, although recent SDKs may mark it so (not in the sources at hand): the stricter model, so the
/// glue holds it in ``CenterBox``-style boxes and compiles against either. Its state is behind `lock` all the same.
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

    /// The app's notification center (Apple's `init()` is unavailable) [R §4].
    open class func current() -> UNUserNotificationCenter { shared }

    /// The delegate; **weak**, as Apple's is.
    open var delegate: (any UNUserNotificationCenterDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }

    /// `@Sendable` handlers, as in the current documentation [R §4: A].
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

    /// Not tvOS [R §4].
    @available(tvOS, unavailable)
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        lock.withLock { _categories = categories }
    }

    /// Not tvOS [R §4].
    @available(tvOS, unavailable)
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

    /// Not tvOS [R §4].
    @available(tvOS, unavailable)
    open func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
        let delivered = lock.withLock { _delivered }
        completionHandler(delivered)
    }

    /// Not tvOS [R §4].
    @available(tvOS, unavailable)
    open func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        lock.withLock { _delivered.removeAll { identifiers.contains($0.request.identifier) } }
    }

    /// Not tvOS [R §4].
    @available(tvOS, unavailable)
    open func removeAllDeliveredNotifications() {
        lock.withLock { _delivered.removeAll() }
    }

    /// iOS 16, macOS 13, tvOS 16, watchOS 9 (not 17) [R §0, §4: A].
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    open func setBadgeCount(
        _ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        lock.withLock { _badgeCount = newBadgeCount }
        completionHandler?(nil)
    }

    // MARK: The async forms Swift imports from the completion-handler selectors [R §4: A, C]

    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        lock.withLock {
            _authorizationRequests.append(options)
            _status = _grant ? .authorized : .denied
            return _grant
        }
    }

    open func notificationSettings() async -> UNNotificationSettings {
        UNNotificationSettings(stubbedAuthorizationStatus: stubbedAuthorizationStatus)
    }

    @available(tvOS, unavailable)
    open func notificationCategories() async -> Set<UNNotificationCategory> {
        lock.withLock { _categories }
    }

    open func add(_ request: UNNotificationRequest) async throws {
        add(request, withCompletionHandler: nil)
    }

    open func pendingNotificationRequests() async -> [UNNotificationRequest] { lock.withLock { _pending } }

    @available(tvOS, unavailable)
    open func deliveredNotifications() async -> [UNNotification] { lock.withLock { _delivered } }

    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    open func setBadgeCount(_ newBadgeCount: Int) async throws {
        setBadgeCount(newBadgeCount, withCompletionHandler: nil)
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

/// Stub of `UNUserNotificationCenterDelegate` (iOS 10) [R §1].
///
/// Isolation: the protocol is **not** `@MainActor` (iOS 17 and 18 SDKs): apps adopting it in a `@MainActor` app
/// delegate mark the witnesses `nonisolated`, and the system calls them on its XPC queue [R §10; C: ubkit-ios#95,
/// openquack#80, firebase-ios-sdk#14585]. The handlers are `@Sendable` in the current documentation [R §1: A].
/// The async forms Swift synthesizes (`willPresent…) async -> UNNotificationPresentationOptions`, `didReceive…)
/// async`) are not declared here: the glue implements the completion-handler forms only.
///
/// Apple declares every member `optional` (an `@objc` protocol). Without the Objective-C runtime a Swift protocol
/// cannot have optional members, so here they are requirements with do-nothing default implementations below:
/// conformers may still implement any subset, as on Apple platforms. Calling one differs (`?(…)` on Apple), so
/// the glue forwards through one small `#if`.
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)
    /// Not tvOS [R §1].
    @available(tvOS, unavailable)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
    /// iOS 12, macOS 10.14; not tvOS or watchOS [R §1].
    @available(iOS 12.0, macOS 10.14, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {}
    @available(tvOS, unavailable)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {}
    @available(iOS 12.0, macOS 10.14, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {}
}

/// Stub of `UNNotificationPresentationOptions` (iOS 10; raw values from the header's bit shifts) [R §1].
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    /// iOS 10–14 [R §1]: deprecated above PushBus's floor, so the iOS form (inert on Linux).
    @available(iOS, introduced: 10.0, deprecated: 14.0, message: "Use .list and .banner")
    @available(macOS, introduced: 10.14, deprecated: 11.0, message: "Use .list and .banner")
    @available(tvOS, introduced: 10.0, deprecated: 14.0, message: "Use .list and .banner")
    @available(watchOS, introduced: 3.0, deprecated: 7.0, message: "Use .list and .banner")
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    /// iOS 14 [R §1].
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    /// iOS 14 [R §1].
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

/// Stub of `UNAuthorizationOptions` (iOS 10) [R §4].
public struct UNAuthorizationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
    /// iOS 12 [R §4].
    @available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
    /// iOS 12 [R §4].
    @available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)
    /// iOS 12 [R §4].
    @available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
}

/// Stub of `UNAuthorizationStatus` (iOS 10) [R §4].
public enum UNAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case denied = 1
    case authorized = 2
    /// iOS 12 [R §4].
    @available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
    case provisional = 3
    /// iOS 14, App Clips [R §4].
    @available(iOS 14.0, *)
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    case ephemeral = 4
}

/// Stub of `UNNotificationSettings` (iOS 10; only what the glue reads) [R §4].
open class UNNotificationSettings: NSObject {
    open var authorizationStatus: UNAuthorizationStatus { _status }
    private let _status: UNAuthorizationStatus

    /// Stub-only (Apple's `init` is unavailable).
    public init(stubbedAuthorizationStatus: UNAuthorizationStatus) {
        _status = stubbedAuthorizationStatus
        super.init()
    }
}

/// `UNNotificationDefaultActionIdentifier` (iOS 10; not tvOS) [R §2].
@available(tvOS, unavailable)
public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"
/// `UNNotificationDismissActionIdentifier` (iOS 10; not tvOS) [R §2].
@available(tvOS, unavailable)
public let UNNotificationDismissActionIdentifier: String = "com.apple.UNNotificationDismissActionIdentifier"
#endif
