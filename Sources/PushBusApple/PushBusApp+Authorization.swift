// The one call (authorize, categories, remote registration), settings changes, and the Settings app.
#if canImport(UIKit) && os(iOS)
public import UIKit
public import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
internal import Foundation
public import PushBusCategories
public import PushBusAuthorization

extension PushBusApp {
    /// What the settings side of the glue keeps: the channel and the foreground observer.
    struct SettingsInstallation {
        let channel: NotificationSettingsChannel
        var observer: NotificationSettingsObserver?
        var authorizer: UserNotificationAuthorizer?
    }

    private static var settingsInstallation: SettingsInstallation?

    /// The app's settings channel: readings from ``registerForNotifications(options:categories:notificationCenter:application:)``
    /// and from each return to the foreground, changes only. Created on first use from the reading the previous
    /// launch saved (`NotificationSettingsStore`, `UserDefaults.standard`), so a change made while the app was
    /// not running is posted at the first reading. ``PushNotificationDelegate`` posts the system's "open
    /// settings" requests here too.
    ///
    /// Set it before ``install(delivery:notificationCenter:)`` and the first registration to keep the readings
    /// elsewhere, for example in an app-group suite:
    /// `PushBusApp.notificationSettings = NotificationSettingsChannel(store: NotificationSettingsStore(defaults: suite))`.
    /// Setting it stops the foreground observer of the previous channel; the next registration starts one.
    public static var notificationSettings: NotificationSettingsChannel {
        get {
            if let channel = settingsInstallation?.channel { return channel }
            let channel = NotificationSettingsChannel(store: NotificationSettingsStore())
            settingsInstallation = SettingsInstallation(channel: channel)
            return channel
        }
        set {
            settingsInstallation?.observer?.cancel()
            settingsInstallation = SettingsInstallation(channel: newValue)
        }
    }

    /// Authorization and registration in one call, in the order iOS wants it: request authorization with
    /// `options` (those this iOS knows), read the settings (posted to ``notificationSettings`` when changed),
    /// register `categories` (also with the installed delivery, so tapped messages carry their action), and
    /// register for remote notifications on the main actor. From then on the settings are read again each time
    /// the app returns to the foreground.
    ///
    /// ```swift
    /// let report = await PushBusApp.registerForNotifications(
    ///     options: [.alert, .sound, .badge, .provisional], categories: categories)
    /// if report.settings.status == .denied { showTurnOnNotificationsBanner() }
    /// // the device token (or the failure) arrives as a RegistrationEvent, as before
    /// ```
    ///
    /// - Returns: Each step's outcome (`NotificationAuthorizationFlow.Report`).
    @discardableResult
    public static func registerForNotifications(
        options: AuthorizationOptions = .standard, categories: CategoryRegistry = .empty,
        notificationCenter: UNUserNotificationCenter = .current(), application: UIApplication = .shared
    ) async -> NotificationAuthorizationFlow.Report {
        let authorizer = UserNotificationAuthorizer(
            notificationCenter: notificationCenter, application: application, delivery: installedDelivery)
        return await run(authorizer, options: options, categories: categories)
    }

    /// As ``registerForNotifications(options:categories:notificationCenter:application:)``, with an authorizer of
    /// your choice (the ``UserNotificationAuthorizer/API/legacy`` path, or a test's).
    @discardableResult
    public static func registerForNotifications(
        with authorizer: UserNotificationAuthorizer, options: AuthorizationOptions = .standard,
        categories: CategoryRegistry = .empty
    ) async -> NotificationAuthorizationFlow.Report {
        await run(authorizer, options: options, categories: categories)
    }

    private static func run(
        _ authorizer: UserNotificationAuthorizer, options: AuthorizationOptions, categories: CategoryRegistry
    ) async -> NotificationAuthorizationFlow.Report {
        let channel = notificationSettings
        let flow = NotificationAuthorizationFlow(authorizer: authorizer, settings: channel)
        settingsInstallation?.authorizer = authorizer
        if settingsInstallation?.observer == nil {
            settingsInstallation?.observer = NotificationSettingsObserver(flow: flow)
        }
        return await flow.run(options: options, categories: categories)
    }

    /// Asks for full authorization after provisional delivery (the only moment iOS prompts a provisionally
    /// authorized app), then reads the settings again. Errors are reported in the result, not thrown.
    public static func escalateAuthorization(
        options: AuthorizationOptions = .standard, notificationCenter: UNUserNotificationCenter = .current(),
        application: UIApplication = .shared
    ) async -> NotificationAuthorizationFlow.Report {
        // Provisional authorization exists from iOS 12, so escalation is always the UserNotifications path.
        let authorizer = UserNotificationAuthorizer(
            notificationCenter: notificationCenter, application: application, delivery: installedDelivery)
        return await NotificationAuthorizationFlow(authorizer: authorizer, settings: notificationSettings)
            .escalate(options: options)
    }

    /// From `application(_:didRegister:)` (iOS 8–10): hands the types the user allowed to the legacy
    /// authorizer waiting in ``registerForNotifications(with:options:categories:)``.
    @available(*, deprecated, message: "iOS 8–10 API: forward it only from a legacy app delegate")
    public static func application(
        _ application: UIApplication, didRegister notificationSettings: UIUserNotificationSettings
    ) {
        settingsInstallation?.authorizer?.didRegisterLegacySettings(allowedTypes: notificationSettings.types.rawValue)
    }

    /// Which page of the Settings app ``openSettings(_:application:)`` opens.
    public enum SettingsPage: Sendable, Hashable {
        /// The app's page (`UIApplication.openSettingsURLString`).
        case app
        /// The app's notification settings (`UIApplication.openNotificationSettingsURLString`, iOS 16+); the
        /// app's page below iOS 16. The iOS 15.4 constant `UIApplicationOpenNotificationSettingsURLString` is
        /// deprecated since 16 and not used.
        case notifications
    }

    /// Opens the Settings app at the app's page or its notification settings (O2SPushKit's
    /// `openSettingsForNotification`), on the main actor.
    ///
    /// - Returns: Whether the system opened it.
    @discardableResult
    public static func openSettings(_ page: SettingsPage = .notifications, application: UIApplication = .shared)
        async -> Bool
    {
        guard let url = URL(string: settingsURLString(page)) else { return false }
        return await withCheckedContinuation { continuation in
            application.open(url, options: [:]) { opened in continuation.resume(returning: opened) }
        }
    }

    /// The URL string ``openSettings(_:application:)`` opens for `page` on this system.
    public static func settingsURLString(_ page: SettingsPage) -> String {
        if page == .notifications, #available(iOS 16.0, *) { return UIApplication.openNotificationSettingsURLString }
        return UIApplication.openSettingsURLString
    }
}
#endif
