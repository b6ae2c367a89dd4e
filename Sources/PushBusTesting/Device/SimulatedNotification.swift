public import Foundation
public import PushBusCore
public import PushBusDelivery
import PushBusLocalNotifications

/// A notification iOS delivered on the simulated device: what sits in Notification Center, ready to be
/// tapped (``SimulatedDevice/tap(_:action:text:)``) or dismissed.
public struct SimulatedNotification: Sendable, Hashable {
    /// The request identifier (`UNNotificationRequest.identifier`): given to
    /// `SimulatedDevice.deliver(remote:identifier:)` or generated (`push-1`, `push-2`, …) for remote
    /// notifications, the `LocalNotificationRequest.identifier` for local ones.
    public var identifier: String
    /// When it was delivered.
    public var date: Date
    /// The trigger's kind: `.push` for remote notifications.
    public var trigger: TriggerKind
    /// The content, parsed as the adapters parse it.
    public var content: PushContent
    /// The whole payload (`userInfo`): the APNs payload for remote notifications, the content written back
    /// as a payload for local ones.
    public var payload: PushValue

    /// A Boolean value indicating whether it came from a push provider.
    public var isRemote: Bool { trigger.isRemote }

    /// The identity PushBus gives this notification's messages (`PushMessage.id`).
    public var messageID: PushMessage.ID {
        PushMessage(kind: isRemote ? .remote : .local, content: content, date: date).id
    }

    /// The snapshot the `UNUserNotificationCenterDelegate` callbacks carry.
    public var snapshot: NotificationSnapshot {
        NotificationSnapshot(requestIdentifier: identifier, date: date, trigger: trigger, content: content)
    }

    /// The payload as `userInfo` holds it (`[AnyHashable: Any]`).
    public var userInfo: [AnyHashable: Any] {
        guard let object = payload.foundationValue as? [String: Any] else { return [:] }
        var result: [AnyHashable: Any] = [:]
        for (key, value) in object { result[AnyHashable(key)] = value }
        return result
    }

    /// The `UILocalNotification` an iOS 9 app receives for a local notification.
    public var legacyLocalNotification: LegacyLocalNotification {
        let sound: String? = content.sound.map { sound in
            if case .named(let name) = sound { return name }
            return LegacyLocalNotification.defaultSoundName
        }
        return LegacyLocalNotification(
            alertTitle: content.title, alertBody: content.body, soundName: sound,
            applicationIconBadgeNumber: content.badge ?? 0, category: content.categoryIdentifier, fireDate: date,
            userInfo: content.customData)
    }

    init(remote payload: PushValue, identifier: String, date: Date) {
        self.identifier = identifier
        self.date = date
        self.trigger = .push
        self.payload = payload
        var userInfo: [AnyHashable: Any] = [:]
        if case .object(let members) = payload {
            for (key, value) in members { userInfo[AnyHashable(key)] = value.foundationValue }
        }
        self.content = PushContent(userInfo: userInfo)
    }

    init(local delivered: DeliveredNotification) {
        identifier = delivered.identifier
        date = delivered.date
        content = delivered.request.content
        payload = delivered.request.content.makePayload()
        switch delivered.request.trigger {
        case .calendar?: trigger = .calendar
        case .location?: trigger = .location
        case .timeInterval?, nil: trigger = .timeInterval
        }
    }
}
