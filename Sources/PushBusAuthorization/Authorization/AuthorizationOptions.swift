/// What the app asks the user to allow (`UNAuthorizationOptions`; on iOS < 10 `UIUserNotificationType`).
public struct AuthorizationOptions: OptionSet, Sendable, Hashable, Codable {
    /// The bits, numbered as `UNAuthorizationOptions`.
    public let rawValue: Int

    /// Creates options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Badges on the app icon.
    public static let badge = AuthorizationOptions(rawValue: 1 << 0)
    /// Sounds.
    public static let sound = AuthorizationOptions(rawValue: 1 << 1)
    /// Alerts (banners, Notification Center, lock screen).
    public static let alert = AuthorizationOptions(rawValue: 1 << 2)
    /// Notifications in CarPlay.
    public static let carPlay = AuthorizationOptions(rawValue: 1 << 3)
    /// Critical alerts (iOS 12+): needs Apple's entitlement, or the system ignores the option.
    public static let criticalAlert = AuthorizationOptions(rawValue: 1 << 4)
    /// The app has its own notification settings screen (iOS 12+): Settings links to it.
    public static let providesAppNotificationSettings = AuthorizationOptions(rawValue: 1 << 5)
    /// Quiet delivery without a prompt (iOS 12+); escalate later with
    /// ``NotificationAuthorizationFlow/escalate(options:)``.
    public static let provisional = AuthorizationOptions(rawValue: 1 << 6)
    /// Siri may announce the app's notifications (`.announcement`, iOS 13–15: deprecated in 15, where the user
    /// decides in Settings). The Apple glue asks for it only where the OS has it.
    public static let announcement = AuthorizationOptions(rawValue: 1 << 7)
    /// Time-sensitive delivery (`.timeSensitive`, introduced and deprecated in iOS 15: the capability decides).
    /// The Apple glue asks for it only where the OS has it.
    public static let timeSensitive = AuthorizationOptions(rawValue: 1 << 8)

    /// Alert, sound and badge: what most apps ask for.
    public static let standard: AuthorizationOptions = [.alert, .sound, .badge]
}
