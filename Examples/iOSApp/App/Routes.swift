import PushBusApple
import UIKit

/// The app's deep links. A push's link (`"route": "pushbusdemo://product/42"`) opens here once the first screen
/// is up.
enum Routes {
    static func register(on router: PushRouter) {
        do {
            // Route handlers run on the thread that opens the route (a notification callback's, or the caller of
            // `open`), so UI work hops to the main actor.
            try router.register("pushbusdemo://product/:id") { request in
                let id = request["id"] ?? ""
                Task { @MainActor in Navigator.showProduct(id) }
            }
            try router.register("pushbusdemo://inbox") { _ in
                Task { @MainActor in Navigator.showInbox() }
            }
        } catch {
            assertionFailure("invalid route pattern: \(error)")
        }
    }
}

/// Where routes lead: the app's navigation, on the main actor.
@MainActor
enum Navigator {
    static weak var navigation: UINavigationController?

    static func showProduct(_ id: String) {
        navigation?.pushViewController(ProductViewController(productID: id), animated: true)
    }

    static func showInbox() {
        navigation?.popToRootViewController(animated: true)
    }
}

extension Routes {
    /// The app's router, its routes registered; not ready until the first screen is up.
    static let router: PushRouter = {
        let router = PushRouter(schemes: ["pushbusdemo"], isReady: false)
        register(on: router)
        return router
    }()

    /// Opens a link the app was asked to open (`onOpenURL`): it waits, like a tap, until the first screen is up.
    static func open(_ url: URL) {
        router.open(IncomingURL(onOpenURL: url))  // https: a universal link; pushbusdemo: a custom scheme
    }
}
