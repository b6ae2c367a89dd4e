// URL-scheme and universal-link opens → neutral IncomingURL values for the router (PushBusRouting's open(_:context:)).
#if canImport(UIKit) && os(iOS)
public import UIKit
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
public import Foundation
public import PushBusCore

/// The entry points of links from outside (URL schemes, universal links), without a router dependency: each turns what
/// UIKit hands the app into `IncomingURL` values, which `PushRouter.open(_:context:)` (PushBusRouting) opens with the right
/// `RouteSource`.
///
/// ```swift
/// // Scene delegate
/// func scene(
///     _ scene: UIScene, willConnectTo session: UISceneSession,
///     options connectionOptions: UIScene.ConnectionOptions
/// ) {
///     for incoming in PushBusApp.incomingURLs(connectionOptions) { router.open(incoming) }  // cold start
/// }
/// func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
///     for incoming in PushBusApp.incomingURLs(URLContexts) { router.open(incoming) }  // .urlScheme
/// }
/// func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
///     if let incoming = PushBusApp.incomingURL(userActivity) { router.open(incoming) }  // .universalLink
/// }
/// // App delegate (no scenes)
/// func application(
///     _ app: UIApplication, open url: URL,
///     options: [UIApplication.OpenURLOptionsKey: Any] = [:]
/// ) -> Bool {
///     router.open(PushBusApp.incomingURL(url, options: options))
///     return true
/// }
/// ```
extension PushBusApp {
    /// The URLs of `scene(_:openURLContexts:)`, as custom-scheme opens (with the source application), in URL order.
    @available(iOS 13.0, *)
    public static func incomingURLs(_ contexts: Set<UIOpenURLContext>) -> [IncomingURL] {
        contexts.map { IncomingURL(url: $0.url, kind: .urlScheme, sourceApplication: $0.options.sourceApplication) }
            .sorted { $0.url.absoluteString < $1.url.absoluteString }
    }

    /// The links a cold start carries in `scene(_:willConnectTo:options:)`: the custom-scheme URLs
    /// (`urlContexts`), then the universal links among the user activities (`userActivities`). iOS calls
    /// neither `scene(_:openURLContexts:)` nor `scene(_:continue:)` for them.
    @available(iOS 13.0, *)
    public static func incomingURLs(_ connectionOptions: UIScene.ConnectionOptions) -> [IncomingURL] {
        let links = connectionOptions.userActivities.compactMap(incomingURL)
        return incomingURLs(connectionOptions.urlContexts)
            + links.sorted { $0.url.absoluteString < $1.url.absoluteString }
    }

    /// The universal link of `scene(_:continue:)` or `application(_:continue:restorationHandler:)`: the activity's
    /// web page URL when its type is `NSUserActivityTypeBrowsingWeb`, else `nil` (Handoff, Spotlight, …).
    public static func incomingURL(_ userActivity: NSUserActivity) -> IncomingURL? {
        IncomingURL.universalLink(activityType: userActivity.activityType, webpageURL: userActivity.webpageURL)
    }

    /// The URL of `application(_:open:options:)`, as a custom-scheme open (with `.sourceApplication` when given).
    public static func incomingURL(_ url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> IncomingURL {
        IncomingURL(url: url, kind: .urlScheme, sourceApplication: options[.sourceApplication] as? String)
    }
}
#endif
