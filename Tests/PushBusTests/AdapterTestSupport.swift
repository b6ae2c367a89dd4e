import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting

/// Yields until `condition` holds, at most `limit` times: a bounded wait for work on other tasks, never a sleep.
///
/// - Returns: whether the condition held.
@discardableResult
func eventually(limit: Int = 100_000, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<limit {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}

/// A center on a manual clock with a delivery and both adapters, and a recorder subscribed to everything.
struct AdapterFixture {
    let clock = ManualClock()
    let center: PushCenter
    let delivery: PushDelivery
    let userNotifications: UserNotificationAdapter
    let appDelegate: AppDelegateAdapter
    let messages = Recorder<PushMessage>()
    let subscription: PushCancellable

    init(mode: AppDelegateAdapter.Mode = .userNotifications, subscribe: Bool = true) {
        center = PushCenter(configuration: .init(clock: clock))
        delivery = PushDelivery(center: center)
        userNotifications = UserNotificationAdapter(delivery: delivery)
        appDelegate = AppDelegateAdapter(delivery: delivery, mode: mode)
        let messages = messages
        subscription = subscribe ? center.subscribe { messages.record($0) } : PushCancellable {}
    }
}

enum Payloads {
    /// A visible alert with a deep link.
    static var alert: [AnyHashable: Any] {
        [
            "aps": ["alert": ["title": "Order shipped", "body": "Your order 42 is on its way"], "sound": "default"],
            "route": "myapp://order/42",
        ]
    }
    /// A visible alert in the "CHAT" category.
    static var chat: [AnyHashable: Any] {
        [
            "aps": ["alert": ["title": "Ann", "body": "Lunch?"], "category": "CHAT"],
            "thread": "ann",
        ]
    }
    /// A silent push.
    static var silent: [AnyHashable: Any] { ["aps": ["content-available": 1], "sync": "inbox"] }
    /// An alert that also wakes the app (`content-available`).
    static var alertWithContent: [AnyHashable: Any] {
        [
            "aps": ["alert": "New mail", "badge": 3, "content-available": 1], "mailbox": "inbox",
        ]
    }

    static func snapshot(
        _ payload: [AnyHashable: Any], id: String = "REQ-1", trigger: TriggerKind = .push
    ) -> NotificationSnapshot {
        NotificationSnapshot(requestIdentifier: id, trigger: trigger, content: PushContent(userInfo: payload))
    }

    static func localSnapshot(trigger: TriggerKind = .timeInterval, category: String? = nil) -> NotificationSnapshot {
        NotificationSnapshot(
            requestIdentifier: "LOCAL-1", trigger: trigger,
            content: PushContent(
                title: "Stand up", body: "You have been sitting for an hour",
                categoryIdentifier: category, userInfo: ["reminder": 7]))
    }

    static let legacyLocal = LegacyLocalNotification(
        alertTitle: "Stand up", alertBody: "You have been sitting for an hour", category: "REMIND",
        userInfo: ["reminder": 7])
}
