import Foundation
import UserNotifications

// What JPush's headers (JPUSHService.h) give Swift, abridged to what the guide calls, with the names Swift imports
// them under: a stand-in so that this variant type-checks without JPush's framework. In an app, delete this file and
// import JPUSHService.h in the bridging header instead.

enum JPUSHService {
    static func setup(
        withOption launchingOption: [AnyHashable: Any]?, appKey: String, channel: String?, apsForProduction: Bool
    ) {}
    static func register(forRemoteNotificationConfig config: JPUSHRegisterEntity, delegate: JPUSHRegisterDelegate?) {}
    static func handleRemoteNotification(_ remoteInfo: [AnyHashable: Any]) {}
    static func setBadge(_ value: Int) -> Bool { true }
}

struct JPAuthorizationOptions: OptionSet {
    let rawValue: UInt
    static let badge = JPAuthorizationOptions(rawValue: 1 << 0)
    static let sound = JPAuthorizationOptions(rawValue: 1 << 1)
    static let alert = JPAuthorizationOptions(rawValue: 1 << 2)
}

final class JPUSHRegisterEntity: NSObject {
    var types = 0
}

protocol JPUSHRegisterDelegate: AnyObject {
    func jpushNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (Int) -> Void)
    func jpushNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void)
}
