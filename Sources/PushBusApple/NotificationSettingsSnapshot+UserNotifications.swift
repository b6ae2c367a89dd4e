// UNNotificationSettings → NotificationSettingsSnapshot, telling "this iOS has no such setting" from "off".
#if canImport(UIKit) && os(iOS)
public import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
internal import Foundation
public import PushBusAuthorization

/// Which notification settings the running iOS has, by the version that introduced them
/// (UNNotificationSettings.h): previews 11; critical alerts, provisional and `providesAppNotificationSettings` 12;
/// announcements 13; ephemeral 14; time-sensitive, scheduled delivery and direct messages 15. Tests pass an older
/// system (`.iOS(12)`) to check the "unavailable" side on Linux, where every `#available` is true.
package struct NotificationSettingsFeatures: Sendable, Hashable {
    package var hasPreviews: Bool
    package var hasCriticalAndProvisional: Bool
    package var hasAnnouncement: Bool
    package var hasEphemeral: Bool
    package var hasFocusSettings: Bool

    /// What the running system has.
    package static var current: NotificationSettingsFeatures {
        var features = NotificationSettingsFeatures.iOS(13)  // PushBus's floor
        if #available(iOS 14.0, *) { features.hasEphemeral = true }
        if #available(iOS 15.0, *) { features.hasFocusSettings = true }
        return features
    }

    /// What iOS `major` has.
    package static func iOS(_ major: Int) -> NotificationSettingsFeatures {
        NotificationSettingsFeatures(
            hasPreviews: major >= 11, hasCriticalAndProvisional: major >= 12, hasAnnouncement: major >= 13,
            hasEphemeral: major >= 14, hasFocusSettings: major >= 15)
    }

    /// `options` as `UNAuthorizationOptions`, keeping only what this system knows: `.announcement` on iOS 13–14
    /// (ignored from 15, where it is deprecated), `.timeSensitive` on 15+ (introduced deprecated: harmless, and
    /// what apps built for 15 pass). By raw value, so no deprecated symbol is named.
    package func authorizationOptions(_ options: AuthorizationOptions) -> UNAuthorizationOptions {
        var known = AuthorizationOptions.standard.union(.carPlay)
        if hasCriticalAndProvisional {
            known.formUnion([.criticalAlert, .providesAppNotificationSettings, .provisional])
        }
        if hasAnnouncement && !hasFocusSettings { known.insert(.announcement) }
        if hasFocusSettings { known.insert(.timeSensitive) }
        return UNAuthorizationOptions(rawValue: UInt(options.intersection(known).rawValue))
    }
}

extension NotificationSettingsSnapshot {
    /// The snapshot of `settings` on the running system.
    public init(_ settings: UNNotificationSettings) {
        self.init(settings, features: .current)
    }

    /// The snapshot of `settings` as a system with `features` reports it: what that system lacks is
    /// `unavailable`, whatever the object says.
    package init(_ settings: UNNotificationSettings, features: NotificationSettingsFeatures) {
        self.init(status: AuthorizationStatus(settings.authorizationStatus, features: features))
        alert = Setting(settings.alertSetting)
        sound = Setting(settings.soundSetting)
        badge = Setting(settings.badgeSetting)
        lockScreen = Setting(settings.lockScreenSetting)
        notificationCenter = Setting(settings.notificationCenterSetting)
        carPlay = Setting(settings.carPlaySetting)
        alertStyle = AlertStyle(settings.alertStyle)
        if features.hasPreviews { showPreviews = PreviewStyle(settings.showPreviewsSetting) }
        if features.hasCriticalAndProvisional {
            criticalAlert = Setting(settings.criticalAlertSetting)
            providesAppNotificationSettings = settings.providesAppNotificationSettings
        }
        if features.hasAnnouncement { announcement = Setting(settings.announcementSetting) }
        if features.hasFocusSettings, #available(iOS 15.0, *) {
            timeSensitive = Setting(settings.timeSensitiveSetting)
            scheduledDelivery = Setting(settings.scheduledDeliverySetting)
            directMessages = Setting(settings.directMessagesSetting)
        }
    }
}

extension NotificationSettingsSnapshot.AuthorizationStatus {
    /// The neutral status of a `UNAuthorizationStatus`. By raw value: `.provisional` (12) and `.ephemeral` (14)
    /// have availability, and an unknown future status reads as `notDetermined` (the app asks again, harmlessly).
    package init(_ status: UNAuthorizationStatus, features: NotificationSettingsFeatures) {
        switch status.rawValue {
        case 1: self = .denied
        case 2: self = .authorized
        case 3 where features.hasCriticalAndProvisional: self = .provisional
        case 4 where features.hasEphemeral: self = .ephemeral
        default: self = .notDetermined
        }
    }
}

extension NotificationSettingsSnapshot.Setting {
    /// `notSupported` → ``notSupported``, `disabled` → ``disabled``, `enabled` → ``enabled`` (by raw value, so a
    /// case added later reads as `notSupported`).
    public init(_ setting: UNNotificationSetting) {
        switch setting.rawValue {
        case 1: self = .disabled
        case 2: self = .enabled
        default: self = .notSupported
        }
    }
}

extension NotificationSettingsSnapshot.AlertStyle {
    /// The neutral style of a `UNAlertStyle`.
    public init(_ style: UNAlertStyle) {
        switch style.rawValue {
        case 1: self = .banner
        case 2: self = .alert
        default: self = .none
        }
    }
}

extension NotificationSettingsSnapshot.PreviewStyle {
    /// The neutral preview setting of a `UNShowPreviewsSetting`.
    public init(_ setting: UNShowPreviewsSetting) {
        switch setting.rawValue {
        case 1: self = .whenAuthenticated
        case 2: self = .never
        default: self = .always
        }
    }
}
#endif
