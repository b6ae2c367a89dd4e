internal import Foundation

extension NotificationScheduler {
    /// The pending requests with these identifiers, in the scheduler's order (O2SPushKit's
    /// `findNotificationWithIdentifiers:` for pending requests; remove them with
    /// ``removeNotifications(withIdentifiers:from:)``). Unknown identifiers are ignored.
    public func pendingRequests(withIdentifiers identifiers: [String]) async -> [LocalNotificationRequest] {
        let wanted = Set(identifiers)
        return await pendingRequests().filter { wanted.contains($0.identifier) }
    }

    /// The delivered notifications with these identifiers, oldest first. Unknown identifiers are ignored.
    public func deliveredNotifications(withIdentifiers identifiers: [String]) async -> [DeliveredNotification] {
        let wanted = Set(identifiers)
        return await deliveredNotifications().filter { wanted.contains($0.identifier) }
    }

}
