#if PUSHBUS_APPLE_STUBS
// The code blocks of the Apple glue's doc comments, each compiled here (against the stubs, as the example app is)
// inside a type or function that supplies what the block takes from its context. DocCommentCodeBlockTests checks
// that each block appears here line for line. Compiled, not run: the glue's suites run the same calls.
import Foundation
import PushBus
import PushBusApple
import PushBusAppleExtension
import PushBusAppleStubs  // UIKit on a device
import PushBusRouting

@MainActor
final class DocCommentLinkDelegate: UIResponder, UIApplicationDelegate, UIWindowSceneDelegate {
    let router = PushRouter(schemes: ["myapp"])

    // PushBusApp.incomingURLs(_:), incomingURL(_:), incomingURL(_:options:)
    // Scene delegate
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        for incoming in PushBusApp.incomingURLs(connectionOptions) { router.open(incoming) }  // cold start
    }
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        for incoming in PushBusApp.incomingURLs(URLContexts) { router.open(incoming) }  // .urlScheme
    }
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        if let incoming = PushBusApp.incomingURL(userActivity) { router.open(incoming) }  // .universalLink
    }
    // App delegate (no scenes)
    func application(
        _ app: UIApplication, open url: URL,
        options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
        router.open(PushBusApp.incomingURL(url, options: options))
        return true
    }
}

@MainActor
enum DocCommentAppleSnippets {
    // DeliveryLedger(appGroup:role:), DeliveryLedger.postChange(name:)
    static func extensionLedger(message: PushMessage) throws {
        let ledger = try DeliveryLedger(appGroup: "group.com.example.app", role: .serviceExtension)
        try ledger.record(.received, for: message, role: .serviceExtension)
        DeliveryLedger.postChange(name: "group.com.example.app.ledger")
    }

    // UserNotificationScheduler
    static func scheduler() async throws {
        let scheduler = UserNotificationScheduler()
        try await scheduler.add(
            LocalNotificationRequest(
                identifier: "stand-up",
                content: PushContent(title: "Stand up"), trigger: .timeInterval(3600, repeats: true)))
    }

    // PushBusApp.recordBuildConfiguration, diagnose()
    static func preflight() async {
        PushBusApp.recordBuildConfiguration(reportedAPNsEnvironment: "production", requestsCriticalAlerts: false)
        let findings = await PushBusApp.diagnose()  // each finding: message and fix
        _ = findings
    }
}
// PushBusApp's app-delegate blocks, in an app delegate of their own.
@MainActor
final class DocCommentAppDelegate: UIResponder, UIApplicationDelegate {
    var inbox: PushInbox?

    // PushBusApp
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        PushBusApp.install()  // before returning from launch
        PushBusApp.appDelegate.application(application, didFinishLaunchingWithOptions: launchOptions)
        return true
    }

    // PushBusApp.recordDeliveredNotifications
    func applicationDidBecomeActive(_ application: UIApplication) {
        PushBusApp.appDelegate.applicationDidBecomeActive(application)
        Task { await PushBusApp.recordDeliveredNotifications(inbox: inbox) }
    }
}

extension DocCommentAppleSnippets {
    enum Categories { static let all = CategoryRegistry.empty }

    struct Server: Sendable { func upload(_ event: RegistrationEvent) {} }

    static func showTurnOnNotificationsBanner() {}

    // PushBusApp.Configuration
    static func start(router: PushRouter, server: Server) {
        var configuration = PushBusApp.Configuration(appGroup: "group.com.example.shop")
        configuration.router = router  // taps open their deep links
        configuration.keepsInbox = true  // alerts enter the inbox, taps mark them read
        configuration.badge = .unreadCount  // the app icon shows the inbox's unread count
        configuration.categories = Categories.all
        configuration.onRegistration = { event in server.upload(event) }  // the device token
        PushBusApp.start(configuration)
    }

    // PushBusApp.registerForNotifications
    static func register(categories: CategoryRegistry) async {
        let report = await PushBusApp.registerForNotifications(
            options: [.alert, .sound, .badge, .provisional], categories: categories)
        if report.settings.status == .denied { showTurnOnNotificationsBanner() }
        // the device token (or the failure) arrives as a RegistrationEvent, as before
    }

    // DeliveryLedgerRefresher
    static func ledgerRefresher(ledger: DeliveryLedger) {
        var refresher: DeliveryLedgerRefresher?
        // App (keep the refresher alive):
        refresher = DeliveryLedgerRefresher(ledger: ledger, notificationName: "group.com.example.pushbus.ledger")
        // Notification Service Extension, after writing:
        DeliveryLedger.postChange(name: "group.com.example.pushbus.ledger")
        _ = refresher
    }

    // LocalScheduleRefresher
    static func scheduleRefresher(appGroupURL: URL) throws {
        var refresher: LocalScheduleRefresher?
        // application(_:didFinishLaunchingWithOptions:)
        let schedule = try LocalNotificationSchedule(
            scheduler: UserNotificationScheduler(), directory: appGroupURL)
        refresher = LocalScheduleRefresher(schedule: schedule, center: PushBusApp.installedCenter)
        _ = refresher
    }

    // PushNotificationDelegate.forward
    static func forward(brazeDelegate: any UNUserNotificationCenterDelegate) {
        PushBusApp.delegate?.forward(to: brazeDelegate, name: "braze", providers: [.braze])
    }

    // PushContent
    static func content(notification: UNNotification) {
        let content = PushContent(userInfo: notification.request.content.userInfo)
        let title = content.title  // "New product"
        let route = content.customData["route"]?.stringValue
        let issues = content.issues  // what was wrong in the payload, and how it was read
        _ = (title, route, issues)
    }

    // PushDelivery.handleRetractions
    static func retractions(delivery: PushDelivery) {
        let retracting = delivery.handleRetractions(in: UserNotificationScheduler())  // PushBusApple
        _ = retracting
    }
}
// The categories' descriptors: what the glue builds from them (PushAction, PushCategory).
extension DocCommentAppleSnippets {
    static func makeAction(_ d: PushAction.ModernDescriptor) -> UNNotificationAction {
        UNNotificationAction(identifier: d.identifier, title: d.title, options: [])
    }

    @available(*, deprecated, message: "UIUserNotificationAction and its category are deprecated since iOS 10")
    static func makeLegacyAction(_ d: PushAction.LegacyDescriptor) -> UIMutableUserNotificationAction {
        UIMutableUserNotificationAction()
    }

    // PushAction.ModernDescriptor
    static func modernAction(action: PushAction) -> UNNotificationAction {
        let d = action.modernDescriptor
        let options = UNNotificationActionOptions(rawValue: d.optionsRawValue)
        let made: UNNotificationAction =
            if let button = d.textInputButtonTitle {
                UNTextInputNotificationAction(
                    identifier: d.identifier, title: d.title, options: options, textInputButtonTitle: button,
                    textInputPlaceholder: d.textInputPlaceholder ?? "")
            } else {
                UNNotificationAction(identifier: d.identifier, title: d.title, options: options)
            }
        return made
    }

    // PushAction.LegacyDescriptor
    @available(*, deprecated, message: "UIUserNotificationAction and its category are deprecated since iOS 10")
    static func legacyAction(action: PushAction) -> UIMutableUserNotificationAction {
        let d = action.legacyDescriptor
        let legacy = UIMutableUserNotificationAction()
        legacy.identifier = d.identifier
        legacy.title = d.title
        legacy.activationMode = d.activationMode == .foreground ? .foreground : .background
        legacy.isAuthenticationRequired = d.isAuthenticationRequired
        legacy.isDestructive = d.isDestructive
        if let button = d.textInputButtonTitle {  // iOS 9+
            legacy.behavior = .textInput
            legacy.parameters = [UIUserNotificationTextInputActionButtonTitleKey: button]
        }
        return legacy
    }

    // PushCategory.ModernDescriptor
    static func modernCategory(category: PushCategory) -> UNNotificationCategory {
        let d = category.modernDescriptor
        let made = UNNotificationCategory(
            identifier: d.identifier, actions: d.actions.map(makeAction), intentIdentifiers: d.intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: d.hiddenPreviewsBodyPlaceholder,
            categorySummaryFormat: d.categorySummaryFormat,
            options: UNNotificationCategoryOptions(rawValue: d.optionsRawValue))
        return made
    }

    // PushCategory.LegacyDescriptor
    @available(*, deprecated, message: "UIUserNotificationAction and its category are deprecated since iOS 10")
    static func legacyCategory(category: PushCategory) -> UIMutableUserNotificationCategory {
        let d = category.legacyDescriptor
        let legacy = UIMutableUserNotificationCategory()
        legacy.identifier = d.identifier
        legacy.setActions(d.defaultContextActions.map(makeLegacyAction), for: .default)
        legacy.setActions(d.minimalContextActions.map(makeLegacyAction), for: .minimal)
        return legacy
    }
}
// PushBusContentExtension: the content extension's view controller.
enum DocCommentContentExtensionSnippets {
    final class NotificationViewController: UIViewController, UNNotificationContentExtension {
        let pushBus = PushBusContentExtension(
            ledger: try! DeliveryLedger(appGroup: "group.com.example.app"),
            ledgerChangeNotificationName: "com.example.app.ledger")
        let slider = UISlider()
        nonisolated func didReceive(_ notification: UNNotification) {
            let seconds = pushBus.didReceive(notification).content.customData["seconds"]?.intValue
            MainActor.assumeIsolated { slider.value = Float(seconds ?? 30) }  // iOS calls it on the main thread
        }
        nonisolated func didReceive(
            _ response: UNNotificationResponse,
            completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void
        ) {
            pushBus.didReceive(response, completionHandler: completion).finish(.dismissAndForwardAction)
        }
        func confirm() {  // the reminder's confirm button (main actor)
            pushBus.dismiss(in: extensionContext, action: "CONFIRM", values: ["seconds": String(Int(slider.value))])
        }
    }
}
#endif
