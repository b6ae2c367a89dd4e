import PushBusApple
import UIKit
import UserNotifications

// Docs/MigrationFromJPush.md: a JPush app that keeps the SDK beside PushBus, its app delegate, JPush's callbacks and
// the badge JPush's server counts from. JPushHeaders.swift stands for what JPush's headers give Swift (through the
// app's bridging header); JPushMigrationGuideTests runs the same code against the same stand-ins.
@main
final class SchoolAppDelegate: UIResponder, UIApplicationDelegate {
    let jpushCallbacks = JPushCallbacks()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // 1. JPush first: registerForRemoteNotificationConfig installs JPush's notification-center delegate (and asks
        //    for permission); setupWithOption may come before or after PushBus, it does not touch the delegate.
        let entity = JPUSHRegisterEntity()
        entity.types = Int(
            JPAuthorizationOptions.alert.rawValue | JPAuthorizationOptions.badge.rawValue
                | JPAuthorizationOptions.sound.rawValue)
        JPUSHService.register(forRemoteNotificationConfig: entity, delegate: jpushCallbacks)
        JPUSHService.setup(
            withOption: launchOptions, appKey: "your JPush app key", channel: "App Store", apsForProduction: true)

        // 2. Then PushBus: it keeps JPush's delegate as the previous one and forwards every callback to it.
        var configuration = PushBusApp.Configuration(appGroup: "group.com.example.school")
        configuration.presentationPolicy = .always([])  // a quiet app: nothing shown in the foreground
        configuration.presentationAnswers = .pushBusOnly  // JPush's willPresent runs, its answer is ignored
        configuration.authorization = .standard  // PushBus asks too: one prompt, and notificationSettings starts
        configuration.keepsInbox = true
        let setup = PushBusApp.start(configuration, launchOptions: launchOptions)
        if let inbox = setup.inbox {
            setup.keep(inbox.syncBadge(with: JPushBadge(icon: UserNotificationBadge())))
        }
        return true
    }
}

/// JPush's callbacks: only JPush's own work; PushBus has already handed the message to the app.
final class JPushCallbacks: NSObject, JPUSHRegisterDelegate {
    func jpushNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (Int) -> Void
    ) {
        JPUSHService.handleRemoteNotification(notification.request.content.userInfo)  // JPush's statistics
        completionHandler(0)  // nothing: PushBus's presentationPolicy decides what is shown
    }

    func jpushNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        JPUSHService.handleRemoteNotification(response.notification.request.content.userInfo)
        completionHandler()  // no PushBusApp.appDelegate call here: PushBus forwarded this tap, it already has it
    }
}

/// The app icon's badge, and JPush's count: JPush's "+1" badges start from the count the app last reported.
struct JPushBadge: BadgeController {
    let icon: any BadgeController

    func apply(_ change: BadgeChange) async throws {
        try await icon.apply(change)
        _ = JPUSHService.setBadge(change.count)  // the server's next "+1" starts from this count
    }
}
