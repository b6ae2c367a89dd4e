// The opt-in entry point: install the notification-center delegate, request authorization, self-check.
#if canImport(UserNotifications)
import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if canImport(UserNotifications) || PUSHBUS_APPLE_STUBS
import Foundation
import PushBus

/// PushBus's Apple glue: installs the notification-center delegate and checks the setup.
///
/// ```swift
/// func application(_ application: UIApplication,
///                  didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
///     PushBus.install()                                              // before returning from launch
///     PushBus.appDelegate.application(application, didFinishLaunchingWithOptions: launchOptions)
///     return true
/// }
/// ```
@MainActor
public enum PushBus {
    private static var installation: Installation?

    struct Installation {
        let center: PushCenter
        let notificationCenter: UNUserNotificationCenter
        let delegate: PushNotificationDelegate
        let appDelegate: AppDelegateAdapter
    }

    /// Installs a ``PushNotificationDelegate`` on `notificationCenter`, keeping (and forwarding to) the delegate
    /// that was there, and remembers it so it stays alive. Call it before `didFinishLaunching` returns, so the
    /// tap that launched the app reaches `didReceive`. Calling it again re-installs (forwarding to whoever is
    /// the delegate then, unless that is PushBus's own).
    ///
    /// - Returns: The installed delegate.
    @discardableResult
    public static func install(
        center: PushCenter = .shared, notificationCenter: UNUserNotificationCenter = .current()
    ) -> PushNotificationDelegate {
        let current = notificationCenter.delegate
        let previous = current is PushNotificationDelegate ? installation?.delegate.previous : current
        let delegate = PushNotificationDelegate(adapter: UserNotificationAdapter(center: center), previous: previous)
        notificationCenter.delegate = delegate
        let appDelegate =
            installation?.center === center
            ? installation!.appDelegate : AppDelegateAdapter(center: center, mode: .userNotifications)
        installation = Installation(
            center: center, notificationCenter: notificationCenter, delegate: delegate, appDelegate: appDelegate)
        center.recordDiagnostics { facts in
            facts.isNotificationDelegateInstalled = true
            facts.isDelegateReplaced = false
            if !facts.isLaunchOver { facts.wasDelegateInstalledDuringLaunch = true }
        }
        return delegate
    }

    /// The center of the installation, or `PushCenter.shared`.
    public static var installedCenter: PushCenter { installation?.center ?? .shared }

    /// The installed delegate, if ``install(center:notificationCenter:)`` ran.
    public static var delegate: PushNotificationDelegate? { installation?.delegate }

    /// The app-delegate adapter for the installed center (or `PushCenter.shared`): forward your
    /// `UIApplicationDelegate` notification methods to it.
    public static var appDelegate: AppDelegateAdapter {
        if let installation { return installation.appDelegate }
        let adapter = AppDelegateAdapter(center: .shared, mode: .userNotifications)
        return adapter
    }

    /// Asks for permission to notify, and records the outcome for ``diagnose()``.
    ///
    /// - Returns: Whether permission was granted.
    public static func requestAuthorization(
        options: UNAuthorizationOptions = [.alert, .sound, .badge],
        notificationCenter: UNUserNotificationCenter = .current(), center: PushCenter? = nil
    ) async throws -> Bool {
        let center = center ?? installation?.center ?? .shared
        let granted: Bool = try await withCheckedThrowingContinuation { continuation in
            notificationCenter.requestAuthorization(options: options) { granted, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: granted) }
            }
        }
        center.recordDiagnostics { $0.authorization = granted ? .authorized : .denied }
        return granted
    }

    /// Checks the setup and says, in words, what is misconfigured: no notification-center delegate by the end
    /// of launch, PushBus's delegate replaced by someone else, no device token forwarded, no categories
    /// registered, authorization denied. Empty when all is well.
    public static func diagnose(
        center: PushCenter? = nil, notificationCenter: UNUserNotificationCenter? = nil
    ) async -> [DeliveryDiagnostics.Finding] {
        let center = center ?? installation?.center ?? .shared
        let notificationCenter = notificationCenter ?? installation?.notificationCenter ?? .current()
        if let installed = installation?.delegate, installation?.center === center {
            let isReplaced = notificationCenter.delegate !== installed
            center.recordDiagnostics { $0.isDelegateReplaced = isReplaced }
        }
        let status = await authorizationStatus(of: notificationCenter)
        center.recordDiagnostics { $0.authorization = status }
        return center.deliveryDiagnostics.findings
    }

    static func authorizationStatus(of notificationCenter: UNUserNotificationCenter) async
        -> DeliveryDiagnostics.Authorization
    {
        await withCheckedContinuation { continuation in
            notificationCenter.getNotificationSettings { settings in
                continuation.resume(returning: DeliveryDiagnostics.Authorization(settings.authorizationStatus))
            }
        }
    }

    /// Forgets the installation (tests).
    public static func uninstall() {
        if let installation, installation.notificationCenter.delegate === installation.delegate {
            installation.notificationCenter.delegate = installation.delegate.previous
        }
        installation = nil
    }
}

extension DeliveryDiagnostics.Authorization {
    /// The neutral status of a `UNAuthorizationStatus`.
    public init(_ status: UNAuthorizationStatus) {
        // By raw value: `.ephemeral` (iOS 14) is newer than the deployment floor.
        switch status.rawValue {
        case 0: self = .notDetermined
        case 1: self = .denied
        case 3: self = .provisional
        case 4: self = .ephemeral
        default: self = .authorized
        }
    }
}
#endif
