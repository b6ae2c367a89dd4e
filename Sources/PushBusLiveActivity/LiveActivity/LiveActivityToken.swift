import PushBusCore

/// An ActivityKit push token: a push-to-start token (`Activity<A>.pushToStartToken`, iOS 17.2+) or a Live
/// Activity's update token (`activity.pushToken`). The same value as a device token: the bytes, `hexString` in
/// lowercase, encoded (`Codable`) as that hexadecimal.
public typealias LiveActivityToken = DeviceToken
