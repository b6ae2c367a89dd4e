// Linux-only stand-ins for what UIKit and Foundation hand an app that is opened with a URL (custom scheme or
// universal link), and for opening the Settings app. Sources as in UIApplication.swift; [A] pages cited per member.
#if PUSHBUS_APPLE_STUBS
public import Foundation

extension UIApplication {
    /// Stub of `UIApplication.OpenURLOptionsKey` (iOS 9), the keys of `application(_:open:options:)`'s options.
    /// An imported string struct: `@unchecked Sendable`, not isolated.
    public struct OpenURLOptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The bundle identifier of the app that asked to open the URL (iOS 9) [A].
        public static let sourceApplication = OpenURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
    }

    /// Stub of `UIApplication.OpenExternalURLOptionsKey` (iOS 10), the keys of `open(_:options:completionHandler:)`.
    public struct OpenExternalURLOptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// The URL string that opens the app's page in the Settings app (iOS 8): `nonisolated static let` [A:
    /// developer.apple.com/documentation/uikit/uiapplication/opensettingsurlstring].
    nonisolated public static let openSettingsURLString = "app-settings:"

    /// The URL string that opens the app's notification settings in the Settings app (iOS 16; not Mac Catalyst,
    /// tvOS or visionOS per [A: …/uiapplication/opennotificationsettingsurlstring]; the 17.4 SDK's Swift overlay,
    /// iOS-only, cannot say). Main-actor isolated, like its class: the 17.4 UIKit.swiftinterface declares it
    /// `@MainActor(unsafe) public static let` in a `UIApplication` extension. Its Objective-C constant
    /// `UIApplicationOpenNotificationSettingsURLString` is iOS 15.4–16 (deprecated in 16) [H: UIApplication.h:510].
    @available(iOS 16.0, *)
    @available(macCatalyst, unavailable)
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    public static let openNotificationSettingsURLString = "app-settings:notifications"
}

extension UIApplication {
    /// Stub of `open(_:options:completionHandler:)` (iOS 10), main-actor like its class. The handler is a plain
    /// `((Bool) -> Void)?`, as in the iOS 17.4 SDK [H: UIApplication.h:104, no Sendable or UI-actor annotation on
    /// the block]: a closure formed on the main actor stays main-actor isolated, one formed elsewhere must not touch
    /// main-actor state. (Later documentation shows `@MainActor @Sendable`; the only closure that compiles against
    /// both is a `Sendable` one that touches no main-actor state, such as resuming a continuation.) The stub records
    /// the URL and answers ``stubbedCanOpen``.
    @available(iOS 10.0, *)
    public func open(
        _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: ((Bool) -> Void)? = nil
    ) {
        stubbedOpenedURLs.append(url)
        completion?(stubbedCanOpen)
    }

    /// The async form Swift imports from the selector above (iOS 10).
    @available(iOS 10.0, *)
    public func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
        stubbedOpenedURLs.append(url)
        return stubbedCanOpen
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

/// Stub of Foundation's `NSUserActivity` (iOS 8, macOS 10.10, tvOS 9, watchOS 2 [H: Foundation/NSUserActivity.h:19];
/// swift-corelibs-foundation has none), what `scene(_:continue:)` and `application(_:continue:restorationHandler:)`
/// receive. Only what the glue reads. Not isolated (Foundation, no `NS_SWIFT_UI_ACTOR`), and explicitly not
/// `Sendable` (see the unavailable conformance below, as in Foundation's overlay).
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
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

/// Not `Sendable`, as Foundation's overlay says with an unavailable conformance: a subclass cannot claim it.
@available(*, unavailable)
extension NSUserActivity: @unchecked Sendable {}

/// `NSUserActivityTypeBrowsingWeb` (iOS 8): the activity type of a universal link [A].
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"
#endif
