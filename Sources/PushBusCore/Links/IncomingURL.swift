public import Foundation

/// A URL handed to the app from outside, with how it arrived: a custom URL scheme or a universal link.
///
/// The Apple glue makes these from UIKit's callbacks (`scene(_:openURLContexts:)`, `scene(_:continue:)`,
/// `application(_:open:options:)`, `application(_:continue:restorationHandler:)`); PushBusRouting's
/// `PushRouter.open(_:context:)` opens an `IncomingURL` with the matching route source (`.urlScheme`,
/// `.universalLink`), so `.internal` routes stay out of reach. The value is neutral so the glue needs no router
/// and the router no UIKit.
///
/// ```swift
/// func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
///     for incoming in PushBusApp.incomingURLs(URLContexts) { router.open(incoming) }  // .urlScheme
/// }
/// ```
public struct IncomingURL: Sendable, Hashable {
    /// How the URL reached the app.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// A custom URL scheme (`myapp://…`) opened by another app, Safari or the system.
        case urlScheme
        /// A universal link (`https://…` of an associated domain), delivered as an `NSUserActivity` of type
        /// `NSUserActivityTypeBrowsingWeb`.
        case universalLink
    }

    /// The activity type of a universal link (`NSUserActivityTypeBrowsingWeb`).
    package static let browsingWebActivityType = "NSUserActivityTypeBrowsingWeb"

    /// The URL.
    public var url: URL
    /// How it arrived.
    public var kind: Kind
    /// The bundle identifier of the app that opened it, when the system says (`sourceApplication`).
    public var sourceApplication: String?

    /// Creates an incoming URL.
    package init(url: URL, kind: Kind, sourceApplication: String? = nil) {
        self.url = url
        self.kind = kind
        self.sourceApplication = sourceApplication
    }

    /// The URL SwiftUI's `onOpenURL` hands over, which delivers both kinds: an `https` (or `http`) URL is a
    /// universal link, any other scheme a custom-scheme open.
    ///
    /// ```swift
    /// router.open(IncomingURL(onOpenURL: url))  // in SwiftUI's .onOpenURL { url in … }
    /// ```
    public init(onOpenURL url: URL) {
        let scheme = url.scheme?.lowercased()
        self.init(url: url, kind: scheme == "https" || scheme == "http" ? .universalLink : .urlScheme)
    }

    /// The universal link a continued user activity carries: its web page URL when the activity type is
    /// `NSUserActivityTypeBrowsingWeb`, else `nil` (Handoff, Spotlight and other activities are not links).
    public static func universalLink(activityType: String, webpageURL: URL?) -> IncomingURL? {
        guard activityType == browsingWebActivityType, let webpageURL else { return nil }
        return IncomingURL(url: webpageURL, kind: .universalLink)
    }
}
