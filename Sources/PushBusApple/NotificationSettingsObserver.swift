// Reads the notification settings again each time the app returns to the foreground.
#if canImport(UIKit) && os(iOS)
import UIKit
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
public import Foundation
public import PushBusAuthorization

/// Calls `NotificationAuthorizationFlow.refreshSettings()` on `UIApplication.willEnterForegroundNotification`,
/// so a change the user made in Settings while the app was in the background reaches the flow's
/// `NotificationSettingsChannel` (which posts only real changes). ``PushBusApp`` starts one with its first
/// ``PushBusApp/registerForNotifications(options:categories:notificationCenter:application:)``.
///
/// Keep it alive as long as changes should be noticed; ``cancel()`` (or releasing it) stops observing.
public final class NotificationSettingsObserver: Sendable {
    private let foreground: ForegroundObservation

    /// Starts observing.
    ///
    /// - Parameters:
    ///   - flow: The flow whose settings to refresh (its channel gets the readings).
    ///   - notificationCenter: Where the foreground notification is observed (default `.default`).
    @MainActor
    public init(flow: NotificationAuthorizationFlow, notificationCenter: NotificationCenter = .default) {
        foreground = ForegroundObservation(notificationCenter: notificationCenter) {
            Task { await flow.refreshSettings() }
        }
    }

    /// Stops observing. Calling it twice does nothing.
    public func cancel() {
        foreground.cancel()
    }
}
#endif
