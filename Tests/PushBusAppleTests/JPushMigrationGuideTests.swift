#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import PushBusTestSupport
import Testing

// Docs/MigrationFromJPush.md (and Docs/zh-CN/MigrationFromJPush.md), compiled: a JPush app that keeps the SDK
// beside PushBus. JPush's Objective-C API is the stand-in below, with the names Swift imports from JPUSHService.h
// (abridged to what the guide calls); on a device the app imports JPush's framework instead.

/// Stand-in for `JPUSHService` (JPUSHService.h); records what the app told it.
enum JPUSHService {
    static let badges = Recorder<Int>()
    static let handled = Recorder<String>()

    static func setup(
        withOption launchingOption: [AnyHashable: Any]?, appKey: String, channel: String?, apsForProduction: Bool
    ) {}
    static func register(forRemoteNotificationConfig config: JPUSHRegisterEntity, delegate: JPUSHRegisterDelegate?) {}
    static func registerDeviceToken(_ deviceToken: Data) {}
    static func handleRemoteNotification(_ remoteInfo: [AnyHashable: Any]) {
        handled.record("\(remoteInfo["_j_msgid"] ?? "")")
    }
    static func setBadge(_ value: Int) -> Bool {
        badges.record(value)
        return true
    }
}

/// Stand-in for `JPAuthorizationOptions`.
struct JPAuthorizationOptions: OptionSet {
    let rawValue: UInt
    static let badge = JPAuthorizationOptions(rawValue: 1 << 0)
    static let sound = JPAuthorizationOptions(rawValue: 1 << 1)
    static let alert = JPAuthorizationOptions(rawValue: 1 << 2)
}

/// Stand-in for `JPUSHRegisterEntity`.
final class JPUSHRegisterEntity: NSObject {
    var types = 0
}

/// Stand-in for `JPUSHRegisterDelegate` (the two methods the guide keeps).
protocol JPUSHRegisterDelegate: AnyObject {
    func jpushNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (Int) -> Void)
    func jpushNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void)
}

/// Stand-in for the notification-center delegate JPush installs: it hands every callback to the app's
/// `JPUSHRegisterDelegate`, as JPush's own does.
final class JPushSDKDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
    // Safe: `callbacks` is set once, before the delegate is installed.
    let callbacks: JPUSHRegisterDelegate
    init(_ callbacks: JPUSHRegisterDelegate) { self.callbacks = callbacks }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        callbacks.jpushNotificationCenter(center, willPresent: notification) {
            completionHandler(UNNotificationPresentationOptions(rawValue: UInt($0)))
        }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        callbacks.jpushNotificationCenter(center, didReceive: response, withCompletionHandler: completionHandler)
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {}
}

// BEGIN the guide's code
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
// END the guide's code

/// The JPush guide's code does what the guide says: the tap reaches the app once, the answer is PushBus's, and
/// JPush hears the unread count.
@Suite(.timeLimit(.minutes(2))) struct JPushMigrationGuideTests {
    let center = PushCenter()
    let messages = Recorder<PushMessage>()
    let subscription: PushCancellable
    let delegate: PushNotificationDelegate
    /// JPush's own delegate, kept alive as the app's JPush SDK keeps it (PushBus holds it weakly).
    let jpushSDK: JPushSDKDelegate

    init() {
        let messages = messages
        subscription = center.subscribe { messages.record($0) }
        PushDelivery.shared(for: center).presentationPolicy = .always([])
        // JPush's delegate was installed first: PushBus keeps it as the previous one.
        jpushSDK = JPushSDKDelegate(callbacks)
        delegate = PushNotificationDelegate(adapter: UserNotificationAdapter(center: center), previous: jpushSDK) {
            .inactive
        }
    }

    let callbacks = JPushCallbacks()
    let push = StubNotifications.remote(["aps": ["alert": "Sports day moves to Friday"], "_j_msgid": 3017])

    @Test func theKeptCallbacksAnswerNothingSoTheQuietPolicyHolds() {
        let presented = Recorder<UInt>()

        delegate.userNotificationCenter(UNUserNotificationCenter(stubbed: ()), willPresent: push) {
            presented.record($0.rawValue)
        }

        #expect(presented.values == [0])
        #expect(JPUSHService.handled.values.contains("3017"))  // JPush's statistics still ran
    }

    @Test func aTapReachesTheAppOnceThroughPushBusAlone() {
        let done = Recorder<Bool>()

        delegate.userNotificationCenter(
            UNUserNotificationCenter(stubbed: ()),
            didReceive: UNNotificationResponse(
                stubbedNotification: push, actionIdentifier: UNNotificationDefaultActionIdentifier)
        ) { done.record(true) }

        #expect(messages.values.map(\.kind) == [.remoteTapped])
        #expect(done.count == 1)
        #expect(messages.values.first?.provider?.messageID == "3017")
    }

    /// The icon's badge, recording each change.
    struct IconBadge: BadgeController {
        let changes = Recorder<BadgeChange>()
        func apply(_ change: BadgeChange) async throws { changes.record(change) }
    }

    @Test func theBadgeTellsJPushTheUnreadCount() async throws {
        let icon = IconBadge()

        try await JPushBadge(icon: icon).setBadge(4)
        try await JPushBadge(icon: icon).clearBadge()

        #expect(icon.changes.values == [.set(4), .clear])
        #expect(JPUSHService.badges.values.suffix(2) == [4, 0])
    }
}
#endif
