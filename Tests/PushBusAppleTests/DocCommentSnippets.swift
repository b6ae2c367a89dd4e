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
#endif
