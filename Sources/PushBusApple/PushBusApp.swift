// The opt-in entry point: install the notification-center delegate, request authorization, self-check.
#if canImport(UserNotifications)
public import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if canImport(UserNotifications) || PUSHBUS_APPLE_STUBS
package import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusAuthorization
public import PushBusDelivery
public import PushBusHub
import PushBusStorage

/// PushBus's Apple glue: installs the notification-center delegate and checks the setup.
///
/// ```swift
/// func application(
///     _ application: UIApplication,
///     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
/// ) -> Bool {
///     PushBusApp.install()  // before returning from launch
///     PushBusApp.appDelegate.application(application, didFinishLaunchingWithOptions: launchOptions)
///     return true
/// }
/// ```
@MainActor
public enum PushBusApp {
    private static var installation: Installation?

    struct Installation {
        let delivery: PushDelivery
        var center: PushCenter { delivery.center }
        let notificationCenter: UNUserNotificationCenter
        let delegate: PushNotificationDelegate
        let appDelegate: AppDelegateAdapter
        #if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
        /// `nil` when the app forwards activation itself (`Configuration.followsLifecycle` `false`).
        let lifecycle: LifecycleObservation?
        #endif
    }

    /// The inbox the installation records into at activation (what Notification Center shows that the ledger
    /// lacks): the one ``start(_:launchOptions:)`` keeps, or one the app sets. Read from UserNotifications' queue.
    nonisolated static let recoveryInbox = LockedState<PushInbox?>(nil)

    /// Installs a ``PushNotificationDelegate`` on `notificationCenter`, keeping (and forwarding to) the delegate
    /// that was there, and remembers it so it stays alive. Call it before `didFinishLaunching` returns, so the
    /// tap that launched the app reaches `didReceive`. Calling it again re-installs: the new delegate forwards to
    /// whoever is the delegate then (unless that is PushBus's own), then to the earlier delegate's forwardees.
    ///
    /// On iOS it also follows the app's lifecycle through `UIApplication.didBecomeActiveNotification` (posted with or
    /// without scenes): at each activation, launch ends, a content extension's answers are delivered and what the
    /// service extension could not record while the device was locked is recorded. The app forwards no lifecycle
    /// method (Docs/App.md, "One call, in every lifecycle").
    ///
    /// - Parameters:
    ///   - delivery: The delivery the adapters share (default: the shared delivery of `PushCenter.shared`).
    ///   - notificationCenter: The system notification center.
    /// - Returns: The installed delegate.
    @discardableResult
    public static func install(
        delivery: PushDelivery = .shared(for: .shared), notificationCenter: UNUserNotificationCenter = .current()
    ) -> PushNotificationDelegate {
        install(delivery: delivery, notificationCenter: notificationCenter, followsLifecycle: true)
    }

    /// ``install(delivery:notificationCenter:)``, following the app's lifecycle or not.
    @discardableResult
    static func install(
        delivery: PushDelivery, notificationCenter: UNUserNotificationCenter, followsLifecycle: Bool
    ) -> PushNotificationDelegate {
        let current = notificationCenter.delegate
        let previous = current is PushNotificationDelegate ? installation?.delegate.previous : current
        let delegate = PushNotificationDelegate(
            adapter: UserNotificationAdapter(delivery: delivery), previous: previous,
            settings: notificationSettingsForInstall)
        if let earlier = installation?.delegate { delegate.inheritForwardees(of: earlier) }
        notificationCenter.delegate = delegate
        let appDelegate =
            installation?.delivery === delivery
            ? installation!.appDelegate : AppDelegateAdapter(delivery: delivery, mode: .userNotifications)
        #if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
        installation?.lifecycle?.cancel()
        let lifecycle =
            followsLifecycle
            ? LifecycleObservation(
                delivery: delivery, appDelegate: appDelegate, notificationCenter: .default,
                userNotifications: notificationCenter, inbox: { recoveryInbox.withLock { $0 } }) : nil
        installation = Installation(
            delivery: delivery, notificationCenter: notificationCenter, delegate: delegate, appDelegate: appDelegate,
            lifecycle: lifecycle)
        #else
        installation = Installation(
            delivery: delivery, notificationCenter: notificationCenter, delegate: delegate, appDelegate: appDelegate)
        #endif
        #if !os(tvOS)
        registeredCategories.reconcile(notificationCenter)
        #endif
        delivery.recordDiagnostics { facts in
            facts.isNotificationDelegateInstalled = true
            facts.isDelegateReplaced = false
            if !facts.isLaunchOver { facts.wasDelegateInstalledDuringLaunch = true }
        }
        return delegate
    }

    /// The channel the installed delegate posts "open settings" requests to (iOS: ``notificationSettings``).
    static var notificationSettingsForInstall: NotificationSettingsChannel? {
        #if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
        return notificationSettings
        #else
        return nil
        #endif
    }

    /// Installs with the shared delivery of `center` (`PushDelivery/shared(for:)`); see
    /// ``install(delivery:notificationCenter:)``.
    @discardableResult
    public static func install(
        center: PushCenter, notificationCenter: UNUserNotificationCenter = .current()
    ) -> PushNotificationDelegate {
        install(delivery: .shared(for: center), notificationCenter: notificationCenter)
    }

    /// The center of the installation, or `PushCenter.shared`.
    public static var installedCenter: PushCenter { installation?.center ?? .shared }

    /// The delivery of the installation, or the shared delivery of `PushCenter.shared`.
    public static var installedDelivery: PushDelivery { installation?.delivery ?? .shared(for: .shared) }

    /// The installation's delivery when `center` is `nil` or the installed one, else `center`'s shared one.
    static func delivery(for center: PushCenter?) -> PushDelivery {
        guard let center, center !== installation?.center else { return installedDelivery }
        return .shared(for: center)
    }

    /// The installed delegate, if ``install(delivery:notificationCenter:)`` ran.
    public static var delegate: PushNotificationDelegate? { installation?.delegate }

    /// The app-delegate adapter for the installed center (or `PushCenter.shared`): forward your
    /// `UIApplicationDelegate` notification methods to it.
    public static var appDelegate: AppDelegateAdapter {
        if let installation { return installation.appDelegate }
        let adapter = AppDelegateAdapter(center: .shared, mode: .userNotifications)
        return adapter
    }

    /// Asks for permission to notify, and records the outcome (and whether `.criticalAlert` was asked for) for
    /// ``diagnose(center:notificationCenter:)``.
    ///
    /// - Returns: Whether permission was granted.
    public static func requestAuthorization(
        options: UNAuthorizationOptions = [.alert, .sound, .badge],
        notificationCenter: UNUserNotificationCenter = .current(), center: PushCenter? = nil
    ) async throws -> Bool {
        let delivery = delivery(for: center)
        if options.contains(.criticalAlert) { delivery.recordDiagnostics { $0.isCriticalAlertRequested = true } }
        let granted: Bool = try await withCheckedThrowingContinuation { continuation in
            notificationCenter.requestAuthorization(options: options) { granted, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: granted) }
            }
        }
        delivery.recordDiagnostics { $0.authorization = granted ? .authorized : .denied }
        return granted
    }

    /// Checks the setup and says, in words, what is misconfigured: no notification-center delegate by the end
    /// of launch, PushBus's delegate replaced by someone else, no device token forwarded, no categories
    /// registered, authorization denied. Empty when all is well.
    ///
    /// It also reads the build's `embedded.mobileprovision` (off the main thread) and compares its
    /// `aps-environment` with the entitlements and the environment the app reports
    /// (``recordBuildConfiguration(infoDictionary:entitlements:reportedAPNsEnvironment:requestsCriticalAlerts:serviceExtensionAppGroups:center:)``);
    /// App Store builds have no profile, and nothing is said about it then.
    public static func diagnose(
        center: PushCenter? = nil, notificationCenter: UNUserNotificationCenter? = nil
    ) async -> [DeliveryDiagnostics.Finding] {
        await diagnose(center: center, notificationCenter: notificationCenter, bundleURL: Bundle.main.bundleURL)
    }

    /// As ``diagnose(center:notificationCenter:)``, reading the profile of the bundle at `bundleURL` (tests).
    package static func diagnose(
        center: PushCenter?, notificationCenter: UNUserNotificationCenter?, bundleURL: URL
    ) async -> [DeliveryDiagnostics.Finding] {
        let delivery = delivery(for: center)
        var unreadable: [DeliveryDiagnostics.Finding] = []
        switch await Task.detached(operation: { Result { try ProvisioningProfile.embedded(inBundleAt: bundleURL) } })
            .value
        {
        case .success(nil): break  // an App Store build: production, nothing to compare
        case .success(let read?):
            let info = Bundle.main.infoDictionary ?? [:]
            delivery.recordDiagnostics { facts in
                var configuration = facts.appConfiguration ?? AppConfiguration(infoDictionary: info)
                configuration.provisioningProfile = read
                facts.appConfiguration = configuration
            }
        case .failure(let error):
            unreadable.append(
                DeliveryDiagnostics.Finding(
                    code: "provisioningProfile.unreadable", message: "The embedded provisioning profile: \(error).",
                    fix: "Rebuild and re-sign the app (iOS also refuses to install a damaged profile)."))
        }
        let notificationCenter = notificationCenter ?? installation?.notificationCenter ?? .current()
        if let installed = installation?.delegate, installation?.delivery === delivery {
            let isReplaced = notificationCenter.delegate !== installed
            delivery.recordDiagnostics { $0.isDelegateReplaced = isReplaced }
        }
        let status = await authorizationStatus(of: notificationCenter)
        delivery.recordDiagnostics { $0.authorization = status }
        return delivery.deliveryDiagnostics.findings + unreadable
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
        #if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
        installation?.lifecycle?.cancel()
        #endif
        installation = nil
        recoveryInbox.withLock { $0 = nil }
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
