public import Foundation
public import PushBusCore

/// What a `UILocalNotification` (iOS 4–10) carries, in neutral types.
///
/// ```swift
/// let reminder = LegacyLocalNotification(alertBody: "Stand up", category: "REMIND", userInfo: ["id": 7])
/// adapter.didReceive(reminder, appState: .inactive)  // → .localTapped on iOS < 10
/// ```
public struct LegacyLocalNotification: Sendable, Hashable {
    /// `alertTitle` (iOS 8.2+).
    package var alertTitle: String?
    /// `alertBody`.
    package var alertBody: String?
    /// `soundName`; `UILocalNotificationDefaultSoundName` reads as `PushSound.default`.
    package var soundName: String?
    /// `applicationIconBadgeNumber`; `0` means "leave the badge".
    package var applicationIconBadgeNumber: Int
    /// `category` (iOS 8+).
    package var category: String?
    /// `fireDate`.
    package var fireDate: Date?
    /// `userInfo`, converted.
    package var userInfo: [String: PushValue]

    /// The value of `UILocalNotificationDefaultSoundName`.
    package static let defaultSoundName = "UILocalNotificationDefaultSoundName"

    /// Creates one from `UILocalNotification`'s fields; a badge number of `0` leaves the badge as it is.
    public init(
        alertTitle: String? = nil, alertBody: String? = nil, soundName: String? = nil,
        applicationIconBadgeNumber: Int = 0, category: String? = nil, fireDate: Date? = nil,
        userInfo: [String: PushValue] = [:]
    ) {
        self.alertTitle = alertTitle
        self.alertBody = alertBody
        self.soundName = soundName
        self.applicationIconBadgeNumber = applicationIconBadgeNumber
        self.category = category
        self.fireDate = fireDate
        self.userInfo = userInfo
    }

    /// Creates one from a Foundation `userInfo` dictionary (as `UILocalNotification.userInfo` holds it).
    public init(
        alertTitle: String? = nil, alertBody: String? = nil, soundName: String? = nil,
        applicationIconBadgeNumber: Int = 0, category: String? = nil, fireDate: Date? = nil,
        foundationUserInfo: [AnyHashable: Any]?
    ) {
        var converted: [String: PushValue] = [:]
        if let foundationUserInfo, case .object(let members) = PushValue(any: foundationUserInfo) {
            converted = members
        }
        self.init(
            alertTitle: alertTitle, alertBody: alertBody, soundName: soundName,
            applicationIconBadgeNumber: applicationIconBadgeNumber, category: category, fireDate: fireDate,
            userInfo: converted)
    }

    /// The notification as `PushContent` (the same shape a local `UNNotificationContent` gives).
    package var content: PushContent {
        let sound: PushSound? = soundName.map { $0 == Self.defaultSoundName || $0 == "default" ? .default : .named($0) }
        return PushContent(
            title: alertTitle, body: alertBody,
            badge: applicationIconBadgeNumber > 0 ? applicationIconBadgeNumber : nil,
            sound: sound, categoryIdentifier: category, userInfo: userInfo)
    }
}
