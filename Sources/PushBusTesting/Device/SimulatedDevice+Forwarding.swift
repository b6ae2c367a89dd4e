public import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusDelivery

/// What happens beside iOS's own callbacks: another push SDK handing a notification over again, and the
/// device-token registration.
extension SimulatedDevice {
    /// Another push SDK (JPush, a vendor channel, …) forwards the notification `identifier` to PushBus again,
    /// as an arrival or, with `response`, as a tap: subscribers still see it once.
    ///
    /// - Throws: ``SimulationError/notificationNotDelivered(_:)`` when the device never received a remote
    ///   notification with that identifier.
    func forwardFromOtherSDK(_ identifier: String, response: PushResponse? = nil) throws {
        guard let notification = receivedRemote(identifier) else {
            throw SimulationError.notificationNotDelivered(identifier)
        }
        call(.forwardedByOtherSDK, notification: identifier)
        appDelegateAdapter.didReceiveForwardedNotification(
            notification.userInfo, appState: appState, response: response)
    }

    /// iOS answers `registerForRemoteNotifications()` with a device token:
    /// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    public func registerForRemoteNotifications(deviceToken: Data) {
        call(.didRegisterForRemoteNotifications)
        appDelegateAdapter.didRegisterForRemoteNotifications(deviceToken: deviceToken)
    }

    func receivedRemote(_ identifier: String) -> SimulatedNotification? {
        storage.withLock { $0.received[identifier] }
    }
}
