internal import Foundation

extension NotificationSettingsSnapshot {
    /// One field of a snapshot, named for change reports.
    public enum Field: String, Sendable, Hashable, CaseIterable, Codable {
        case status, alert, sound, badge, lockScreen, notificationCenter, carPlay, criticalAlert, timeSensitive
        case scheduledDelivery, directMessages, announcement, alertStyle, showPreviews
        case providesAppNotificationSettings, criticalAlertRequested
    }

    /// The fields whose values differ between `previous` and this snapshot, in ``Field`` order (empty when equal).
    public func changedFields(since previous: NotificationSettingsSnapshot) -> [Field] {
        Field.allCases.filter { field in
            switch field {
            case .status: return status != previous.status
            case .alert: return alert != previous.alert
            case .sound: return sound != previous.sound
            case .badge: return badge != previous.badge
            case .lockScreen: return lockScreen != previous.lockScreen
            case .notificationCenter: return notificationCenter != previous.notificationCenter
            case .carPlay: return carPlay != previous.carPlay
            case .criticalAlert: return criticalAlert != previous.criticalAlert
            case .timeSensitive: return timeSensitive != previous.timeSensitive
            case .scheduledDelivery: return scheduledDelivery != previous.scheduledDelivery
            case .directMessages: return directMessages != previous.directMessages
            case .announcement: return announcement != previous.announcement
            case .alertStyle: return alertStyle != previous.alertStyle
            case .showPreviews: return showPreviews != previous.showPreviews
            case .providesAppNotificationSettings:
                return providesAppNotificationSettings != previous.providesAppNotificationSettings
            case .criticalAlertRequested: return isCriticalAlertRequested != previous.isCriticalAlertRequested
            }
        }
    }
}

/// A change of the app's notification settings: what they were, what they are, and which fields differ.
///
/// The first reading of a process has no `previous` value (every field counts as changed).
public struct NotificationSettingsChange: Sendable, Hashable {
    /// The settings read before, or `nil` for the first reading.
    public var previous: NotificationSettingsSnapshot?
    /// The settings now.
    public var current: NotificationSettingsSnapshot
    /// The fields that differ (all of them for a first reading).
    public var changedFields: [NotificationSettingsSnapshot.Field]

    /// Creates the change between two readings and computes ``changedFields``; a `nil` `previous` marks every field
    /// changed.
    public init(previous: NotificationSettingsSnapshot?, current: NotificationSettingsSnapshot) {
        self.previous = previous
        self.current = current
        changedFields = previous.map { current.changedFields(since: $0) } ?? NotificationSettingsSnapshot.Field.allCases
    }

    /// A Boolean value indicating whether the authorization status changed (for example the user turned
    /// notifications off in Settings while the app was away).
    public var isStatusChange: Bool { changedFields.contains(.status) }
}
