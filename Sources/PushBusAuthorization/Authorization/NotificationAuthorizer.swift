public import PushBusCategories

/// The system calls behind ``NotificationAuthorizationFlow``: `UNUserNotificationCenter` and `UIApplication` in
/// PushBusApple (the legacy `registerUserNotificationSettings` path on iOS < 10), a simulated device in tests.
///
/// Implementations do what the platform requires of each call (the Apple one registers for remote
/// notifications on the main thread); the flow only orders them and reports their outcomes.
public protocol NotificationAuthorizer: Sendable {
    /// Asks the user (or not, for provisional) and answers whether the options were granted.
    ///
    /// - Throws: The system's error (for example an unsupported option).
    func requestAuthorization(options: AuthorizationOptions) async throws -> Bool

    /// Reads the current settings.
    func notificationSettings() async -> NotificationSettingsSnapshot

    /// Registers the app's categories with the system (replacing the previous set).
    func setCategories(_ categories: CategoryRegistry) async

    /// Asks APNs for a device token; the token or the failure arrives later as a
    /// `RegistrationEvent` through the center, as always.
    func registerForRemoteNotifications() async
}
