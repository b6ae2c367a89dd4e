/// A key of the launch options `application(_:didFinishLaunchingWithOptions:)` receives: the neutral
/// `UIApplication.LaunchOptionsKey`, with the same raw values.
public struct LaunchOptionKey: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The app was launched by a tap on a remote notification; the value is the payload dictionary.
    public static let remoteNotification = LaunchOptionKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
    /// The app was launched by a tap on a local notification (iOS 4–10); the value is a
    /// ``LegacyLocalNotification`` (the glue converts `UILocalNotification`).
    public static let localNotification = LaunchOptionKey(rawValue: "UIApplicationLaunchOptionsLocalNotificationKey")

    public var description: String { rawValue }
}
