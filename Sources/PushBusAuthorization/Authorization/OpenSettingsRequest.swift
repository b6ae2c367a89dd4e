internal import Foundation
public import PushBusCore

/// The system asked the app to show its own notification settings screen
/// (`userNotificationCenter(_:openSettingsFor:)`, iOS 12+): the user tapped the app's link in Settings, or
/// "Options" on one of its notifications.
///
/// The Apple glue hands it to ``NotificationSettingsChannel/requestOpenSettings(_:)``; the app (or
/// `router.notifications.routeSettingsRequests(from:to:)` in PushBusRouting, which opens a route with the source
/// `.settings`) reacts to it through ``NotificationSettingsChannel/onOpenSettings(_:)``.
public struct OpenSettingsRequest: Sendable, Hashable {
    /// The notification whose "Options" the user tapped, or `nil` when the request came from Settings.
    public var notification: NotificationSnapshot?

    /// Creates a request, from a notification or (`nil`) from the Settings app.
    package init(notification: NotificationSnapshot? = nil) {
        self.notification = notification
    }
}
