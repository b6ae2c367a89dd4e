internal import Foundation
@_spi(PushBusInternals) import PushBusCore
public import PushBusLocalNotifications

/// The simulated device's whole Notification Center as a `NotificationScheduler`: the remote notifications iOS
/// listed and the device's ``SimulatedScheduler`` (local requests, pending and delivered). What
/// `PushDelivery.handleRetractions(in:)` and `ServiceExtensionStep.retract(in:ledger:inbox:)` are given in tests,
/// where an app passes `UserNotificationScheduler()`.
///
/// ```swift
/// device.process.keep(device.delivery.handleRetractions(in: device.notificationCenter))
/// device.deliver(remote: ["aps": ["content-available": 1], "pushbus": ["retract": ["fcm:0:1"]]])
/// ```
///
/// A removal is noted in the device's timeline. It holds the device weakly: once the device is gone it lists
/// nothing.
public struct SimulatedNotificationCenter: NotificationScheduler {
    private weak var device: SimulatedDevice?

    init(device: SimulatedDevice) { self.device = device }

    /// Adds `request` to the device's ``SimulatedScheduler``; does nothing once the device is gone.
    public func add(_ request: LocalNotificationRequest) async throws { try device?.scheduler.add(request) }

    public func pendingRequests() async -> [LocalNotificationRequest] { device?.scheduler.pendingRequests() ?? [] }

    /// The remote and local notifications in Notification Center, oldest first.
    public func deliveredNotifications() async -> [DeliveredNotification] {
        guard let device else { return [] }
        let remote = device.storage.withLock { $0.remoteList }.map { notification in
            DeliveredNotification(
                request: LocalNotificationRequest(identifier: notification.identifier, content: notification.content),
                date: notification.date, isRemote: true)
        }
        return (remote + device.scheduler.deliveredNotifications()).sorted { $0.date < $1.date }
    }

    public func removePendingRequests(withIdentifiers identifiers: [String]) async {
        device?.scheduler.removePendingRequests(withIdentifiers: identifiers)
    }

    public func removeAllPendingRequests() async { device?.scheduler.removeAllPendingRequests() }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
        device?.removeFromNotificationCenter(identifiers)
    }

    public func removeAllDeliveredNotifications() async {
        guard let device else { return }
        device.removeFromNotificationCenter(device.deliveredNotifications.map(\.identifier))
    }
}

extension SimulatedDevice {
    /// The device's Notification Center, remote and local notifications, as a `NotificationScheduler`.
    public var notificationCenter: SimulatedNotificationCenter { SimulatedNotificationCenter(device: self) }

    /// `removeDeliveredNotifications(withIdentifiers:)`: remote and local notifications with these identifiers
    /// leave Notification Center (unknown identifiers are ignored); each removal is noted.
    func removeFromNotificationCenter(_ identifiers: [String]) {
        let wanted = Set(identifiers)
        let remote = storage.withLock { state -> [String] in
            let gone = state.remoteList.map(\.identifier).filter(wanted.contains)
            state.remoteList.removeAll { wanted.contains($0.identifier) }
            state.remoteListed.subtract(gone)
            return gone
        }
        let local = scheduler.deliveredNotifications().map(\.identifier).filter(wanted.contains)
        scheduler.removeDeliveredNotifications(withIdentifiers: local)
        for id in remote + local { note("[\(id)] removed from Notification Center") }
    }
}
