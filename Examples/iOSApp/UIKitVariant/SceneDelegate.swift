import PushBusApple
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        PushBusApp.delegate?.adapter.scene(willConnectWith: connectionOptions)  // a cold start from a tap
        guard let windowScene = scene as? UIWindowScene, let app = UIApplication.shared.delegate as? AppDelegate
        else { return }
        let navigation = UINavigationController(
            rootViewController: InboxViewController(inbox: app.inbox, router: app.router))
        Navigator.navigation = navigation
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        self.window = window
        // A cold start from a link: it waits, like a tap, until the first screen is up.
        for incoming in PushBusApp.incomingURLs(connectionOptions) { app.router.open(incoming) }
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        guard let app = UIApplication.shared.delegate as? AppDelegate else { return }
        for incoming in PushBusApp.incomingURLs(URLContexts) { app.router.open(incoming) }
    }
}
