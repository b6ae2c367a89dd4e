public import Foundation

/// What kind of trigger delivered a notification: the class of `UNNotificationRequest.trigger`.
public enum TriggerKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// `UNPushNotificationTrigger`: a remote notification from APNs.
    case push
    /// `UNTimeIntervalNotificationTrigger`: a local notification after a delay.
    case timeInterval
    /// `UNCalendarNotificationTrigger`: a local notification at a date.
    case calendar
    /// `UNLocationNotificationTrigger`: a local notification on entering or leaving a region.
    case location

    /// A Boolean value indicating whether the notification came from a push provider (not a local request).
    public var isRemote: Bool { self == .push }
}

/// What a `UNNotification` carries, in neutral types: the request identifier, the delivery date, the
/// trigger's kind and the content.
///
/// The Apple glue builds one from a `UNNotification`; tests and the simulator build them directly:
///
/// ```swift
/// let snapshot = NotificationSnapshot(requestIdentifier: "A1", content: PushContent(userInfo: payload))
/// ```
public struct NotificationSnapshot: Sendable, Hashable {
    /// `UNNotificationRequest.identifier`.
    public var requestIdentifier: String
    /// `UNNotification.date`: when it was delivered.
    public var date: Date
    /// The kind of trigger: `.push` for remote notifications, otherwise a local one.
    public var trigger: TriggerKind
    /// The content; for remote notifications parsed from the whole payload (`userInfo`).
    public var content: PushContent

    /// Creates a snapshot; `date` defaults to now and `trigger` to a push.
    public init(requestIdentifier: String, date: Date = Date(), trigger: TriggerKind = .push, content: PushContent) {
        self.requestIdentifier = requestIdentifier
        self.date = date
        self.trigger = trigger
        self.content = content
    }
}

/// What a `UNNotificationResponse` carries: the notification, the chosen action and any typed text.
///
/// ```swift
/// let reply = ResponseSnapshot(notification: snapshot, actionIdentifier: "REPLY", userText: "On my way")
/// ```
public struct ResponseSnapshot: Sendable, Hashable {
    /// The notification the user responded to.
    public var notification: NotificationSnapshot
    /// `UNNotificationResponse.actionIdentifier`: Apple's default or dismiss identifier, or a custom action's.
    public var actionIdentifier: String
    /// `UNTextInputNotificationResponse.userText`; `nil` for responses without text input.
    public var userText: String?

    /// Creates a response to `notification`; `userText` is `nil` for an action without a text field.
    public init(notification: NotificationSnapshot, actionIdentifier: String, userText: String? = nil) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        self.userText = userText
    }

    /// The response as the message model reads it (`.open`, `.dismiss` or `.custom(id)`, with the text).
    public var response: PushResponse {
        PushResponse(action: PushResponse.Action(identifier: actionIdentifier), userText: userText)
    }
}
