// UNNotification → NotificationSnapshot for the content extension, extension-safely. The same reading as
// PushBusApple's `NotificationSnapshot(_:)` (remote content from the payload, local content field by field), kept
// internal here: this module does not depend on PushBusApple, and an app importing both must not see two
// initializers with one signature.
#if canImport(UserNotifications)
import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if (canImport(UserNotifications) || PUSHBUS_APPLE_STUBS) && !os(tvOS) && !os(watchOS)
import Foundation
import PushBusCore

enum ContentExtensionSnapshots {
    /// What `notification` carries, in neutral types.
    static func snapshot(of notification: UNNotification) -> NotificationSnapshot {
        let request = notification.request
        let trigger = triggerKind(request.trigger)
        let content =
            trigger.isRemote ? PushContent(userInfo: request.content.userInfo) : localContent(request.content)
        return NotificationSnapshot(
            requestIdentifier: request.identifier, date: notification.date, trigger: trigger, content: content)
    }

    static func triggerKind(_ trigger: UNNotificationTrigger?) -> TriggerKind {
        switch trigger {
        case is UNPushNotificationTrigger: return .push
        case is UNCalendarNotificationTrigger: return .calendar
        // Location triggers exist on iOS and watchOS only: not macOS, Mac Catalyst, tvOS or visionOS.
        #if (os(iOS) && !targetEnvironment(macCatalyst)) || PUSHBUS_APPLE_STUBS
        case is UNLocationNotificationTrigger: return .location
        #endif
        default: return .timeInterval
        }
    }

    /// A local notification's content, field by field.
    static func localContent(_ content: UNNotificationContent) -> PushContent {
        var userInfo: [String: PushValue] = [:]
        if case .object(let members) = PushValue(any: content.userInfo) { userInfo = members }
        var interruptionLevel: InterruptionLevel?
        var relevanceScore: Double?
        if #available(iOS 15.0, macOS 12.0, *) {
            switch content.interruptionLevel {
            case .passive: interruptionLevel = .passive
            case .timeSensitive: interruptionLevel = .timeSensitive
            case .critical: interruptionLevel = .critical
            default: interruptionLevel = nil  // .active is the default: left unset, as a payload without the key
            }
            relevanceScore = content.relevanceScore == 0 ? nil : content.relevanceScore
        }
        func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
        return PushContent(
            title: nonEmpty(content.title), subtitle: nonEmpty(content.subtitle), body: nonEmpty(content.body),
            badge: content.badge?.intValue, sound: content.sound == nil ? nil : .default,
            categoryIdentifier: nonEmpty(content.categoryIdentifier),
            threadIdentifier: nonEmpty(content.threadIdentifier),
            targetContentIdentifier: content.targetContentIdentifier, interruptionLevel: interruptionLevel,
            relevanceScore: relevanceScore, userInfo: userInfo)
    }

    /// What a response carries (the typed text of a text-input response included).
    static func snapshot(of response: UNNotificationResponse) -> ResponseSnapshot {
        ResponseSnapshot(
            notification: snapshot(of: response.notification), actionIdentifier: response.actionIdentifier,
            userText: (response as? UNTextInputNotificationResponse)?.userText)
    }
}
#endif
