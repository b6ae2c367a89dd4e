// Linux-only stand-ins for UserNotificationsUI's content-extension protocol and option, and the notification methods
// UserNotificationsUI adds to NSExtensionContext, with Apple's Swift signatures.
//
// Sources: [H] the iOS 17.4 SDK header UserNotificationsUI/UNNotificationContentExtension.h (line numbers below);
// [A] developer.apple.com (UNNotificationContentExtension/didReceive(_:), …/didReceive(_:completionHandler:),
// UNNotificationContentExtensionResponseOption, NSExtensionContext/performNotificationDefaultAction()); [R]
// ../shared/apple-api-reference.md §8, §10, §11.
// - `UNNotificationContentExtensionResponseOption`: `NS_ENUM(NSUInteger)`, `doNotDismiss` 0, `dismiss` 1,
//   `dismissAndForwardAction` 2; iOS 10, Mac Catalyst 14, macOS 11; unavailable on watchOS and tvOS [H:61]. An
//   imported `NS_ENUM` is `@unchecked Sendable`.
// - `UNNotificationContentExtension`: `@protocol … <NSObject>`, same availability [H:65,110]; not main-actor
//   isolated. In the 17.4 SDK `didReceiveNotification:` carries no `NS_SWIFT_UI_ACTOR` either [H:130]: Swift sees
//   a nonisolated `func didReceive(_ notification: UNNotification)`. iOS 18+ SDKs mark that one method `@MainActor`
//   [A]. The stub keeps the 17.4 form on purpose: a `UIViewController` conformer can satisfy it only with a
//   `nonisolated` witness (hopping with `MainActor.assumeIsolated`, since iOS calls it on the main thread), which is
//   the one shape that compiles against both SDKs; a main-actor witness compiles only against 18+.
//   `didReceive(_:completionHandler:)` is `@optional` [H:163], nonisolated in every SDK, its block
//   `@escaping @Sendable` in Swift [A]. Linux has no `@objc optional`: a protocol extension stands in with what iOS
//   does when the method is missing (the action goes to the app: `.dismissAndForwardAction`) [H]; glue never calls
//   it directly (on Apple it is `didReceive?(…)`). The media play/pause members are left out (PushBus does not use
//   them).
// - `NSExtensionContext (UNNotificationContentExtension)`: `notificationActions` (`[UNNotificationAction]`, get set),
//   `performNotificationDefaultAction()`, `dismissNotificationContentExtension()`: iOS 12, Mac Catalyst 14, macOS 11;
//   `mediaPlayingStarted()` / `mediaPlayingPaused()`: iOS 10; all unavailable on watchOS and tvOS [H:231-243]. No
//   `NS_SWIFT_UI_ACTOR` on the category [H]: not main-actor isolated. `NSExtensionContext` (Foundation, iOS 8) is a
//   plain `NSObject` subclass that Foundation's Swift overlay marks explicitly non-`Sendable` (an unavailable
//   `Sendable` conformance); Linux Foundation lacks the class, so the stub declares it, with the same conformance.
#if PUSHBUS_APPLE_STUBS
public import Foundation

/// Stub of `UNNotificationContentExtensionResponseOption` (iOS 10): what a content extension tells iOS after
/// handling an action.
@available(iOS 10.0, macCatalyst 14.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public enum UNNotificationContentExtensionResponseOption: UInt, @unchecked Sendable {
    /// The extension handled the action and stays on screen.
    case doNotDismiss = 0
    /// The extension handled the action; iOS closes it.
    case dismiss = 1
    /// iOS closes the extension and passes the action to the app's `didReceive`.
    case dismissAndForwardAction = 2
}

/// Stub of `UNNotificationContentExtension` (UserNotificationsUI, iOS 10), adopted by the extension's
/// `UIViewController`.
@available(iOS 10.0, macCatalyst 14.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public protocol UNNotificationContentExtension: NSObjectProtocol {
    /// A notification to show; called on the main thread, again for each new notification of the same thread.
    /// Nonisolated, as in the iOS 17.4 SDK [H:130]; iOS 18+ SDKs add `@MainActor`. Conformers write a
    /// `nonisolated` witness, the only form that compiles against both (see the file header).
    func didReceive(_ notification: UNNotification)

    /// Optional in Apple's protocol: the user chose one of the category's actions. Call `completion` once.
    func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void)
}

@available(iOS 10.0, macCatalyst 14.0, macOS 11.0, *)
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

/// Stub of `NSExtensionContext` (Foundation; iOS 8, macOS 10.10, tvOS 9, watchOS 2 [H: Foundation/NSExtensionContext.h])
/// with the methods UserNotificationsUI adds. The stub records each call in ``stubbedCalls`` (stub-only).
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
open class NSExtensionContext: NSObject {
    /// Stub-only: the notification methods called, in order (`performNotificationDefaultAction`, …).
    public private(set) var stubbedCalls: [String] = []
    private var _notificationActions: [UNNotificationAction] = []

    public override init() { super.init() }

    /// The actions shown below the extension (iOS 12); the extension may change them.
    @available(iOS 12.0, macCatalyst 14.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open var notificationActions: [UNNotificationAction] {
        get { _notificationActions }
        set { _notificationActions = newValue }
    }

    /// Opens the app and delivers it the default notification action response (iOS 12).
    @available(iOS 12.0, macCatalyst 14.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open func performNotificationDefaultAction() { stubbedCalls.append("performNotificationDefaultAction") }

    /// Closes the content extension (iOS 12).
    @available(iOS 12.0, macCatalyst 14.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open func dismissNotificationContentExtension() { stubbedCalls.append("dismissNotificationContentExtension") }

    /// Media playback started in the extension (iOS 10).
    @available(iOS 10.0, macCatalyst 14.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open func mediaPlayingStarted() { stubbedCalls.append("mediaPlayingStarted") }

    /// Media playback paused in the extension (iOS 10).
    @available(iOS 10.0, macCatalyst 14.0, macOS 11.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open func mediaPlayingPaused() { stubbedCalls.append("mediaPlayingPaused") }
}
/// Not `Sendable`, as Foundation's overlay says with an unavailable conformance: a subclass cannot claim it.
@available(*, unavailable)
extension NSExtensionContext: @unchecked Sendable {}
#endif
