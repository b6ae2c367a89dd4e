#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import PushBusRouting
import PushBusTestSupport

// The three wirings Docs/App.md shows ("Lifecycles"), as an app writes them; on a device these files import UIKit
// and SwiftUI, here the stubs stand in and `SimulatedAppWiring` names the callbacks UIKit makes. LifecycleTests runs
// each through a SimulatedUIKit of its generation.

/// The shop's one configuration, shared by the three lifecycles.
enum Shop {
    /// The App Group (one per test here, so scenarios do not share files). Unchecked: only the tests of the one
    /// serialized suite (`InstallAndDiagnoseGlueTests`) set it, each before it starts the app.
    nonisolated(unsafe) static var appGroup = "group.com.example.shop"
    static let router = PushRouter(schemes: ["shop"])
    static let opened = Recorder<String>()
}

// BEGIN configuration
extension PushBusApp.Configuration {
    static var shop: Self {
        var configuration = PushBusApp.Configuration(appGroup: Shop.appGroup)
        configuration.router = Shop.router  // taps open their deep links
        configuration.keepsInbox = true  // alerts enter the inbox, taps mark them read
        configuration.badge = .unreadCount  // the app icon shows the unread count
        configuration.ledgerConfiguration.keptCustomKeys = ["order"]  // the ledger and the inbox keep "order"
        configuration.onRegistration = { event in
            if case .registered(let token) = event { print("upload \(token.hexString)") }
        }
        return configuration
    }
}
// END configuration

/// UIKit without scenes: the app delegate alone.
final class ShopAppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        PushBusApp.start(.shop, launchOptions: launchOptions)
        return true
    }

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

/// The simulated UIKit drives the app delegate through the test's wiring protocol (not part of the guide's code).
extension ShopAppDelegate: SimulatedAppWiring {}

/// UIKit with scenes: the same app delegate; the scene delegate hands PushBus nothing for notifications (the tap
/// that launched the app reaches the notification delegate too) and only builds the window.
final class ShopSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        // Build the window here. For a cold start from a link: `PushBusApp.incomingURLs(connectionOptions)`.
    }
}

/// The scene-based app as UIKit drives it: its app delegate, and its scene delegate's callbacks.
final class ShopSceneApp: SimulatedAppWiring {
    let appDelegate = ShopAppDelegate()
    let sceneDelegate = ShopSceneDelegate()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        appDelegate.application(application, didFinishLaunchingWithOptions: launchOptions)
    }

    func sceneWillConnect(options: UIScene.ConnectionOptions) {
        sceneDelegate.scene(UIScene(), willConnectTo: UISceneSession(stubbed: ()), options: options)
    }
}

/// A SwiftUI `App` with an adaptor for the token callbacks: `init()` starts PushBus (before launch ends), the
/// adaptor's delegate only forwards. On a device: `struct ShopApp: App { @UIApplicationDelegateAdaptor … }`.
final class ShopSwiftUIApp: SimulatedAppWiring {
    let adaptor = ShopTokenForwarder()

    // BEGIN swiftui-init
    func appInit() {
        PushBusApp.start(.shop)
    }
    // END swiftui-init

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true  // the adaptor's delegate implements no didFinishLaunching: PushBus started in init()
    }
}

/// The SwiftUI app's `@UIApplicationDelegateAdaptor` class: the device token and background pushes only.
final class ShopTokenForwarder: NSObject, UIApplicationDelegate {
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

/// The wiring Docs/App.md showed before PushBus followed the lifecycle: it forwards activation from
/// `applicationDidBecomeActive(_:)` only, which UIKit never calls in a scene-based app.
final class ForwardingOnlyAppDelegate: UIResponder, UIApplicationDelegate, SimulatedAppWiring {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        var configuration = PushBusApp.Configuration.shop
        configuration.followsLifecycle = false
        PushBusApp.start(configuration, launchOptions: launchOptions)
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        PushBusApp.appDelegate.applicationDidBecomeActive(application)
        Task { await PushBusApp.recordDeliveredNotifications(inbox: PushBusApp.setup?.inbox) }
    }
}
#endif
