#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs

/// The app side a ``SimulatedUIKit`` drives: what an app's delegates implement, with Apple's signatures. The stubs'
/// `UIApplicationDelegate` has no `optional` requirements (no Objective-C runtime on Linux), so the simulated UIKit
/// calls these instead; each wiring in `LifecycleWirings.swift` implements them as Docs/App.md writes them.
@MainActor
protocol SimulatedAppWiring: AnyObject {
    /// `App.init()` of a SwiftUI app (runs before `didFinishLaunching`).
    func appInit()
    /// `application(_:didFinishLaunchingWithOptions:)` (a SwiftUI app's only with `@UIApplicationDelegateAdaptor`).
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    /// `applicationDidBecomeActive(_:)`: UIKit calls it in an app without scenes only.
    func applicationDidBecomeActive(_ application: UIApplication)
    /// `scene(_:willConnectTo:options:)` of the scene delegate, in an app with scenes.
    func sceneWillConnect(options: UIScene.ConnectionOptions)
    /// `sceneDidBecomeActive(_:)` of the scene delegate.
    func sceneDidBecomeActive()
}

extension SimulatedAppWiring {
    func appInit() {}
    func applicationDidBecomeActive(_ application: UIApplication) {}
    func sceneWillConnect(options: UIScene.ConnectionOptions) {}
    func sceneDidBecomeActive() {}
}

/// UIKit and UserNotifications as iOS runs them for an app of one generation, calling the app's wiring and, through
/// it, PushBus's real Apple glue (`PushBusApple`, compiled against the stubs). Unlike `SimulatedDevice`, which calls
/// the adapters itself, this calls only what iOS calls, so a wiring that forwards the wrong callback fails here.
///
/// What it follows, per lifecycle (Apple's documentation):
/// - **Launch**: `didFinishLaunching` always ("The app delegate will still receive … didFinishLaunchingWithOptions"
///   with scenes); its launch options carry the tapped remote notification only without scenes (with scenes, the
///   response is in `UIScene.ConnectionOptions.notificationResponse`: "The user's response to one of your app's
///   notifications"). A SwiftUI `App` runs `init()` first; its delegate is called only with an adaptor.
/// - **The tap**: the notification-center delegate, set before launch ends, gets `didReceive` in every lifecycle
///   ("You must assign your delegate object to the UNUserNotificationCenter object before your app finishes
///   launching" — `UNUserNotificationCenterDelegate`).
/// - **Activation**: `applicationDidBecomeActive(_:)` only without scenes ("If you're using scenes, UIKit will not
///   call this method. Use sceneDidBecomeActive(_:) instead."); with scenes, `sceneDidBecomeActive(_:)` of a UIKit
///   scene delegate (a SwiftUI app has none of its own). `UIApplication.didBecomeActiveNotification` and, on a
///   return from the background, `willEnterForegroundNotification` are posted in every lifecycle ("Notifications
///   still trigger in iOS 13 if adopting SceneDelegate").
@MainActor
final class SimulatedUIKit {
    /// The app's generation.
    enum Lifecycle: String, CaseIterable, Sendable {
        /// An app delegate alone (no scene manifest).
        case appDelegate
        /// An app delegate and a UIKit scene delegate.
        case scenes
        /// A SwiftUI `App` with a `@UIApplicationDelegateAdaptor`.
        case swiftUI
    }

    let lifecycle: Lifecycle
    let wiring: any SimulatedAppWiring
    let application = UIApplication.shared
    let userNotifications = UNUserNotificationCenter.current()
    /// What iOS called, in order.
    private(set) var calls: [String] = []

    init(_ lifecycle: Lifecycle, wiring: any SimulatedAppWiring) {
        self.lifecycle = lifecycle
        self.wiring = wiring
    }

    /// A cold start, by a tap on `tapped` when given (the default action), else from the app icon.
    func coldStart(tapping tapped: UNNotification? = nil) async {
        let response = tapped.map {
            UNNotificationResponse(stubbedNotification: $0, actionIdentifier: UNNotificationDefaultActionIdentifier)
        }
        application.stubbedApplicationState = .inactive
        if lifecycle == .swiftUI { call("App.init()") { wiring.appInit() } }
        var launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        if lifecycle == .appDelegate, let tapped {
            launchOptions = [.remoteNotification: tapped.request.content.userInfo]
        }
        call("application(_:didFinishLaunchingWithOptions:)") {
            _ = wiring.application(application, didFinishLaunchingWithOptions: launchOptions)
        }
        if lifecycle == .scenes {
            call("scene(_:willConnectTo:options:)") {
                wiring.sceneWillConnect(options: UIScene.ConnectionOptions(stubbedNotificationResponse: response))
            }
        }
        if let response { await tap(response) }
        await becomeActive()
    }

    /// The app goes to the background (the user leaves it).
    func enterBackground() {
        application.stubbedApplicationState = .background
        post(UIApplication.didEnterBackgroundNotification)
    }

    /// The user returns to the app.
    func returnToForeground() async {
        application.stubbedApplicationState = .inactive
        post(UIApplication.willEnterForegroundNotification)
        await becomeActive()
    }

    private func becomeActive() async {
        application.stubbedApplicationState = .active
        switch lifecycle {
        case .appDelegate:
            call("applicationDidBecomeActive(_:)") { wiring.applicationDidBecomeActive(application) }
        case .scenes:
            call("sceneDidBecomeActive(_:)") { wiring.sceneDidBecomeActive() }
        case .swiftUI:
            break
        }
        post(UIApplication.didBecomeActiveNotification)
        await settle()
    }

    /// The notification-center delegate's `didReceive`, as UserNotifications calls it: off the main thread, waiting
    /// for the completion handler.
    private func tap(_ response: UNNotificationResponse) async {
        calls.append("userNotificationCenter(_:didReceive:withCompletionHandler:)")
        guard let delegate = userNotifications.delegate else { return }
        let center = CenterHandle(center: userNotifications, response: response, delegate: delegate)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue(label: "com.apple.usernotifications.UNUserNotificationServiceConnection.call-out").async {
                center.delegate.userNotificationCenter(center.center, didReceive: center.response) {
                    continuation.resume()
                }
            }
        }
    }

    private func post(_ name: NSNotification.Name) {
        calls.append(name.rawValue)
        NotificationCenter.default.post(name: name, object: application)
    }

    private func call(_ name: String, _ body: () -> Void) {
        calls.append(name)
        body()
    }

    /// Lets the main-actor work the glue started from these callbacks run (tasks it spawned). Nothing here waits
    /// for a clock: what finishes on other threads (the ledger's writer) is awaited by the tests that read it.
    func settle() async {
        for _ in 0..<20 { await Task.yield() }
    }
}

/// The objects a call-out hands to UserNotifications' queue. Safe: the stubs' center is lock-guarded, and the
/// delegate (PushBus's) and the response are only read there, as iOS hands them to its own queue.
private struct CenterHandle: @unchecked Sendable {
    let center: UNUserNotificationCenter
    let response: UNNotificationResponse
    let delegate: any UNUserNotificationCenterDelegate
}
#endif
