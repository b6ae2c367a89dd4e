#if PUSHBUS_APPLE_STUBS
// The guides' blocks (Docs/*.md) that use the Apple glue and the app's own objects, each compiled here (against the
// stubs, as the example app is) inside a function whose parameters stand for those objects. DocsCodeBlockTests checks
// that each block appears here line for line, its imports among this file's. Compiled, not run: the glue's suites run
// the same calls.
import Foundation
import PushBus
import PushBusApple
import PushBusAppleExtension
import PushBusAppleStubs  // UIKit on a device
import PushBusRouting

@MainActor
enum AppleGuideSnippets {
    // Retraction.md: the app carries out the keys
    static func retractions(delivery: PushDelivery, inbox: PushInbox, badge: any BadgeController) {
        let retracting = delivery.handleRetractions(in: UserNotificationScheduler())
        let watching = inbox.attach(to: delivery.center)
        let badgeFollows = inbox.syncBadge(with: badge)
        _ = (retracting, watching, badgeFollows)
    }

    // Retraction.md and ServiceExtensionStep.retract's doc comment: the service extension's steps
    static func retractingPipeline(ledger: DeliveryLedger, inbox: PushInbox) -> ServiceExtensionPipeline {
        ServiceExtensionPipeline(steps: [.retract(ledger: ledger, inbox: inbox), .inbox(inbox)])
    }

    // Links.md: the "open settings" request
    static func openSettingsRoute(router: PushRouter, showNotificationSettings: @escaping @MainActor () -> Void) throws
    {
        try router.register("myapp://settings/notifications") { _ in Task { @MainActor in showNotificationSettings() } }
        let link = router.notifications.routeSettingsRequests(
            from: PushBusApp.notificationSettings, to: "myapp://settings/notifications")
        _ = link
    }

    // Inbox.md: the same ledger in every process
    static func inboxSetUp(center: PushCenter, badgeController: any BadgeController) throws {
        let directory = try DeliveryLedger.appGroupDirectory("group.com.example.app")  // PushBusAppleExtension
        let ledger = try DeliveryLedger(directory: directory)
        let inbox = PushInbox(ledger: ledger)
        let watching = inbox.attach(to: center)  // the app: alerts enter, taps mark read
        let badge = inbox.syncBadge(with: badgeController)
        let refresher = DeliveryLedgerRefresher(ledger: ledger, notificationName: "group.com.example.app.ledger")
        _ = (watching, badge, refresher)
    }

    // Preflight.md: the facts iOS does not expose
    static func preflight(debugEntitlementsData: Data?) async {
        PushBusApp.recordBuildConfiguration(
            entitlements: debugEntitlementsData,  // the .entitlements file's bytes, if the app ships them in debug
            reportedAPNsEnvironment: "development",  // what the app tells its server with the token
            requestsCriticalAlerts: false,  // whether registerForNotifications asks for .criticalAlert
            serviceExtensionAppGroups: ["group.com.example.app"])
        for finding in await PushBusApp.diagnose() { print(finding) }
    }

    // LocalNotifications.md: the app's notification settings
    static func openSettings(report: NotificationAuthorizationFlow.Report) async {
        if report.settings.status == .denied {
            await PushBusApp.openSettings(.notifications)  // iOS 16+: the app's notification settings; else its page
        }
    }
}
// Coexistence.md and Authorization.md, with the other SDKs' delegates as parameters.
extension AppleGuideSnippets {
    // Coexistence.md: forwarding
    static func forwarding(
        brazeDelegate: any UNUserNotificationCenterDelegate, rongCloudDelegate: any UNUserNotificationCenterDelegate,
        supportDelegate: any UNUserNotificationCenterDelegate
    ) {
        let pushBus = PushBusApp.install()
        pushBus.forward(to: brazeDelegate, name: "braze", providers: [.braze])
        pushBus.forward(to: rongCloudDelegate, name: "rongcloud", providers: [.rongCloud])  // RongCloud's pushes only
        pushBus.forward(to: supportDelegate, name: "support")  // claims no provider: gets unclaimed notifications
    }

    // Coexistence.md: presentation
    static func brazePresentation() {
        PushBusApp.installedDelivery.presentationPolicy = .custom { message in
            message.provider?.name == .braze ? [] : .all
        }
    }
}

// Authorization.md: in an app
@MainActor
final class AuthorizationGuideAppDelegate: UIResponder, UIApplicationDelegate {
    let categories = CategoryRegistry.empty

    func showTurnOnNotificationsBanner() {}

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        PushBusApp.install()
        Task {
            let report = await PushBusApp.registerForNotifications(
                options: [.alert, .sound, .badge, .providesAppNotificationSettings], categories: categories)
            if report.settings.status == .denied { showTurnOnNotificationsBanner() }
        }
        return true
    }
}
// Ledger.md: the ledger in the app (the service extension's half is in PushBusAppleExtensionTests).
extension AppleGuideSnippets {
    struct Analytics { func track(_ record: DeliveryRecord) {} }

    static func ledgerInTheApp(message: PushMessage, savedSequence: UInt64, analytics: Analytics) async throws {
        // In the app, on the same directory:
        let ledger = try DeliveryLedger(appGroup: "group.com.example.app")
        let opened = ledger.hasRecorded(
            .opened, messageID: message.id, requestIdentifier: message.requestIdentifier,
            notificationDate: message.notificationDate)  // counted in an earlier launch
        let state = ledger.state(of: message.id)  // received by whom, opened with which action, routed…
        for await record in ledger.events(after: savedSequence) { analytics.track(record) }
        _ = (opened, state)
    }
}
/// The attributes type of LiveActivities.md, LiveActivityObserver's and PushBusApp.reportTokens' examples.
struct DeliveryAttributes: ActivityAttributes, Sendable {
    struct ContentState: Codable, Hashable, Sendable {
        var minutesAway: Int
    }
    var orderNumber: String
}

// LiveActivities.md, LiveActivityObserver and PushBusApp.reportTokens: the observer at launch.
extension AppleGuideSnippets {
    struct TokenServer: Sendable {
        func send(_ changes: [PushTokenRegistry.Change], then registry: PushTokenRegistry) async {}
    }

    // LiveActivities.md: the Apple glue
    static func deliveriesObserver() {
        let deliveries = LiveActivityObserver<DeliveryAttributes>()  // keep it for the app's lifetime
        deliveries.start()
    }

    // LiveActivityObserver
    static func observerAtLaunch(dir: URL) throws {
        // application(_:didFinishLaunchingWithOptions:), so an activity a push started while the app was not
        // running reports its update token now:
        let observer = LiveActivityObserver<DeliveryAttributes>()
        observer.start()
        let changes = try PushCenter.shared.liveActivities.reconcile(with: LiveActivityTokenStore(directory: dir))
        _ = changes
    }

    // PushBusApp.reportTokens
    static func reportTokens(appGroupURL: URL, server: TokenServer) throws {
        var observer: LiveActivityObserver<DeliveryAttributes>
        // application(_:didFinishLaunchingWithOptions:), after install:
        let tokens = try PushTokenRegistry(directory: appGroupURL)
        PushBusApp.reportTokens(to: tokens) { changes in Task { await server.send(changes, then: tokens) } }
        observer = LiveActivityObserver<DeliveryAttributes>(tokens: PushBusApp.installedCenter.liveActivities)
        observer.start()
    }
}
// Tokens.md: every token the app gets, reported once.
extension AppleGuideSnippets {
    struct RegistryServer: Sendable {
        func register(_ kind: String, _ qualifier: String?, _ value: String?) async -> Bool { true }
    }

    static func everyToken(
        appGroupURL: URL, server: RegistryServer, attributes: DeliveryAttributes,
        content: ActivityContent<DeliveryAttributes.ContentState>, channelID: String
    ) throws {
        var observer: LiveActivityObserver<DeliveryAttributes>
        let tokens = try PushTokenRegistry(directory: appGroupURL)
        PushBusApp.reportTokens(to: tokens) { changes in
            Task {
                for change in changes where await server.register(change.key.kind, change.key.qualifier, change.value) {
                    try tokens.markReported(change)
                }
            }
        }
        observer = LiveActivityObserver<DeliveryAttributes>(tokens: PushBusApp.installedCenter.liveActivities)
        observer.start()
        // ActivityKit does not report an activity's channel: the observer's request posts it.
        if #available(iOS 18.0, *) {
            _ = try observer.request(attributes: attributes, content: content, channel: channelID)
        }
    }
}
#endif
