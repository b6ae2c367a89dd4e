import PushBusApple
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let router = PushRouter(schemes: ["pushbusdemo"], isReady: false)  // not ready until the first screen is up
    private(set) var inbox: PushInbox?
    private var subscriptions: [PushCancellable] = []
    private var refresher: DeliveryLedgerRefresher?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // The App Group's ledger behind the delivery: the app and its extensions agree on what was delivered,
        // shown, opened and answered. If the group cannot be opened, an in-memory ledger keeps the app working.
        let ledger = (try? DeliveryLedger(appGroup: AppGroup.identifier)) ?? DeliveryLedger()
        let delivery = PushDelivery(center: .shared, ledger: ledger)
        PushBusApp.install(delivery: delivery)  // before returning: the tap that launched the app needs the delegate
        Routes.register(on: router)
        // Taps with a deep link open their route; each route taken is recorded in the ledger.
        subscriptions.append(router.attach(to: delivery.center, options: .init(ledger: delivery.ledger)))
        PushBusApp.appDelegate.application(application, didFinishLaunchingWithOptions: launchOptions)

        let inbox = PushInbox(ledger: ledger)
        subscriptions.append(inbox.attach(to: delivery.center))  // alerts enter the inbox, taps mark them read
        subscriptions.append(inbox.syncBadge(with: UserNotificationBadge()))  // the badge is the unread count
        refresher = DeliveryLedgerRefresher(delivery: delivery, notificationName: AppGroup.ledgerChanged)
        self.inbox = inbox

        subscriptions += Replies.handle(with: delivery)
        subscriptions.append(ServerRegistration.uploadTokens(of: delivery.center))
        LiveActivities.start()
        Task {
            // Authorization, categories and remote registration in one call, in the order iOS wants.
            await PushBusApp.registerForNotifications(options: [.alert, .sound, .badge], categories: Categories.all)
        }
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        PushBusApp.appDelegate.applicationDidBecomeActive(application)
        // What the service extension could not record while the device was locked since boot.
        Task { await PushBusApp.recordDeliveredNotifications(inbox: inbox) }
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        PushBusApp.appDelegate.application(
            application, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: completionHandler)
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        PushBusApp.appDelegate.application(application, didRegisterForRemoteNotificationsWithDeviceToken: deviceToken)
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        PushBusApp.appDelegate.application(application, didFailToRegisterForRemoteNotificationsWithError: error)
    }
}
