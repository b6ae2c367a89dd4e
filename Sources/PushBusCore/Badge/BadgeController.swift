/// Sets and clears the app icon's badge. PushBusApple implements it over `UNUserNotificationCenter` /
/// `UIApplication`; PushBusTesting has `SimulatedBadge`.
///
/// ```swift
/// try await badge.setBadge(3)
/// try await badge.clearBadge()  // Notification Center keeps its list
/// try await badge.clearBadgeAndNotifications()  // and empties it
/// ```
public protocol BadgeController: Sendable {
    /// Applies `change`.
    ///
    /// - Throws: ``BadgeError``.
    func apply(_ change: BadgeChange) async throws
}

extension BadgeController {
    /// Shows `count` on the app icon; `0` clears the badge and keeps the notification list.
    ///
    /// - Throws: ``BadgeError/negativeCount(_:)`` for a negative count, or the system's error.
    public func setBadge(_ count: Int) async throws {
        let change = BadgeChange.set(count)
        try change.validate()
        try await apply(change)
    }

    /// Clears the badge; delivered notifications stay in Notification Center.
    public func clearBadge() async throws { try await apply(.clear) }

    /// Clears the badge and removes every delivered notification from Notification Center.
    public func clearBadgeAndNotifications() async throws { try await apply(.clearWithNotifications) }
}
