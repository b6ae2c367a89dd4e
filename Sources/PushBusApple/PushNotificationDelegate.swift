// The UNUserNotificationCenterDelegate that feeds the adapters and keeps the delegate installed before it.
#if canImport(UserNotifications)
import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if canImport(UserNotifications) || PUSHBUS_APPLE_STUBS
import Foundation
import PushBus

/// A `UNUserNotificationCenterDelegate` that hands every callback to a `UserNotificationAdapter` and to the
/// delegate that was installed before it (the app's own, or another push SDK's) — no swizzling.
///
/// The system completion handler runs **exactly once**, whoever calls it first: the adapter (which answers
/// `willPresent` at once with the center's presentation policy, and finishes `didReceive` when the app's
/// response handlers are done) or the previous delegate. So for `willPresent` PushBus's policy decides; the
/// previous delegate still sees every notification.
///
/// `UNUserNotificationCenter.delegate` is weak: keep this object alive (``PushBusApp/install(center:notificationCenter:)``
/// does). The previous delegate is held weakly too, as the center held it.
public final class PushNotificationDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    /// The adapter every callback goes to.
    public let adapter: UserNotificationAdapter
    private let previousDelegate: LockedState<WeakDelegate>
    private let appState: @Sendable () -> AppState
    /// Where `userNotificationCenter(_:openSettingsFor:)` is posted, as an `OpenSettingsRequest`.
    public let settings: NotificationSettingsChannel?

    /// - Parameters:
    ///   - adapter: Where callbacks go.
    ///   - previous: The delegate to keep forwarding to (typically the center's delegate before installing).
    ///   - appState: The app's state for `didReceive` (default: `UIApplication`'s state when on the main thread).
    ///   - settings: Where the system's "open settings" requests go (``PushBusApp`` passes
    ///     ``PushBusApp/notificationSettings``); `nil`: only the previous delegate hears them.
    public init(
        adapter: UserNotificationAdapter, previous: (any UNUserNotificationCenterDelegate)? = nil,
        appState: @escaping @Sendable () -> AppState = ApplicationState.current,
        settings: NotificationSettingsChannel? = nil
    ) {
        self.adapter = adapter
        self.settings = settings
        self.previousDelegate = LockedState(WeakDelegate(previous))
        self.appState = appState
        super.init()
    }

    /// The delegate this one forwards to, if it is still alive.
    public var previous: (any UNUserNotificationCenterDelegate)? { previousDelegate.withLock { $0.delegate } }

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        let once = OnceCompletion<PresentationOptions> { completionHandler(UNNotificationPresentationOptions($0)) }
        adapter.willPresent(NotificationSnapshot(notification)) { once.finish($0) }
        guard let previous else { return }
        let forward: @Sendable (UNNotificationPresentationOptions) -> Void = { options in
            once.finish(PresentationOptions(rawValue: options.rawValue))
        }
        #if canImport(UserNotifications)
        previous.userNotificationCenter?(center, willPresent: notification, withCompletionHandler: forward)
        #else
        previous.userNotificationCenter(center, willPresent: notification, withCompletionHandler: forward)
        #endif
    }

    #if !os(tvOS)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let once = OnceCompletion<Void>(completionHandler)
        adapter.didReceive(ResponseSnapshot(response), appState: appState()) { once.finish() }
        guard let previous else { return }
        let forward: @Sendable () -> Void = { once.finish() }
        #if canImport(UserNotifications)
        previous.userNotificationCenter?(center, didReceive: response, withCompletionHandler: forward)
        #else
        previous.userNotificationCenter(center, didReceive: response, withCompletionHandler: forward)
        #endif
    }
    #endif

    #if !os(tvOS) && !os(watchOS)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {
        settings?.requestOpenSettings(OpenSettingsRequest(notification: notification.map(NotificationSnapshot.init)))
        guard let previous else { return }
        #if canImport(UserNotifications)
        previous.userNotificationCenter?(center, openSettingsFor: notification)
        #else
        previous.userNotificationCenter(center, openSettingsFor: notification)
        #endif
    }
    #endif
}

/// A weak reference to a delegate, as `UNUserNotificationCenter` itself holds it.
struct WeakDelegate: @unchecked Sendable {
    // Safe: only the weak reference is shared (read and replaced under `LockedState`'s lock); the delegate itself
    // is called the way `UNUserNotificationCenter` calls delegates, from the thread the system chose.
    weak var delegate: (any UNUserNotificationCenterDelegate)?
    init(_ delegate: (any UNUserNotificationCenterDelegate)?) { self.delegate = delegate }
}
#endif
