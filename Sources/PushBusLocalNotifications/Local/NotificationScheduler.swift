public import Foundation
public import PushBusCore

/// Schedules local notifications and manages the pending and delivered lists, whatever backs them:
/// `UNUserNotificationCenter` in PushBusApple, `SimulatedScheduler` in PushBusTesting.
///
/// The requirements mirror `UNUserNotificationCenter` (`add(_:)`, `pendingNotificationRequests()`,
/// `deliveredNotifications()`, `removePendingNotificationRequests(withIdentifiers:)`, …) so an implementation
/// over it is a line per method. Synchronous implementations satisfy the `async` requirements.
///
/// ```swift
/// func remind(in seconds: TimeInterval, scheduler: some NotificationScheduler) async throws {
///     try await scheduler.add(
///         LocalNotificationRequest(
///             identifier: "reminder", content: PushContent(title: "Time's up"),
///             trigger: .timeInterval(seconds, repeats: false)))
/// }
/// ```
public protocol NotificationScheduler: DeliveredNotificationList {
    /// Schedules `request`; a pending request with the same identifier is replaced.
    ///
    /// - Throws: ``LocalNotificationError`` for an invalid request, or the system's error.
    func add(_ request: LocalNotificationRequest) async throws

    /// The requests that have not fired yet (repeating ones stay here while they repeat).
    func pendingRequests() async -> [LocalNotificationRequest]

    /// The notifications shown in Notification Center, oldest first.
    func deliveredNotifications() async -> [DeliveredNotification]

    /// Cancels the pending requests with these identifiers (unknown identifiers are ignored).
    func removePendingRequests(withIdentifiers identifiers: [String]) async

    /// Cancels every pending request.
    func removeAllPendingRequests() async

    /// Removes the delivered notifications with these identifiers from Notification Center.
    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async

    /// Removes every delivered notification from Notification Center.
    func removeAllDeliveredNotifications() async
}

extension NotificationScheduler {
    /// ``deliveredNotifications()`` as snapshots: a push's with a push trigger, a local request's with its own.
    public func deliveredSnapshots() async -> [NotificationSnapshot] {
        await deliveredNotifications().map { notification in
            NotificationSnapshot(
                requestIdentifier: notification.identifier, date: notification.date,
                trigger: notification.isRemote ? .push : .timeInterval, content: notification.request.content)
        }
    }
}

/// A notification that was delivered (`UNNotification`): the request and when it fired.
public struct DeliveredNotification: Sendable, Hashable {
    /// The request that fired; a push's has no trigger (``isRemote``).
    public var request: LocalNotificationRequest
    /// When it was delivered (the fire date).
    public var date: Date
    /// A Boolean value indicating whether it came from a push (`UNPushNotificationTrigger`) rather than a
    /// local request; its `request` then has no trigger.
    public var isRemote: Bool

    /// Creates a delivered notification; by default a local one.
    public init(request: LocalNotificationRequest, date: Date, isRemote: Bool = false) {
        self.request = request
        self.date = date
        self.isRemote = isRemote
    }

    /// The request's identifier.
    public var identifier: String { request.identifier }
}
