// Linux-only stand-ins for the UserNotifications types the PushBusApple glue uses, with Apple's Swift signatures
// (see Docs/DeliveryPaths.md and the shared apple-api-reference.md). They exist so CI type-checks the glue on
// Linux and tests can drive it; they never ship on Apple platforms (everything is inside the #if).
#if PUSHBUS_APPLE_STUBS
public import Foundation

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
    /// Stub-only: the settings `getNotificationSettings` reports (`nil`: derived from the status).
    public var stubbedSettings: UNNotificationSettings.StubbedValues? {
        get { lock.withLock { _settings } }
        set { lock.withLock { _settings = newValue } }
    }
    private var _settings: UNNotificationSettings.StubbedValues?
    /// Stub-only: the error `requestAuthorization` answers with (then it grants nothing).
    public var stubbedAuthorizationError: (any Error & Sendable)? {
        get { lock.withLock { _authorizationError } }
        set { lock.withLock { _authorizationError = newValue } }
    }
    private var _authorizationError: (any Error & Sendable)?

    /// Stub-only: a fresh center for a test. Apple's `init()` is unavailable [H: UNUserNotificationCenter.h:50], so
    /// the stub has no `init()` either: `UNUserNotificationCenter()` must not compile on Linux when it cannot on iOS.
    public init(stubbed: Void) { super.init() }

    // Safe: the stub's state is guarded by `lock`; this is the one shared instance, as on Apple platforms.
    nonisolated(unsafe) private static let shared = UNUserNotificationCenter(stubbed: ())

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
        let (granted, error) = answerAuthorization(options)
        completionHandler(granted, error)
    }

    /// What iOS does with a request: an error grants nothing; `.provisional` while not determined is granted
    /// without a prompt; a prompt already answered is not shown again (the status stays); otherwise the user's
    /// answer (``stubbedGrant``) decides. The settings follow the status unless ``stubbedSettings`` fixes them.
    private func answerAuthorization(_ options: UNAuthorizationOptions) -> (Bool, (any Error)?) {
        lock.withLock { () -> (Bool, (any Error)?) in
            _authorizationRequests.append(options)
            if let error = _authorizationError { return (false, error) }
            switch _status {
            case .notDetermined where options.contains(UNAuthorizationOptions(rawValue: 1 << 6)):
                _status = .provisional
                return (true, nil)
            case .notDetermined, .provisional:
                _status = _grant ? .authorized : .denied
            default:
                break
            }
            if _settings != nil { _settings?.status = _status }
            return (_status == .authorized, nil)
        }
    }

    private func currentSettings() -> UNNotificationSettings {
        let values = lock.withLock { _settings ?? UNNotificationSettings.StubbedValues(status: _status) }
        return UNNotificationSettings(stubbedValues: values)
    }

    open func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
        completionHandler(currentSettings())
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

    /// iOS 16, macOS 13, tvOS 16; not watchOS [H: UNUserNotificationCenter.h:77] [R §0, §4: A].
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
    @available(watchOS, unavailable)
    open func setBadgeCount(
        _ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        lock.withLock { _badgeCount = newBadgeCount }
        completionHandler?(nil)
    }

    // MARK: The async forms Swift imports from the completion-handler selectors [R §4: A, C]

    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        let (granted, error) = answerAuthorization(options)
        if let error { throw error }
        return granted
    }

    open func notificationSettings() async -> UNNotificationSettings { currentSettings() }

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

    @available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
    @available(watchOS, unavailable)
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
/// openquack#80, firebase-ios-sdk#14585]. The handlers are `@Sendable` in the current documentation [R §1: A]
/// and in the iOS 17.4 SDK's interface. The async forms Swift imports from the completion-handler selectors
/// (`willPresent…) async -> UNNotificationPresentationOptions`, `didReceive…) async`) are requirements too,
/// nonisolated like the rest: on a `@MainActor` app delegate they are exactly the witnesses that trap when
/// UserNotifications calls them off the main queue. The glue implements the completion-handler forms.
///
/// Apple declares every member `optional` (an `@objc` protocol). Without the Objective-C runtime a Swift protocol
/// cannot have optional members, so here they are requirements with do-nothing default implementations below:
/// conformers may still implement any subset, as on Apple platforms. Calling one differs (`?(…)` on Apple), so
/// glue never calls a requirement directly: it goes through `#if canImport(UserNotifications)` and the `?(…)` form
/// (`.ci/steps/44-optional-requirement-calls.sh` checks it).
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)
    /// The async form of the above (iOS 10).
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions
    /// Not tvOS [R §1].
    @available(tvOS, unavailable)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
    /// The async form of the above (iOS 10; not tvOS).
    @available(tvOS, unavailable)
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
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
    /// Stands in for the missing optional: iOS does not present the notification.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions { [] }
    @available(tvOS, unavailable)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {}
    @available(tvOS, unavailable)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async {}
    @available(iOS 12.0, macOS 10.14, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {}
}

/// Stub of `UNNotificationPresentationOptions` (iOS 10; raw values from the header's bit shifts) [R §1].
public struct UNNotificationPresentationOptions: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    /// iOS 10–14 [R §1] [H: UNUserNotificationCenter.h:84]: deprecated above PushBus's floor, so the iOS form
    /// (inert on Linux). No message: the 17.4 interface prints none (the header names `.list | .banner` instead).
    @available(iOS, introduced: 10.0, deprecated: 14.0)
    @available(macOS, introduced: 10.14, deprecated: 11.0)
    @available(tvOS, introduced: 10.0, deprecated: 14.0)
    @available(watchOS, introduced: 3.0, deprecated: 7.0)
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    /// iOS 14 [R §1].
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    /// iOS 14 [R §1].
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

/// Stub of `UNAuthorizationOptions` (iOS 10) [R §4]. Not `Hashable`: imported `NS_OPTIONS` are not.
public struct UNAuthorizationOptions: OptionSet, @unchecked Sendable {
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
    /// iOS 13–15, watchOS 6–7; not macOS or tvOS (deprecated: Siri announcements are the user's choice in Settings)
    /// [H: UNUserNotificationCenter.h:30].
    @available(iOS, introduced: 13.0, deprecated: 15.0, message: "Announcement authorization is always included")
    @available(watchOS, introduced: 6.0, deprecated: 7.0, message: "Announcement authorization is always included")
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    public static let announcement = UNAuthorizationOptions(rawValue: 1 << 7)
    /// Introduced and deprecated in iOS 15, macOS 12, tvOS 15, watchOS 8 (the capability decides) [R §0, §4: A;
    /// developer.apple.com/documentation/usernotifications/unauthorizationoptions/timesensitive;
    /// H: UNUserNotificationCenter.h:31 for the message].
    @available(iOS, introduced: 15.0, deprecated: 15.0, message: "Use time-sensitive entitlement")
    @available(macOS, introduced: 12.0, deprecated: 12.0, message: "Use time-sensitive entitlement")
    @available(tvOS, introduced: 15.0, deprecated: 15.0, message: "Use time-sensitive entitlement")
    @available(watchOS, introduced: 8.0, deprecated: 8.0, message: "Use time-sensitive entitlement")
    public static let timeSensitive = UNAuthorizationOptions(rawValue: 1 << 8)
}

/// Stub of `UNAuthorizationStatus` (iOS 10) [R §4].
public enum UNAuthorizationStatus: Int, @unchecked Sendable {
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

/// Stub of `UNNotificationSetting` (iOS 10): `NS_ENUM(NSInteger)`, `notSupported` 0, `disabled` 1, `enabled` 2
/// [UNNotificationSettings.h, macOS 12.3 SDK copy: phracker/MacOSX-SDKs].
public enum UNNotificationSetting: Int, @unchecked Sendable {
    case notSupported = 0
    case disabled = 1
    case enabled = 2
}

/// Stub of `UNAlertStyle` (iOS 10; not tvOS or watchOS): `none` 0, `banner` 1, `alert` 2 [UNNotificationSettings.h].
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public enum UNAlertStyle: Int, @unchecked Sendable {
    case none = 0
    case banner = 1
    case alert = 2
}

/// Stub of `UNShowPreviewsSetting` (iOS 11, macOS 10.14; not tvOS or watchOS): `always` 0, `whenAuthenticated` 1,
/// `never` 2 [UNNotificationSettings.h].
@available(iOS 11.0, macOS 10.14, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public enum UNShowPreviewsSetting: Int, @unchecked Sendable {
    case always = 0
    case whenAuthenticated = 1
    case never = 2
}

/// Stub of `UNNotificationSettings` (iOS 10) [R §4]. Every property with the header's availability
/// [UNNotificationSettings.h, macOS 12.3 SDK copy; Apple's pages for the iOS 15 ones:
/// developer.apple.com/documentation/usernotifications/unnotificationsettings/timesensitivesetting,
/// …/scheduleddeliverysetting, …/directmessagessetting]. Apple's `init` is unavailable: the stub-only initializer
/// below sets each value (default: what an app that asked for alert, sound and badge sees in that status).
open class UNNotificationSettings: NSObject {
    open var authorizationStatus: UNAuthorizationStatus { values.status }
    @available(tvOS, unavailable)
    open var soundSetting: UNNotificationSetting { values.sound }
    @available(watchOS, unavailable)
    open var badgeSetting: UNNotificationSetting { values.badge }
    @available(tvOS, unavailable)
    open var alertSetting: UNNotificationSetting { values.alert }
    @available(tvOS, unavailable)
    open var notificationCenterSetting: UNNotificationSetting { values.notificationCenter }
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open var lockScreenSetting: UNNotificationSetting { values.lockScreen }
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open var carPlaySetting: UNNotificationSetting { values.carPlay }
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open var alertStyle: UNAlertStyle { values.alertStyle }
    /// iOS 11 [H].
    @available(iOS 11.0, macOS 10.14, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open var showPreviewsSetting: UNShowPreviewsSetting { values.showPreviews }
    /// iOS 12 [H].
    @available(iOS 12.0, macOS 10.14, watchOS 5.0, *)
    @available(tvOS, unavailable)
    open var criticalAlertSetting: UNNotificationSetting { values.criticalAlert }
    /// iOS 12 [H].
    @available(iOS 12.0, macOS 10.14, watchOS 5.0, *)
    @available(tvOS, unavailable)
    open var providesAppNotificationSettings: Bool { values.providesAppNotificationSettings }
    /// iOS 13, watchOS 6; not macOS or tvOS [H].
    @available(iOS 13.0, watchOS 6.0, *)
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    open var announcementSetting: UNNotificationSetting { values.announcement }
    /// iOS 15 [H][A].
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
    @available(tvOS, unavailable)
    open var timeSensitiveSetting: UNNotificationSetting { values.timeSensitive }
    /// iOS 15 [H][A].
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
    @available(tvOS, unavailable)
    open var scheduledDeliverySetting: UNNotificationSetting { values.scheduledDelivery }
    /// iOS 15 [H][A].
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
    @available(tvOS, unavailable)
    open var directMessagesSetting: UNNotificationSetting { values.directMessages }

    /// Stub-only: every value a test can set.
    public struct StubbedValues: Sendable {
        public var status: UNAuthorizationStatus
        public var sound, badge, alert, notificationCenter, lockScreen, carPlay: UNNotificationSetting
        public var alertStyle: UNAlertStyle
        public var showPreviews: UNShowPreviewsSetting
        public var criticalAlert: UNNotificationSetting
        public var providesAppNotificationSettings: Bool
        public var announcement, timeSensitive, scheduledDelivery, directMessages: UNNotificationSetting

        /// What an app that asked for alert, sound and badge (and no entitlement) sees in `status`.
        public init(status: UNAuthorizationStatus) {
            self.status = status
            let on: UNNotificationSetting = status == .authorized ? .enabled : .disabled
            sound = on
            badge = on
            alert = on
            notificationCenter = status == .notDetermined || status == .denied ? .disabled : .enabled
            lockScreen = on
            carPlay = .notSupported
            alertStyle = status == .authorized ? .banner : .none
            showPreviews = .always
            criticalAlert = .notSupported
            providesAppNotificationSettings = false
            announcement = .notSupported
            timeSensitive = .notSupported
            scheduledDelivery = .disabled
            directMessages = .notSupported
        }
    }

    private let values: StubbedValues

    /// Stub-only (Apple's `init` is unavailable).
    public init(stubbedValues: StubbedValues) {
        values = stubbedValues
        super.init()
    }

    /// Stub-only (Apple's `init` is unavailable): the defaults of ``StubbedValues/init(status:)``.
    public convenience init(stubbedAuthorizationStatus: UNAuthorizationStatus) {
        self.init(stubbedValues: StubbedValues(status: stubbedAuthorizationStatus))
    }
}

/// `UNNotificationDefaultActionIdentifier` (iOS 10; not tvOS) [R §2].
@available(tvOS, unavailable)
public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"
/// `UNNotificationDismissActionIdentifier` (iOS 10; not tvOS) [R §2].
@available(tvOS, unavailable)
public let UNNotificationDismissActionIdentifier: String = "com.apple.UNNotificationDismissActionIdentifier"
#endif
