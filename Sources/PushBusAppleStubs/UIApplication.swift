// Linux-only stand-ins for the UIKit types the PushBusApple glue uses, with Apple's Swift signatures.
//
// Sources of the facts noted below: [H] Apple SDK headers (iOS 10.3 copies; `NS_SWIFT_UI_ACTOR` from the iOS 17 and
// iOS 26 headers, as the issue that found the `UILocalNotification` warnings quotes them), [A] Apple's documentation
// pages, [R] ../shared/apple-api-reference.md (which cites both). Linux ignores `@available(iOS, …)`, so:
// - API deprecated at or below PushBus's floor (iOS 13) is marked `@available(*, deprecated, …)` here. On iOS it
//   warns at every deployment target PushBus supports, so this is what Apple's compiler says about it, and Linux CI
//   catches a non-deprecated glue declaration that reaches it.
// - API deprecated above the floor (iOS 17, 26) keeps `@available(iOS, deprecated: …)`, inert on Linux but exact.
// Main-actor isolation is what Linux checks best; `.ci/steps/41-apple-stub-isolation.sh` fails if a stub loses it.
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of `UIResponder`. `@MainActor`: `NS_SWIFT_UI_ACTOR` on the class [H].
@MainActor open class UIResponder: NSObject {}

/// Stub of `UIApplication` (only what the glue uses). `@MainActor`: `NS_SWIFT_UI_ACTOR` on the class [H][R].
@MainActor open class UIApplication: UIResponder {
    /// Stub of `UIApplication.State` (iOS 4) [A]. An imported `NS_ENUM`: `@unchecked Sendable`, not isolated.
    @available(iOS 4.0, *)
    public enum State: Int, @unchecked Sendable {
        case active = 0
        case inactive = 1
        case background = 2
    }

    /// Stub of `UIApplication.LaunchOptionsKey` (iOS 2). An imported string struct: `@unchecked Sendable`, not
    /// isolated.
    public struct LaunchOptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// iOS 3; not tvOS [H: UIApplication.h:492]. Deprecated in the iOS 26 SDK (keep using
        /// `didReceiveRemoteNotification…fetchCompletionHandler:`) [R §0]; the 17.4 SDK does not deprecate it.
        @available(iOS, introduced: 3.0, deprecated: 26.0)
        @available(tvOS, unavailable)
        public static let remoteNotification = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        /// iOS 4–10; not tvOS or visionOS [H: UIApplication.h:493] [R §7].
        @available(*, deprecated, message: "Deprecated in iOS 10.0: use UNUserNotificationCenterDelegate")
        @available(tvOS, unavailable)
        @available(visionOS, unavailable)
        public static let localNotification = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsLocalNotificationKey")
    }

    /// The shared application (a class property on Apple platforms; unavailable in app extensions [A]).
    @available(iOSApplicationExtension, unavailable)
    public static let shared = UIApplication(stubbed: ())
    /// `unowned(unsafe) open var delegate: (any UIApplicationDelegate)?` (iOS 2).
    open var delegate: (any UIApplicationDelegate)?

    /// Stub-only: a fresh application for a test. Apple's `UIApplication()` compiles but traps at run time (one
    /// instance per process), so the stub spells its test initializer differently.
    public init(stubbed: Void) { super.init() }

    /// iOS 4; get-only [H: UIApplication.h:137]. Stub: what ``stubbedApplicationState`` says.
    @available(iOS 4.0, *)
    open var applicationState: State { stubbedApplicationState }
    /// Stub-only: what ``applicationState`` reports.
    public var stubbedApplicationState: State = .active
    /// iOS 2–17 [A][R §0]: use `UNUserNotificationCenter.setBadgeCount(_:withCompletionHandler:)`.
    @available(iOS, introduced: 2.0, deprecated: 17.0, message: "Use UNUserNotificationCenter.setBadgeCount")
    open var applicationIconBadgeNumber: Int = 0
    /// Stub-only: how often `registerForRemoteNotifications()` was called.
    public var stubbedRemoteRegistrations = 0
    /// Stub-only: the registration calls, in order (`registerUserNotificationSettings`,
    /// `registerForRemoteNotifications`).
    public var stubbedCallLog: [String] = []
    /// Stub-only: the settings last registered with `registerUserNotificationSettings`.
    @available(*, deprecated, message: "Deprecated in iOS 10.0")
    public var stubbedUserNotificationSettings: UIUserNotificationSettings? {
        get { _userNotificationSettings as? UIUserNotificationSettings }
        set { _userNotificationSettings = newValue }
    }
    private var _userNotificationSettings: NSObject?
    /// Stub-only: the URLs handed to `open(_:options:completionHandler:)`.
    public var stubbedOpenedURLs: [URL] = []
    /// Stub-only: what `open(_:options:completionHandler:)` answers.
    public var stubbedCanOpen = true
    /// Stub-only: the types the user allows when `registerUserNotificationSettings` asks (iOS 8–10 prompt);
    /// `didRegister` is the app delegate's to call, as UIKit does, with the result.
    @available(*, deprecated, message: "Deprecated in iOS 10.0")
    public var stubbedAllowedTypes: UIUserNotificationType {
        get { UIUserNotificationType(rawValue: _allowedTypes) }
        set { _allowedTypes = newValue.rawValue }
    }
    private var _allowedTypes: UInt = 0b111
    /// The settings the user allowed (iOS 8–10; not tvOS or visionOS [H: UIApplication.h:234]) [R §6: A].
    @available(*, deprecated, message: "Deprecated in iOS 10.0: use UNUserNotificationCenter.getNotificationSettings")
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    open var currentUserNotificationSettings: UIUserNotificationSettings? {
        guard let registered = stubbedUserNotificationSettings else { return nil }
        return UIUserNotificationSettings(
            types: registered.types.intersection(stubbedAllowedTypes), categories: registered.categories)
    }

    /// iOS 8 [A].
    open func registerForRemoteNotifications() {
        stubbedRemoteRegistrations += 1
        stubbedCallLog.append("registerForRemoteNotifications")
    }

    /// iOS 8–10; not tvOS or visionOS [H: UIApplication.h:231] [R §6].
    @available(*, deprecated, message: "Deprecated in iOS 10.0: use UNUserNotificationCenter.requestAuthorization")
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    open func registerUserNotificationSettings(_ notificationSettings: UIUserNotificationSettings) {
        stubbedUserNotificationSettings = notificationSettings
        stubbedCallLog.append("registerUserNotificationSettings")
    }
}

/// Stub of `UIBackgroundFetchResult` (iOS 7, not deprecated) [R §6]. An imported `NS_ENUM`: `@unchecked Sendable`.
@available(iOS 7.0, *)
public enum UIBackgroundFetchResult: UInt, @unchecked Sendable {
    case newData = 0
    case noData = 1
    case failed = 2
}

/// Stub of `UILocalNotification` (iOS 4–10; not tvOS or visionOS, deprecated on Mac Catalyst as on iOS)
/// [H: UIKit/UILocalNotification.h:17, iOS 17.4 SDK].
///
/// `@MainActor`: `NS_SWIFT_UI_ACTOR` in the iOS 17 and iOS 26 headers. Without it here, Linux never saw the nine
/// warnings the real iOS 17.4 SDK gave for the glue.
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UserNotifications Framework's UNNotificationRequest")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@MainActor open class UILocalNotification: NSObject {
    open var fireDate: Date?
    open var alertBody: String?
    /// iOS 8.2 [H].
    open var alertTitle: String?
    open var soundName: String?
    open var applicationIconBadgeNumber: Int = 0
    open var userInfo: [AnyHashable: Any]?
    /// iOS 8 [H].
    open var category: String?

    public override init() { super.init() }
}

/// `UILocalNotificationDefaultSoundName` (iOS 4–10) [H].
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UNNotificationSound")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
public let UILocalNotificationDefaultSoundName: String = "UILocalNotificationDefaultSoundName"

/// `UIUserNotificationActionResponseTypedTextKey` (iOS 9–10) [R §6].
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UNTextInputNotificationResponse")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
public let UIUserNotificationActionResponseTypedTextKey: String = "UIUserNotificationActionResponseTypedTextKey"

/// `UIUserNotificationTextInputActionButtonTitleKey` (iOS 9–10) [R §6].
@available(*, deprecated, message: "Deprecated in iOS 10.0: use UNTextInputNotificationAction")
@available(tvOS, unavailable)
@available(visionOS, unavailable)
public let UIUserNotificationTextInputActionButtonTitleKey: String = "UIUserNotificationTextInputActionButtonTitleKey"

/// Stub of `UIScene` (iOS 13), only for its connection options. `@MainActor`: `NS_SWIFT_UI_ACTOR` [H].
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIScene: UIResponder {
    /// Stub of `UIScene.ConnectionOptions` (iOS 13). `@MainActor`: `NS_SWIFT_UI_ACTOR` on
    /// `UISceneConnectionOptions` [H].
    @MainActor open class ConnectionOptions: NSObject {
        /// The response that made UIKit connect the scene, in a cold start from a notification (iOS 13, not
        /// tvOS) [A][R §7].
        @available(tvOS, unavailable)
        open var notificationResponse: UNNotificationResponse? { _notificationResponse }
        private let _notificationResponse: UNNotificationResponse?
        /// The URLs the scene is connected to open, on a cold start from a custom-scheme URL (iOS 13) [A].
        open var urlContexts: Set<UIOpenURLContext> { _urlContexts }
        private let _urlContexts: Set<UIOpenURLContext>
        /// The user activities to continue, on a cold start from a universal link or Handoff (iOS 13) [A].
        open var userActivities: Set<NSUserActivity> { _userActivities }
        private let _userActivities: Set<NSUserActivity>

        /// Stub-only (Apple's are created by UIKit).
        public init(
            stubbedNotificationResponse: UNNotificationResponse?, urlContexts: Set<UIOpenURLContext> = [],
            userActivities: Set<NSUserActivity> = []
        ) {
            _notificationResponse = stubbedNotificationResponse
            _urlContexts = urlContexts
            _userActivities = userActivities
            super.init()
        }
    }
}
#endif
