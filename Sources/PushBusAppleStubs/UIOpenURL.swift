// Linux-only stand-ins for what UIKit and Foundation hand an app that is opened with a URL (custom scheme or
// universal link), and for opening the Settings app. Sources as in UIApplication.swift; [A] pages cited per member.
#if PUSHBUS_APPLE_STUBS
import Foundation

extension UIApplication {
    /// Stub of `UIApplication.OpenURLOptionsKey` (iOS 9), the keys of `application(_:open:options:)`'s options.
    /// An imported string struct: `Sendable`, not isolated.
    public struct OpenURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The bundle identifier of the app that asked to open the URL (iOS 9) [A].
        public static let sourceApplication = OpenURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
    }

    /// Stub of `UIApplication.OpenExternalURLOptionsKey` (iOS 10), the keys of `open(_:options:completionHandler:)`.
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// The URL string that opens the app's page in the Settings app (iOS 8): `nonisolated static let` [A:
    /// developer.apple.com/documentation/uikit/uiapplication/opensettingsurlstring].
    nonisolated public static let openSettingsURLString = "app-settings:"

    /// The URL string that opens the app's notification settings in the Settings app (iOS 16; not Mac Catalyst,
    /// tvOS or visionOS): `nonisolated static let` [A: …/uiapplication/opennotificationsettingsurlstring]. Its
    /// Objective-C constant `UIApplicationOpenNotificationSettingsURLString` is iOS 15.4–16 (deprecated in 16) [A].
    @available(iOS 16.0, *)
    @available(macCatalyst, unavailable)
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    nonisolated public static let openNotificationSettingsURLString = "app-settings:notifications"
}

extension UIApplication {
    /// Stub of `open(_:options:completionHandler:)` (iOS 10), main-actor like its class; the handler is
    /// `@MainActor @Sendable` in current SDKs [A]. The stub records the URL and answers ``stubbedCanOpen``.
    public func open(
        _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        stubbedOpenedURLs.append(url)
        completion?(stubbedCanOpen)
    }
}

/// Stub of `UIScene.OpenURLOptions` (iOS 13): `@MainActor`, `NS_SWIFT_UI_ACTOR` [H].
@available(iOS 13.0, tvOS 13.0, *)
extension UIScene {
    @MainActor open class OpenURLOptions: NSObject {
        /// The bundle identifier of the app that asked to open the URL [A].
        open var sourceApplication: String? { _sourceApplication }
        private let _sourceApplication: String?

        /// Stub-only (Apple's are created by UIKit).
        public init(stubbedSourceApplication: String?) {
            _sourceApplication = stubbedSourceApplication
            super.init()
        }
    }
}

/// Stub of `UIOpenURLContext` (iOS 13), what `scene(_:openURLContexts:)` receives: `@MainActor`,
/// `NS_SWIFT_UI_ACTOR` [H]. Hashable as an `NSObject` (the callback passes a `Set`).
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIOpenURLContext: NSObject {
    open var url: URL { _url }
    open var options: UIScene.OpenURLOptions { _options }
    private let _url: URL
    private let _options: UIScene.OpenURLOptions

    /// Stub-only (Apple's are created by UIKit).
    public init(stubbedURL url: URL, sourceApplication: String? = nil) {
        _url = url
        _options = UIScene.OpenURLOptions(stubbedSourceApplication: sourceApplication)
        super.init()
    }
}

/// Stub of Foundation's `NSUserActivity` (iOS 8; swift-corelibs-foundation has none), what
/// `scene(_:continue:)` and `application(_:continue:restorationHandler:)` receive. Only what the glue reads.
/// Not isolated (Foundation, no `NS_SWIFT_UI_ACTOR`).
open class NSUserActivity: NSObject {
    open var activityType: String { _activityType }
    /// The web page URL (a universal link's URL for `NSUserActivityTypeBrowsingWeb`).
    open var webpageURL: URL?
    private let _activityType: String

    public init(activityType: String) {
        _activityType = activityType
        super.init()
    }
}

/// `NSUserActivityTypeBrowsingWeb` (iOS 8): the activity type of a universal link [A].
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"
#endif
