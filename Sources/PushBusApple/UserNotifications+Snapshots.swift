// Conversions from UserNotifications types to the neutral snapshots the adapters take.
#if canImport(UserNotifications)
public import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if canImport(UserNotifications) || PUSHBUS_APPLE_STUBS
internal import Foundation
public import PushBusCore
public import PushBusDelivery

extension TriggerKind {
    /// The kind of `trigger`, by its class. A `nil` trigger (a local request delivered at once) reads as
    /// `.timeInterval`, the closest local kind.
    public init(_ trigger: UNNotificationTrigger?) {
        switch trigger {
        case is UNPushNotificationTrigger: self = .push
        case is UNCalendarNotificationTrigger: self = .calendar
        // Location triggers exist on iOS and watchOS only: not macOS, Mac Catalyst, tvOS or visionOS.
        #if (os(iOS) && !targetEnvironment(macCatalyst)) || os(watchOS) || PUSHBUS_APPLE_STUBS
        case is UNLocationNotificationTrigger: self = .location
        #endif
        default: self = .timeInterval
        }
    }
}

extension PushContent {
    /// Reads a local notification's content field by field (remote content is read from `userInfo`, the payload).
    ///
    /// On tvOS a notification's content has only a badge (the text fields, `userInfo` and the sound are
    /// `API_UNAVAILABLE(tvos)`), so only the badge is read there.
    public init(localContent content: UNNotificationContent) {
        #if os(tvOS)
        self.init(badge: content.badge?.intValue)
        #else
        var userInfo: [String: PushValue] = [:]
        if case .object(let members) = PushValue(any: content.userInfo) { userInfo = members }
        var interruptionLevel: InterruptionLevel?
        var relevanceScore: Double?
        if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {
            interruptionLevel = InterruptionLevel(content.interruptionLevel)
            relevanceScore = content.relevanceScore == 0 ? nil : content.relevanceScore
        }
        let sound: PushSound? = content.sound == nil ? nil : .default
        self.init(
            title: content.title.nonEmpty, subtitle: content.subtitle.nonEmpty, body: content.body.nonEmpty,
            badge: content.badge?.intValue, sound: sound,
            categoryIdentifier: content.categoryIdentifier.nonEmpty,
            threadIdentifier: content.threadIdentifier.nonEmpty,
            targetContentIdentifier: content.targetContentIdentifier, interruptionLevel: interruptionLevel,
            relevanceScore: relevanceScore, userInfo: userInfo)
        #endif
    }
}

extension InterruptionLevel {
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    init?(_ level: UNNotificationInterruptionLevel) {
        switch level {
        case .passive: self = .passive
        case .active: return nil  // the default: leave unset, as a payload without the key would
        case .timeSensitive: self = .timeSensitive
        case .critical: self = .critical
        @unknown default: return nil
        }
    }
}

extension NotificationSnapshot {
    /// The snapshot of a delivered notification: remote content is parsed from the payload (`userInfo`), local
    /// content field by field.
    public init(_ notification: UNNotification) {
        let request = notification.request
        let trigger = TriggerKind(request.trigger)
        #if os(tvOS)
        let content = PushContent(localContent: request.content)  // no userInfo on tvOS: the badge only
        #else
        let content =
            trigger.isRemote
            ? PushContent(userInfo: request.content.userInfo) : PushContent(localContent: request.content)
        #endif
        self.init(requestIdentifier: request.identifier, date: notification.date, trigger: trigger, content: content)
    }
}

#if !os(tvOS)  // no responses on tvOS
extension ResponseSnapshot {
    /// The snapshot of a response; the typed text of a `UNTextInputNotificationResponse` is carried.
    public init(_ response: UNNotificationResponse) {
        self.init(
            notification: NotificationSnapshot(response.notification), actionIdentifier: response.actionIdentifier,
            userText: (response as? UNTextInputNotificationResponse)?.userText)
    }
}
#endif

extension UNNotificationPresentationOptions {
    /// The options `willPresent` answers; before iOS 14, `.banner`/`.list` become `.alert`.
    public init(_ options: PresentationOptions) {
        self.init(rawValue: options.rawValue)
        if #available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *) {
        } else if !options.isDisjoint(with: [.banner, .list]) {
            self.insert(UNNotificationPresentationOptions(rawValue: PresentationOptions.alert.rawValue))
        }
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
#endif
