#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusAppleStubs  // UIKit on a device
import PushBusRouting
import PushBusApple
import PushBusTestSupport
import Testing

// The wiring README.md and Docs/App.md show (Examples/iOSApp/UIKitVariant/AppDelegate.swift, which CI type-checks), reduced to
// the delivery path under test and run on the stubs: a cold-start tap opens its route once the first screen is up.
// On a device these classes import UIKit; here the stubs stand in for it.
// BEGIN wiring
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let router = PushRouter(schemes: ["myapp"], isReady: false)  // not ready until the first screen is up
    private var routing: PushCancellable?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        PushBusApp.install()  // before returning: the tap that launched the app needs the delegate
        try? router.register("myapp://product/:id") { request in Navigator.showProduct(request["id"]) }
        routing = router.attach(to: PushBusApp.installedCenter)  // taps with a deep link open their route
        PushBusApp.appDelegate.application(application, didFinishLaunchingWithOptions: launchOptions)
        application.registerForRemoteNotifications()
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        PushBusApp.appDelegate.applicationDidBecomeActive(application)
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

    /// Call from the first screen's `viewDidAppear(_:)`: deep links wait until then.
    func firstScreenDidAppear() {
        router.setReady(true)
    }
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        PushBusApp.delegate?.adapter.scene(willConnectWith: connectionOptions)  // a cold start from a tap
    }
}
// END wiring

/// The app's navigation, as README's example calls it (here it records what was shown).
enum Navigator {
    private static let shown = LockedBox<[String]>([])
    static func showProduct(_ id: String?) { shown.withValue { $0.append(id ?? "?") } }
    static var shownProducts: [String] { shown.withValue { $0 } }
}

extension InstallAndDiagnoseGlueTests {
    /// README's wiring, driven through a cold start from a tapped push: one route, opened once the first screen is up.
    @Test func readmeIntegrationOpensTheTappedProductOnceTheFirstScreenIsUp() throws {
        defer { PushBusApp.uninstall() }
        // Given the app launched by a tap on a product push (UIKit connects the scene with the response)
        let app = AppDelegate()
        let application = UIApplication(stubbed: ())
        application.stubbedApplicationState = .inactive
        let payload: [AnyHashable: Any] = [
            "aps": ["alert": ["title": "Back in stock"]], "route": "myapp://product/42",
        ]
        let response = UNNotificationResponse(
            stubbedNotification: StubNotifications.remote(payload, identifier: "README-1"),
            actionIdentifier: UNNotificationDefaultActionIdentifier)

        // When launch runs as README wires it
        #expect(app.application(application, didFinishLaunchingWithOptions: [.remoteNotification: payload]))
        SceneDelegate().scene(
            UIScene(), willConnectTo: UISceneSession(stubbed: ()),
            options: UIScene.ConnectionOptions(stubbedNotificationResponse: response))
        app.applicationDidBecomeActive(application)

        // Then nothing opens before the first screen, and the product opens once after it
        #expect(application.stubbedRemoteRegistrations == 1)
        #expect(Navigator.shownProducts.isEmpty)
        app.firstScreenDidAppear()
        #expect(Navigator.shownProducts == ["42"])
        #expect(PushBusApp.installedDelivery.deliveryDiagnostics.isNotificationDelegateInstalled)
    }
}
#endif
