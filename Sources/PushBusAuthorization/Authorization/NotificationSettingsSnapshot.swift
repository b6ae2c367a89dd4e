internal import Foundation

/// What the user allowed for the app's notifications, as a typed value (`UNNotificationSettings`, read once).
///
/// Every setting tells four answers apart: the OS version has no such setting (``Setting/unavailable``), the OS
/// has it but it is not available to this app (``Setting/notSupported``: a missing entitlement or capability, or
/// hardware without it), the user turned it off (``Setting/disabled``) or on (``Setting/enabled``).
///
/// ```swift
/// switch snapshot.criticalAlerts {
/// case .entitlementMissing: log("ask Apple for the critical-alerts entitlement")
/// case .denied: showExplanation()
/// case .enabled, .unavailable, .notRequested: break
/// }
/// ```
public struct NotificationSettingsSnapshot: Sendable, Hashable, Codable {
    /// The app's authorization (`UNAuthorizationStatus`).
    public enum AuthorizationStatus: String, Sendable, Hashable, CaseIterable, Codable {
        /// The app never asked.
        case notDetermined
        /// The user said no (or turned notifications off in Settings).
        case denied
        /// The user allowed notifications.
        case authorized
        /// Quiet delivery to Notification Center without asking (iOS 12+).
        case provisional
        /// Limited authorization of an App Clip (iOS 14+).
        case ephemeral

        /// A Boolean value indicating whether notifications can reach the user at all.
        public var allowsDelivery: Bool {
            switch self {
            case .authorized, .provisional, .ephemeral: return true
            case .notDetermined, .denied: return false
            }
        }
    }

    /// One setting's state (`UNNotificationSetting`, plus "this OS has no such setting").
    public enum Setting: String, Sendable, Hashable, CaseIterable, Codable {
        /// The OS version has no such setting (for example time-sensitive delivery before iOS 15).
        case unavailable
        /// The OS has the setting, but it is not available to this app (`.notSupported`): a missing
        /// entitlement or capability, or a device without the feature (CarPlay, announcements).
        case notSupported
        /// The user turned it off, or it was never granted.
        case disabled
        /// The user turned it on.
        case enabled

        /// A Boolean value indicating whether the setting is on.
        package var isEnabled: Bool { self == .enabled }
    }

    /// How alerts are shown (`UNAlertStyle`).
    public enum AlertStyle: String, Sendable, Hashable, CaseIterable, Codable {
        /// No alert is shown.
        case none
        /// A banner that goes away by itself.
        case banner
        /// A persistent banner that stays until the user acts.
        case alert
    }

    /// When previews are shown (`UNShowPreviewsSetting`, iOS 11+).
    public enum PreviewStyle: String, Sendable, Hashable, CaseIterable, Codable {
        /// The OS version has no such setting.
        case unavailable
        /// Always.
        case always
        /// Only when the device is unlocked.
        case whenAuthenticated
        /// Never.
        case never
    }

    /// Whether critical alerts can sound, and if not, why.
    public enum CriticalAlertState: String, Sendable, Hashable, CaseIterable, Codable {
        /// The OS version has no critical alerts (before iOS 12).
        case unavailable
        /// The app lacks Apple's `com.apple.developer.usernotifications.critical-alerts` entitlement: asking the
        /// user cannot help.
        case entitlementMissing
        /// The app is entitled but never asked: authorization is not determined yet, or the app's requests did
        /// not include `.criticalAlert` (``NotificationSettingsSnapshot/isCriticalAlertRequested`` is `false`).
        case notRequested
        /// The app is entitled and asked; the user said no or turned them off.
        case denied
        /// Critical alerts sound even in Do Not Disturb and with the mute switch on.
        case enabled
    }

    /// The app's authorization.
    public var status: AuthorizationStatus
    /// Alerts (banners and alerts).
    public var alert: Setting
    /// Sounds.
    public var sound: Setting
    /// Badges on the app icon.
    public var badge: Setting
    /// Notifications on the lock screen.
    public var lockScreen: Setting
    /// Notifications in Notification Center.
    public var notificationCenter: Setting
    /// Notifications in CarPlay.
    public var carPlay: Setting
    /// Critical alerts (iOS 12+; needs an entitlement).
    public var criticalAlert: Setting
    /// Time-sensitive delivery (iOS 15+; needs the Time Sensitive Notifications capability).
    public var timeSensitive: Setting
    /// Delivery in the scheduled summary (iOS 15+).
    public var scheduledDelivery: Setting
    /// Communication notifications (iOS 15+; needs the Communication Notifications capability).
    public var directMessages: Setting
    /// Siri announcements (iOS 13+).
    public var announcement: Setting
    /// How alerts are shown (`none` when alerts are off).
    public var alertStyle: AlertStyle
    /// When previews are shown.
    public var showPreviews: PreviewStyle
    /// A Boolean value indicating whether the app told the system it has its own notification settings screen
    /// (`providesAppNotificationSettings`, iOS 12+): Settings then links to it, and iOS calls
    /// `userNotificationCenter(_:openSettingsFor:)`.
    public var providesAppNotificationSettings: Bool
    /// A Boolean value indicating whether the app asked for critical alerts (`.criticalAlert` in an
    /// authorization request), or `nil` when unknown. iOS reports a critical-alert setting the app never asked
    /// for as `disabled`, the same as a refusal; ``NotificationAuthorizationFlow`` records what it requested here
    /// so ``criticalAlerts`` can say ``CriticalAlertState/notRequested``.
    public var isCriticalAlertRequested: Bool?

    /// Creates a snapshot; every setting not given is ``Setting/unavailable``.
    public init(
        status: AuthorizationStatus, alert: Setting = .unavailable, sound: Setting = .unavailable,
        badge: Setting = .unavailable, lockScreen: Setting = .unavailable, notificationCenter: Setting = .unavailable,
        carPlay: Setting = .unavailable, criticalAlert: Setting = .unavailable, timeSensitive: Setting = .unavailable,
        scheduledDelivery: Setting = .unavailable, directMessages: Setting = .unavailable,
        announcement: Setting = .unavailable, alertStyle: AlertStyle = .none, showPreviews: PreviewStyle = .unavailable,
        providesAppNotificationSettings: Bool = false, isCriticalAlertRequested: Bool? = nil
    ) {
        self.status = status
        self.alert = alert
        self.sound = sound
        self.badge = badge
        self.lockScreen = lockScreen
        self.notificationCenter = notificationCenter
        self.carPlay = carPlay
        self.criticalAlert = criticalAlert
        self.timeSensitive = timeSensitive
        self.scheduledDelivery = scheduledDelivery
        self.directMessages = directMessages
        self.announcement = announcement
        self.alertStyle = alertStyle
        self.showPreviews = showPreviews
        self.providesAppNotificationSettings = providesAppNotificationSettings
        self.isCriticalAlertRequested = isCriticalAlertRequested
    }

    /// Whether critical alerts can sound, telling a missing entitlement apart from the user's refusal.
    public var criticalAlerts: CriticalAlertState {
        switch criticalAlert {
        case .unavailable: return .unavailable
        case .notSupported: return .entitlementMissing
        case .enabled: return status.allowsDelivery ? .enabled : .denied
        case .disabled:
            // Off because nobody asked is not a refusal: the app never requested them, or never asked at all.
            return status == .notDetermined || isCriticalAlertRequested == false ? .notRequested : .denied
        }
    }

    /// A Boolean value indicating whether time-sensitive notifications break through Focus: the OS has them,
    /// the app has the capability, and the user left them on.
    public var allowsTimeSensitive: Bool { status.allowsDelivery && timeSensitive.isEnabled }
}
