// Linux-only stand-ins for UserNotificationsUI's content-extension protocol and option, and the notification methods
// UserNotificationsUI adds to NSExtensionContext, with Apple's Swift signatures.
//
// Sources: [H] the iOS 18.3 SDK header UserNotificationsUI/UNNotificationContentExtension.h; [A] developer.apple.com
// (UNNotificationContentExtension/didReceive(_:), …/didReceive(_:completionHandler:),
// UNNotificationContentExtensionResponseOption, NSExtensionContext/performNotificationDefaultAction()); [R]
// ../shared/apple-api-reference.md §8, §10, §11.
// - `UNNotificationContentExtensionResponseOption`: `NS_ENUM(NSUInteger)`, `doNotDismiss` 0, `dismiss` 1,
//   `dismissAndForwardAction` 2; iOS 10, Mac Catalyst 14, macOS 11; unavailable on watchOS and tvOS [H]. An imported
//   `NS_ENUM` is `Sendable`.
// - `UNNotificationContentExtension`: `@protocol … <NSObject>`, same availability [H]. Only
//   `didReceiveNotification:` is `NS_SWIFT_UI_ACTOR` [H] (`@MainActor func didReceive(_ notification: UNNotification)`
//   [A]); the protocol itself is not main-actor isolated. `didReceive(_:completionHandler:)` is `@optional` [H], its
//   block `@escaping @Sendable` in Swift [A]. Linux has no `@objc optional`: a protocol extension stands in with what
//   iOS does when the method is missing (the action goes to the app: `.dismissAndForwardAction`) [H]. The media
//   play/pause members are left out (PushBus does not use them).
// - `NSExtensionContext (UNNotificationContentExtension)`: `notificationActions` (`[UNNotificationAction]`, get set),
//   `performNotificationDefaultAction()`, `dismissNotificationContentExtension()`: iOS 12, Mac Catalyst 14, macOS 11;
//   `mediaPlayingStarted()` / `mediaPlayingPaused()`: iOS 10; all unavailable on watchOS and tvOS [H][A]. No
//   `NS_SWIFT_UI_ACTOR` on the category [H]: not main-actor isolated. `NSExtensionContext` (Foundation, iOS 8) is a
//   plain `NSObject` subclass, not `Sendable`; Linux Foundation lacks it, so the stub declares the class.
#if PUSHBUS_APPLE_STUBS
import Foundation

/// Stub of `UNNotificationContentExtensionResponseOption` (iOS 10): what a content extension tells iOS after
/// handling an action.
@available(iOS 10.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public enum UNNotificationContentExtensionResponseOption: UInt, Sendable {
    /// The extension handled the action and stays on screen.
    case doNotDismiss = 0
    /// The extension handled the action; iOS closes it.
    case dismiss = 1
    /// iOS closes the extension and passes the action to the app's `didReceive`.
    case dismissAndForwardAction = 2
}

/// Stub of `UNNotificationContentExtension` (UserNotificationsUI, iOS 10), adopted by the extension's
/// `UIViewController`.
@available(iOS 10.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public protocol UNNotificationContentExtension: NSObjectProtocol {
    /// A notification to show; called on the main thread, again for each new notification of the same thread.
    @MainActor func didReceive(_ notification: UNNotification)

    /// Optional in Apple's protocol: the user chose one of the category's actions. Call `completion` once.
    func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void)
}

@available(iOS 10.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension UNNotificationContentExtension {
    /// Stands in for the optional requirement left unimplemented: iOS then delivers the action to the app.
    public func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void
    ) {
        completion(.dismissAndForwardAction)
    }
}

/// Stub of `NSExtensionContext` (Foundation, iOS 8) with the methods UserNotificationsUI adds. The stub records each
/// call in ``stubbedCalls`` (stub-only).
open class NSExtensionContext: NSObject {
    /// Stub-only: the notification methods called, in order (`performNotificationDefaultAction`, …).
    public private(set) var stubbedCalls: [String] = []
    private var _notificationActions: [UNNotificationAction] = []

    public override init() { super.init() }

    /// The actions shown below the extension (iOS 12); the extension may change them.
    @available(iOS 12.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open var notificationActions: [UNNotificationAction] {
        get { _notificationActions }
        set { _notificationActions = newValue }
    }

    /// Opens the app and delivers it the default notification action response (iOS 12).
    @available(iOS 12.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open func performNotificationDefaultAction() { stubbedCalls.append("performNotificationDefaultAction") }

    /// Closes the content extension (iOS 12).
    @available(iOS 12.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open func dismissNotificationContentExtension() { stubbedCalls.append("dismissNotificationContentExtension") }

    /// Media playback started in the extension (iOS 10).
    @available(iOS 10.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open func mediaPlayingStarted() { stubbedCalls.append("mediaPlayingStarted") }

    /// Media playback paused in the extension (iOS 10).
    @available(iOS 10.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open func mediaPlayingPaused() { stubbedCalls.append("mediaPlayingPaused") }
}
#endif
