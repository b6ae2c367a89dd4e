/// Which of a scheduler's lists an operation concerns: requests still pending, notifications already delivered,
/// or both (O2SPushKit's `O2SPushNotificationRequestStatus`).
public struct NotificationStatus: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Scheduled and not fired yet.
    public static let pending = NotificationStatus(rawValue: 1 << 0)
    /// Shown in Notification Center.
    public static let delivered = NotificationStatus(rawValue: 1 << 1)
    /// Both lists.
    public static let all: NotificationStatus = [.pending, .delivered]
}

extension NotificationScheduler {
    /// Removes notifications from the lists `statuses` names, in one call.
    ///
    /// ```swift
    /// await scheduler.removeNotifications(withIdentifiers: ["reminder"], from: .all)
    /// await scheduler.removeNotifications(withIdentifiers: nil, from: .delivered)   // clear Notification Center
    /// ```
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers to remove; `nil` removes everything in those lists.
    ///   - statuses: The lists to remove from.
    public func removeNotifications(withIdentifiers identifiers: [String]?, from statuses: NotificationStatus) async {
        if statuses.contains(.pending) {
            if let identifiers {
                await removePendingRequests(withIdentifiers: identifiers)
            } else {
                await removeAllPendingRequests()
            }
        }
        if statuses.contains(.delivered) {
            if let identifiers {
                await removeDeliveredNotifications(withIdentifiers: identifiers)
            } else {
                await removeAllDeliveredNotifications()
            }
        }
    }
}
