import PushBusApple
import SwiftUI
import UIKit

/// The app: PushBus set up in one call (the App Group's ledger, the delegate, the lifecycle, routes, inbox, badge,
/// token upload, authorization and categories), before launch ends.
@main @MainActor
struct DemoApp: App {
    @UIApplicationDelegateAdaptor(TokenForwarding.self) private var tokenForwarding

    init() {
        var configuration = PushBusApp.Configuration(appGroup: AppGroup.identifier)
        configuration.ledgerChangedNotification = AppGroup.ledgerChanged  // the extensions wrote the ledger
        configuration.router = Routes.router  // taps open their deep links
        configuration.keepsInbox = true  // alerts enter the inbox, taps mark them read
        configuration.badge = .unreadCount  // the app icon shows the unread count
        configuration.categories = Categories.all
        configuration.onRegistration = ServerRegistration.upload
        let setup = PushBusApp.start(configuration)
        for subscription in Replies.handle(with: setup.delivery) { setup.keep(subscription) }
        LiveActivities.start()
    }

    var body: some Scene {
        WindowGroup {
            InboxScreen(inbox: PushBusApp.setup?.inbox, router: Routes.router).onOpenURL(perform: Routes.open)
        }
    }
}

/// UIKit hands the device token and background pushes to an app delegate only.
final class TokenForwarding: NSObject, UIApplicationDelegate {
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        PushBusApp.appDelegate.application(application, didRegisterForRemoteNotificationsWithDeviceToken: deviceToken)
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        PushBusApp.appDelegate.application(
            application, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: completionHandler)
    }
}
