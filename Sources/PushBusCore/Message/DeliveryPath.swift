/// The callback a message came through. Extensible: compare with the static members.
public struct DeliveryPath: RawRepresentable, Sendable, Hashable, CustomStringConvertible, Codable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// Posted directly by app code (or a test), not by an adapter.
    public static let direct = DeliveryPath(rawValue: "direct")
    /// `userNotificationCenter(_:willPresent:withCompletionHandler:)`.
    public static let willPresent = DeliveryPath(rawValue: "willPresent")
    /// `userNotificationCenter(_:didReceive:withCompletionHandler:)`.
    public static let didReceiveResponse = DeliveryPath(rawValue: "didReceiveResponse")
    /// `application(_:didReceiveRemoteNotification:)` (iOS 3–10).
    public static let remoteNotification = DeliveryPath(rawValue: "remoteNotification")
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    public static let fetchCompletion = DeliveryPath(rawValue: "fetchCompletion")
    /// `application(_:didReceive:)` with a `UILocalNotification` (iOS 4–10).
    public static let localNotification = DeliveryPath(rawValue: "localNotification")
    /// `application(_:handleActionWithIdentifier:…)` (iOS 8–10).
    public static let handleAction = DeliveryPath(rawValue: "handleAction")
    /// `application(_:didFinishLaunchingWithOptions:)` launch options.
    public static let launchOptions = DeliveryPath(rawValue: "launchOptions")
    /// `UIScene.ConnectionOptions.notificationResponse`.
    public static let sceneConnection = DeliveryPath(rawValue: "sceneConnection")
    /// Forwarded by a third-party push SDK.
    public static let forwarded = DeliveryPath(rawValue: "forwarded")
    /// Read from Notification Center's delivered notifications by `PushDelivery.recordDelivered(_:inbox:)`:
    /// shown while nothing could record it (a device locked since boot).
    public static let notificationCenter = DeliveryPath(rawValue: "notificationCenter")
}
