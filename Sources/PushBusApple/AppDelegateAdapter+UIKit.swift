// UIApplicationDelegate shapes, forwarded to the neutral AppDelegateAdapter. Call these from your app delegate.
#if canImport(UIKit) && os(iOS)
public import UIKit
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
public import Foundation
import PushBusCore
public import PushBusDelivery

extension AppDelegateAdapter {
    /// From `application(_:didFinishLaunchingWithOptions:)`: reports the notification that launched the app.
    ///
    /// Keys are matched by raw value (so no deprecated constant is referenced); a `UILocalNotification` value
    /// becomes a `LegacyLocalNotification`.
    @MainActor
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) {
        guard let launchOptions else { return }
        var neutral: [LaunchOptionKey: Any] = [:]
        for (key, value) in launchOptions {
            let neutralKey = LaunchOptionKey(rawValue: key.rawValue)
            neutral[neutralKey] = value
            // A `UILocalNotification` (iOS 4–10) converts itself, so this current API names no deprecated type.
            if neutralKey == .localNotification, let local = value as? any LegacyLocalNotificationConvertible {
                neutral[neutralKey] = local.legacyLocalNotification
            }
        }
        didFinishLaunching(launchOptions: neutral, appState: PushAppState(application.applicationState))
    }

    /// From `applicationDidBecomeActive(_:)`: launch is over.
    @MainActor
    public func applicationDidBecomeActive(_ application: UIApplication) {
        applicationDidBecomeActive()
    }

    /// From `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`. The handler runs exactly once.
    @MainActor
    public func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        let handler = UncheckedHandler(completionHandler)
        didReceiveRemoteNotification(userInfo, appState: PushAppState(application.applicationState)) { result in
            handler.call(UIBackgroundFetchResult(rawValue: result.rawValue) ?? .noData)
        }
    }

    /// From `application(_:didReceiveRemoteNotification:)` (iOS 3–10).
    @MainActor
    public func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) {
        didReceiveRemoteNotification(userInfo, appState: PushAppState(application.applicationState))
    }

    /// From `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    @MainActor
    public func application(
        _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {
        didRegisterForRemoteNotifications(deviceToken: deviceToken)
    }

    /// From `application(_:didFailToRegisterForRemoteNotificationsWithError:)`.
    @MainActor
    public func application(
        _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) {
        didFailToRegisterForRemoteNotifications(error: error)
    }

    /// From `application(_:handleActionWithIdentifier:forRemoteNotification:completionHandler:)` (iOS 8–10) and
    /// its `withResponseInfo:` form (pass `responseInfo`).
    @MainActor
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        forRemoteNotification userInfo: [AnyHashable: Any], withResponseInfo responseInfo: [AnyHashable: Any]? = nil,
        completionHandler: @escaping () -> Void
    ) {
        let handler = UncheckedHandler<Void>(completionHandler)
        handleAction(
            withIdentifier: identifier, forRemoteNotification: userInfo, withResponseInfo: responseInfo,
            appState: PushAppState(application.applicationState)
        ) { handler.call(()) }
    }

}

extension UserNotificationAdapter {
    /// From `scene(_:willConnectTo:options:)`: reports the notification response a cold start connects for.
    @MainActor
    public func scene(willConnectWith connectionOptions: UIScene.ConnectionOptions) {
        sceneWillConnect(notificationResponse: connectionOptions.notificationResponse.map(ResponseSnapshot.init))
    }
}

/// A launch-options value that converts itself to the neutral `LegacyLocalNotification`: lets the
/// current `didFinishLaunching` path read a `UILocalNotification` without naming the deprecated type.
@MainActor
protocol LegacyLocalNotificationConvertible {
    var legacyLocalNotification: LegacyLocalNotification { get }
}

// UILocalNotification is deprecated since iOS 10 and main-actor isolated (`NS_SWIFT_UI_ACTOR`). It is unavailable on
// tvOS and visionOS only, not on Mac Catalyst, which inherits it deprecated from iOS (UIKit/UILocalNotification.h:17,
// iOS 17.4 SDK), so the Catalyst build compiles this too. Everything that names it is marked deprecated itself (`*`:
// this file is iOS-only, and the iOS 13 floor is past 10, so it warns at every deployment target either way) and runs
// on the main actor.
@available(*, deprecated, message: "UILocalNotification is deprecated since iOS 10")
extension UILocalNotification: LegacyLocalNotificationConvertible {
    var legacyLocalNotification: LegacyLocalNotification { LegacyLocalNotification(self) }
}

extension AppDelegateAdapter {
    /// From `application(_:didReceive:)` with a `UILocalNotification` (iOS 4–10).
    @available(*, deprecated, message: "UILocalNotification is deprecated since iOS 10")
    @MainActor
    public func application(_ application: UIApplication, didReceive notification: UILocalNotification) {
        didReceive(LegacyLocalNotification(notification), appState: PushAppState(application.applicationState))
    }

    /// From `application(_:handleActionWithIdentifier:for:completionHandler:)` (iOS 8–10) and its
    /// `withResponseInfo:` form.
    @available(*, deprecated, message: "UILocalNotification is deprecated since iOS 10")
    @MainActor
    public func application(
        _ application: UIApplication, handleActionWithIdentifier identifier: String?,
        for notification: UILocalNotification, withResponseInfo responseInfo: [AnyHashable: Any]? = nil,
        completionHandler: @escaping () -> Void
    ) {
        let handler = UncheckedHandler<Void>(completionHandler)
        handleAction(
            withIdentifier: identifier, for: LegacyLocalNotification(notification), withResponseInfo: responseInfo,
            appState: PushAppState(application.applicationState)
        ) { handler.call(()) }
    }
}

extension LegacyLocalNotification {
    /// The neutral value of a `UILocalNotification` (main actor: UIKit isolates the class).
    @available(*, deprecated, message: "UILocalNotification is deprecated since iOS 10")
    @MainActor
    public init(_ notification: UILocalNotification) {
        self.init(
            alertTitle: notification.alertTitle, alertBody: notification.alertBody, soundName: notification.soundName,
            applicationIconBadgeNumber: notification.applicationIconBadgeNumber, category: notification.category,
            fireDate: notification.fireDate, foundationUserInfo: notification.userInfo)
    }
}

/// A UIKit completion handler (not declared `@Sendable` by UIKit) carried into the adapters' `@Sendable` world.
///
/// `@unchecked Sendable`: UIKit's background-fetch and action handlers may be called from any thread (apps
/// routinely call them from URLSession callbacks), and the adapter calls each exactly once.
struct UncheckedHandler<Value>: @unchecked Sendable {
    let call: (Value) -> Void
    init(_ call: @escaping (Value) -> Void) { self.call = call }
}

extension UncheckedHandler where Value == Void {
    init(_ call: @escaping () -> Void) { self.call = { _ in call() } }
}
#endif
