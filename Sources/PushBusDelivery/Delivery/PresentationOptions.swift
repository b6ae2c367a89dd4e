public import PushBusCore

/// How a notification that arrives in the foreground is shown: the neutral
/// `UNNotificationPresentationOptions`, with Apple's raw values so the glue converts by raw value.
public struct PresentationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Apply the notification's badge.
    public static let badge = PresentationOptions(rawValue: 1 << 0)
    /// Play the notification's sound.
    public static let sound = PresentationOptions(rawValue: 1 << 1)
    /// Show the alert (iOS 10–13; deprecated since iOS 14 in favour of ``banner`` and ``list``).
    public static let alert = PresentationOptions(rawValue: 1 << 2)
    /// Show it in Notification Center (iOS 14+).
    public static let list = PresentationOptions(rawValue: 1 << 3)
    /// Show it as a banner (iOS 14+).
    public static let banner = PresentationOptions(rawValue: 1 << 4)

    /// Everything a person would see or hear: banner, list, sound and badge (the default policy's answer).
    public static let all: PresentationOptions = [.banner, .list, .sound, .badge]
}

/// Decides, per message, what `willPresent` answers: O2SPushKit's `setupForegroundNotificationOptions`,
/// made per message.
///
/// ```swift
/// delivery.presentationPolicy = .custom { message in
///     message.content.categoryIdentifier == "CHAT" ? [.sound] : .all
/// }
/// ```
public struct PresentationPolicy: Sendable {
    let decide: @Sendable (PushMessage) -> PresentationOptions

    /// A policy computed by `decide` for each foreground message. It runs on the callback's thread; keep it fast.
    public static func custom(_ decide: @escaping @Sendable (PushMessage) -> PresentationOptions) -> PresentationPolicy
    {
        PresentationPolicy(decide: decide)
    }

    /// The same options for every message that has something to show; silent messages get `[]`.
    public static func always(_ options: PresentationOptions) -> PresentationPolicy {
        PresentationPolicy { message in message.content.isUserVisible ? options : [] }
    }

    /// Banner, list, sound and badge for messages with something to show; `[]` for silent ones.
    public static let `default` = PresentationPolicy.always(.all)

    /// Never show a notification while the app is in the foreground (iOS < 10 behaviour).
    package static let hidden = PresentationPolicy { _ in [] }

    /// The options for `message`.
    public func options(for message: PushMessage) -> PresentationOptions { decide(message) }
}
