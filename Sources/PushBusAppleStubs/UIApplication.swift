#if PUSHBUS_APPLE_STUBS
import Foundation

/// Stub of `UIResponder`.
@MainActor open class UIResponder: NSObject {}

/// Stub of `UIApplication` (only what the glue uses). `@MainActor`, as Apple's is.
@MainActor open class UIApplication: UIResponder {
    /// Stub of `UIApplication.State`.
    public enum State: Int, Sendable {
        case active = 0
        case inactive = 1
        case background = 2
    }

    /// Stub of `UIApplication.LaunchOptionsKey`.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// 3–26 (deprecated in 26).
        public static let remoteNotification = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        /// 4–10.
        public static let localNotification = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsLocalNotificationKey")
    }

    /// The shared application.
    public static let shared = UIApplication()

    /// Stub-only: a fresh application for a test (Apple's `init` is not for apps).
    public override init() { super.init() }

    open var applicationState: State = .active
    /// Deprecated in iOS 17 (use `UNUserNotificationCenter.setBadgeCount`).
    open var applicationIconBadgeNumber: Int = 0
    /// Stub-only: how often `registerForRemoteNotifications()` was called.
    public var stubbedRemoteRegistrations = 0
    /// Stub-only: the settings last registered with `registerUserNotificationSettings`.
    public var stubbedUserNotificationSettings: UIUserNotificationSettings?

    open func registerForRemoteNotifications() { stubbedRemoteRegistrations += 1 }

    /// iOS 8–10.
    open func registerUserNotificationSettings(_ notificationSettings: UIUserNotificationSettings) {
        stubbedUserNotificationSettings = notificationSettings
    }
}

/// Stub of `UIBackgroundFetchResult` (iOS 7).
public enum UIBackgroundFetchResult: UInt, Sendable {
    case newData = 0
    case noData = 1
    case failed = 2
}

/// Stub of `UILocalNotification` (iOS 4–10).
open class UILocalNotification: NSObject {
    open var fireDate: Date?
    open var alertBody: String?
    /// iOS 8.2.
    open var alertTitle: String?
    open var soundName: String?
    open var applicationIconBadgeNumber: Int = 0
    open var userInfo: [AnyHashable: Any]?
    /// iOS 8.
    open var category: String?

    public override init() { super.init() }
}

/// `UILocalNotificationDefaultSoundName`.
public let UILocalNotificationDefaultSoundName: String = "UILocalNotificationDefaultSoundName"

/// `UIUserNotificationActionResponseTypedTextKey` (iOS 9–10).
public let UIUserNotificationActionResponseTypedTextKey: String = "UIUserNotificationActionResponseTypedTextKey"

/// `UIUserNotificationTextInputActionButtonTitleKey` (iOS 9–10).
public let UIUserNotificationTextInputActionButtonTitleKey: String = "UIUserNotificationTextInputActionButtonTitleKey"

/// Stub of `UIScene` (iOS 13), only for its connection options.
@MainActor open class UIScene: UIResponder {
    /// Stub of `UIScene.ConnectionOptions`.
    @MainActor open class ConnectionOptions: NSObject {
        /// The response that made UIKit connect the scene, in a cold start from a notification.
        open var notificationResponse: UNNotificationResponse? { _notificationResponse }
        private let _notificationResponse: UNNotificationResponse?

        /// Stub-only (Apple's are created by UIKit).
        public init(stubbedNotificationResponse: UNNotificationResponse?) {
            _notificationResponse = stubbedNotificationResponse
            super.init()
        }
    }
}
#endif
