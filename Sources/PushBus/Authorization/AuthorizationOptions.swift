/// What the app asks the user to allow (`UNAuthorizationOptions`; on iOS < 10 `UIUserNotificationType`).
public struct AuthorizationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let badge = AuthorizationOptions(rawValue: 1 << 0)
    public static let sound = AuthorizationOptions(rawValue: 1 << 1)
    public static let alert = AuthorizationOptions(rawValue: 1 << 2)
    public static let carPlay = AuthorizationOptions(rawValue: 1 << 3)
    /// Critical alerts (iOS 12+): needs Apple's entitlement, or the system ignores the option.
    public static let criticalAlert = AuthorizationOptions(rawValue: 1 << 4)
    /// The app has its own notification settings screen (iOS 12+): Settings links to it.
    public static let providesAppNotificationSettings = AuthorizationOptions(rawValue: 1 << 5)
    /// Quiet delivery without a prompt (iOS 12+); escalate later with
    /// ``NotificationAuthorizationFlow/escalate(options:)``.
    public static let provisional = AuthorizationOptions(rawValue: 1 << 6)

    /// Alert, sound and badge: what most apps ask for.
    public static let standard: AuthorizationOptions = [.alert, .sound, .badge]
}
