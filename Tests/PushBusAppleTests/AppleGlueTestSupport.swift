import Foundation
import PushBus
import PushBusTestSupport

#if canImport(UserNotifications)
import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif

#if PUSHBUS_APPLE_STUBS
/// Builders for stub notifications (Apple's initializers are unavailable, so these tests run against the stubs).
enum StubNotifications {
    static func remote(_ payload: [AnyHashable: Any], identifier: String = "REQ-1") -> UNNotification {
        let content = UNMutableNotificationContent()
        content.userInfo = payload
        if let aps = payload["aps"] as? [String: Any], let alert = aps["alert"] as? [String: Any] {
            content.title = alert["title"] as? String ?? ""
            content.body = alert["body"] as? String ?? ""
        }
        let request = UNNotificationRequest(
            identifier: identifier, content: content, trigger: UNPushNotificationTrigger(stubbedRepeats: false))
        return UNNotification(stubbedDate: Date(timeIntervalSince1970: 1_767_225_600), request: request)
    }

    static func local(trigger: UNNotificationTrigger?, category: String = "REMIND") -> UNNotification {
        let content = UNMutableNotificationContent()
        content.title = "Stand up"
        content.body = "You have been sitting for an hour"
        content.badge = 2
        content.sound = .default
        content.categoryIdentifier = category
        content.userInfo = ["reminder": 7]
        let request = UNNotificationRequest(identifier: "LOCAL-1", content: content, trigger: trigger)
        return UNNotification(stubbedDate: Date(timeIntervalSince1970: 1_767_225_600), request: request)
    }

    static var chatPayload: [AnyHashable: Any] {
        ["aps": ["alert": ["title": "Ann", "body": "Lunch?"], "category": "CHAT"], "gcm.message_id": "0:1700%abc"]
    }
}

/// A delegate installed before PushBus (the app's own, or another SDK's).
final class PreviousDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    let presented = Recorder<String>()
    let responses = Recorder<String>()
    let settingsRequests = Recorder<Bool>()
    /// Whether this delegate calls the completion handlers itself, synchronously.
    let callsCompletion: Bool

    init(callsCompletion: Bool) { self.callsCompletion = callsCompletion }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        presented.record(notification.request.identifier)
        if callsCompletion { completionHandler([.sound]) }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        responses.record(response.actionIdentifier)
        if callsCompletion {
            completionHandler()
            completionHandler()  // a buggy SDK calling twice must not reach the system twice
        }
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
        settingsRequests.record(notification == nil)
    }
}
#endif
