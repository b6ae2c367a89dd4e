public import Foundation
import PushBusCore
public import PushBusRouting

/// URL-scheme and universal-link opens (links from outside the app): iOS brings the app up with the callback its
/// generation uses, and the app hands the URL to its router as the glue does (`PushRouter.open(IncomingURL)`),
/// so the router records the right `RouteSource`.
extension SimulatedDevice {
    /// Another app (or Safari) opens `url` with the app's custom scheme.
    ///
    /// iOS 13+ with scenes: `scene(_:openURLContexts:)` when the app is running; on a cold start the URL comes in
    /// the scene's connection options (`urlContexts`). Without scenes: `application(_:open:options:)` (after
    /// `didFinishLaunching` on a cold start).
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - sourceApplication: The bundle identifier of the app that opened it, if iOS tells.
    /// - Returns: What the router did, or `nil` when the app has no router.
    @discardableResult
    public func openURL(_ url: URL, sourceApplication: String? = nil) -> RouteResult? {
        let incoming = IncomingURL(url: url, kind: .urlScheme, sourceApplication: sourceApplication)
        return bringUp(incoming, callback: generation.usesScenes ? .sceneOpenURLContexts : .openURL)
    }

    /// The user taps a universal link (`https://` on one of the app's associated domains): iOS hands the app an
    /// `NSUserActivity` of type `NSUserActivityTypeBrowsingWeb`.
    ///
    /// iOS 13+ with scenes: `scene(_:continue:)` when running, the connection options' `userActivities` on a
    /// cold start. Without scenes: `application(_:continue:restorationHandler:)`.
    ///
    /// - Returns: What the router did, or `nil` when the app has no router.
    @discardableResult
    public func openUniversalLink(_ url: URL) -> RouteResult? {
        let incoming = IncomingURL(url: url, kind: .universalLink)
        return bringUp(incoming, callback: generation.usesScenes ? .sceneContinueUserActivity : .continueUserActivity)
    }

    private func bringUp(_ incoming: IncomingURL, callback: Callback) -> RouteResult? {
        var result: RouteResult?
        let open: (_ viaConnectionOptions: Bool) -> Void = { [self] viaConnectionOptions in
            if viaConnectionOptions {
                let where_ = incoming.kind == .urlScheme ? "urlContexts" : "userActivities"
                note("the scene's connection options carry \(incoming.url.absoluteString) (\(where_))")
            } else {
                call(callback)
            }
            guard let router else {
                note("the app has no router: \(incoming.url.absoluteString) is not routed")
                return
            }
            result = router.open(incoming)
        }
        switch state {
        case .notRunning:
            coldLaunch(launchOptions: nil, notification: nil, sceneResponse: nil) { open(generation.usesScenes) }
        case .background, .suspended:
            enterForeground()
            open(false)
            becomeActive()
        case .launching, .inactive, .active:
            open(false)
        }
        return result
    }
}
