// NotificationAuthorizer over UNUserNotificationCenter and UIApplication (and the iOS 8–9 settings path).
#if canImport(UIKit) && os(iOS)
public import UIKit
public import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
internal import Foundation
public import PushBusCategories
@_spi(PushBusInternals) import PushBusCore
public import PushBusAuthorization
public import PushBusDelivery

/// The system side of ``PushBusApp/registerForNotifications(options:categories:notificationCenter:application:)``:
/// `NotificationAuthorizer` over `UNUserNotificationCenter` and `UIApplication`.
///
/// - `requestAuthorization(options:)`: `UNUserNotificationCenter.requestAuthorization`, with only the options this
///   iOS knows (provisional and critical 12+, announcement 13–14, time-sensitive 15+); on the legacy path
///   `registerUserNotificationSettings(_:)`, answered when the app delegate forwards `application(_:didRegister:)`
///   to ``PushBusApp/application(_:didRegister:)``.
/// - `notificationSettings()`: `getNotificationSettings` as a `NotificationSettingsSnapshot` (legacy:
///   `currentUserNotificationSettings`).
/// - `setCategories(_:)`: `setNotificationCategories` (legacy: part of the settings registration), and the
///   delivery's categories, so tapped messages carry their action.
/// - `registerForRemoteNotifications()`: on the main actor, as UIKit requires.
///
/// The center's handlers arrive on a background queue; the completion-handler forms are used and nothing here
/// assumes the main thread except the `UIApplication` calls, which hop to it.
public final class UserNotificationAuthorizer: NotificationAuthorizer {
    /// Which registration API the authorizer drives.
    public struct API: Sendable, Hashable, CustomStringConvertible {
        let isLegacy: Bool

        /// `UNUserNotificationCenter` (iOS 10+).
        public static let userNotifications = API(isLegacy: false)
        /// `registerUserNotificationSettings(_:)` then `application(_:didRegister:)` (iOS 8–9). PushBus's floor
        /// is past it, so only apps that embed the path for older systems (and tests) choose it.
        public static let legacy = API(isLegacy: true)

        /// `"userNotifications"` or `"legacy"`.
        public var description: String { isLegacy ? "legacy" : "userNotifications" }
    }

    private let box: CenterBox
    private let application: UIApplication
    private let delivery: PushDelivery?
    private let features: NotificationSettingsFeatures
    /// The path this authorizer drives.
    public let api: API
    private let legacy = LockedState(LegacyState())

    struct LegacyState {
        /// Waiting for `application(_:didRegister:)`.
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// The types the user allowed (`nil`: never registered).
        var allowedTypes: UInt?
        /// Whether `didRegister` arrived since the last request.
        var isAnswered = false
        var requestedTypes: UInt = 0b111
        var categories: [PushCategory] = []
        var registeredCategoryIdentifiers: [String]?
    }

    /// Creates the authorizer.
    ///
    /// - Parameters:
    ///   - notificationCenter: The system notification center.
    ///   - application: The application (registration runs on the main actor).
    ///   - delivery: The delivery whose categories and diagnostics to update (default: none).
    ///   - api: ``API/userNotifications`` (default) or ``API/legacy``.
    ///   - categories: On the legacy path, the categories registered with the first settings registration.
    @MainActor
    public convenience init(
        notificationCenter: UNUserNotificationCenter = .current(), application: UIApplication = .shared,
        delivery: PushDelivery? = nil, api: API = .userNotifications, categories: CategoryRegistry = .empty
    ) {
        self.init(
            notificationCenter: notificationCenter, application: application, delivery: delivery, api: api,
            categories: categories, features: .current)
    }

    /// As the public initializer, imitating a system with `features` (tests).
    @MainActor
    package init(
        notificationCenter: UNUserNotificationCenter, application: UIApplication, delivery: PushDelivery?,
        api: API, categories: CategoryRegistry, features: NotificationSettingsFeatures
    ) {
        box = CenterBox(center: notificationCenter)
        self.application = application
        self.delivery = delivery
        self.api = api
        self.features = features
        legacy.withLock { $0.categories = categories.categories }
    }

    /// Asks the user (or not, for provisional) with the options this iOS knows, and records the status and
    /// whether `.criticalAlert` was asked for, for `PushBusApp.diagnose`.
    ///
    /// - Throws: The system's error (`UNErrorDomain`), on the modern path only.
    public func requestAuthorization(options: AuthorizationOptions) async throws -> Bool {
        if options.contains(.criticalAlert) {
            // The preflight's "critical notifications, but critical alerts never requested" fact.
            delivery?.recordDiagnostics { $0.isCriticalAlertRequested = true }
        }
        if api.isLegacy { return await requestLegacyAuthorization(options: options) }
        let systemOptions = features.authorizationOptions(options)
        let box = self.box
        let granted: Bool = try await withCheckedThrowingContinuation { continuation in
            box.center.requestAuthorization(options: systemOptions) { granted, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: granted) }
            }
        }
        let status = await notificationSettings().status
        let authorization = DeliveryDiagnostics.Authorization(rawValue: status.rawValue) ?? .authorized
        delivery?.recordDiagnostics { $0.authorization = authorization }
        return granted
    }

    /// The settings now, as a snapshot ("unavailable" for what this iOS lacks).
    public func notificationSettings() async -> NotificationSettingsSnapshot {
        if api.isLegacy { return legacySnapshot() }
        let box = self.box
        let features = self.features
        return await withCheckedContinuation { continuation in
            box.center.getNotificationSettings { settings in
                continuation.resume(returning: NotificationSettingsSnapshot(settings, features: features))
            }
        }
    }

    /// Registers `categories` with the system and with the delivery: added to what other SDKs registered, replacing
    /// only PushBus's own earlier categories (Docs/Coexistence.md).
    public func setCategories(_ registry: CategoryRegistry) async {
        if let delivery {
            delivery.categories = registry
            delivery.recordDiagnostics { $0.areCategoriesRegistered = true }
        }
        if api.isLegacy {
            await registerLegacyCategories(registry.categories)
            return
        }
        PushBusApp.registeredCategories.register(
            registry.makeNotificationCategories(), owner: CategoryOwnership.pushBus, on: box.center)
    }

    /// Calls `UIApplication.registerForRemoteNotifications()` on the main actor; the token arrives at the app
    /// delegate, which forwards it to `PushBusApp.appDelegate`.
    public func registerForRemoteNotifications() async {
        let application = self.application
        await MainActor.run { application.registerForRemoteNotifications() }
    }

    // MARK: Legacy path (iOS 8–9)

    /// A Boolean value indicating whether a legacy request waits for `application(_:didRegister:)` (tests).
    package var isWaitingForLegacyRegistration: Bool { legacy.withLock { !$0.waiting.isEmpty } }

    /// Called by ``PushBusApp/application(_:didRegister:)`` with the types the user allowed (bits of
    /// `UIUserNotificationType`: badge 1, sound 2, alert 4).
    package func didRegisterLegacySettings(allowedTypes: UInt) {
        let waiting = legacy.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.allowedTypes = allowedTypes
            state.isAnswered = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    private func requestLegacyAuthorization(options: AuthorizationOptions) async -> Bool {
        let types = UInt(options.intersection(.standard).rawValue)
        let categories = legacy.withLock { state -> [PushCategory] in
            state.requestedTypes = types
            state.isAnswered = false
            state.registeredCategoryIdentifiers = state.categories.map(\.identifier)
            return state.categories
        }
        let application = self.application
        await MainActor.run {
            (application as any LegacySettingsRegistering).registerLegacySettings(types: types, categories: categories)
        }
        // UIKit answers with application(_:didRegister:), forwarded to didRegisterLegacySettings(allowedTypes:).
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isAnswered = legacy.withLock { state -> Bool in
                if state.isAnswered { return true }
                state.waiting.append(continuation)
                return false
            }
            if isAnswered { continuation.resume() }
        }
        let allowed = legacy.withLock { $0.allowedTypes ?? 0 }
        delivery?.recordDiagnostics { $0.authorization = allowed == 0 ? .denied : .authorized }
        return allowed != 0
    }

    private func registerLegacyCategories(_ categories: [PushCategory]) async {
        let types = legacy.withLock { state -> UInt? in
            state.categories = categories
            guard state.registeredCategoryIdentifiers != categories.map(\.identifier) else { return nil }
            state.registeredCategoryIdentifiers = categories.map(\.identifier)
            return state.requestedTypes
        }
        guard let types else { return }  // registered with the authorization request already
        let application = self.application
        await MainActor.run {
            (application as any LegacySettingsRegistering).registerLegacySettings(types: types, categories: categories)
        }
    }

    private func legacySnapshot() -> NotificationSettingsSnapshot {
        guard let allowed = legacy.withLock({ $0.allowedTypes }) else {
            return NotificationSettingsSnapshot(status: .notDetermined)
        }
        func setting(_ option: AuthorizationOptions) -> NotificationSettingsSnapshot.Setting {
            allowed & UInt(option.rawValue) != 0 ? .enabled : .disabled
        }
        return NotificationSettingsSnapshot(
            status: allowed == 0 ? .denied : .authorized, alert: setting(.alert), sound: setting(.sound),
            badge: setting(.badge), alertStyle: setting(.alert) == .enabled ? .banner : .none)
    }
}

/// The iOS 8–10 settings registration without naming its deprecated types outside a deprecated context.
@MainActor
protocol LegacySettingsRegistering: AnyObject {
    func registerLegacySettings(types: UInt, categories: [PushCategory])
}

extension UIApplication: LegacySettingsRegistering {
    @available(*, deprecated, message: "iOS 8–10 API: registerUserNotificationSettings")
    func registerLegacySettings(types: UInt, categories: [PushCategory]) {
        let legacyCategories = Set(categories.map { $0.makeUserNotificationCategory() })
        registerUserNotificationSettings(
            UIUserNotificationSettings(types: UIUserNotificationType(rawValue: types), categories: legacyCategories))
    }
}
#endif
