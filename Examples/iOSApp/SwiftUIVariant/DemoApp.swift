import PushBusApple
import SwiftUI
import UIKit

// A SwiftUI app wired by hand, as Docs/WiringByHand.md shows it: UIKitVariant's app delegate (without its `@main`)
// behind SwiftUI's delegate adaptor, and a scene delegate for SwiftUI's scenes. CI type-checks it with App/ minus
// App/DemoApp.swift (.ci/steps/43-example-app.sh).
@main
@MainActor
struct DemoApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    var body: some Scene {
        WindowGroup {
            ContentView()
                .onAppear { appDelegate.router.setReady(true) }  // the first screen is up
                .onOpenURL { url in appDelegate.router.open(IncomingURL(onOpenURL: url)) }
        }
    }
}

extension AppDelegate {
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = PushSceneDelegate.self  // kept with the session: restored sessions too
        return configuration
    }
}

final class PushSceneDelegate: NSObject, UIWindowSceneDelegate {
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        PushBusApp.delegate?.adapter.scene(willConnectWith: connectionOptions)  // a cold start from a tap
    }
}

/// The app's first screen (here a placeholder: the guide is about the wiring around it).
struct ContentView: View {
    var body: some View { Text("Inbox") }
}
