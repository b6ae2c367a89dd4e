internal import Foundation
import PushBusDelivery
public import PushBusLocalNotifications

/// Local notifications: scheduled on the ``SimulatedScheduler``, handed to the adapters when they fire.
extension SimulatedDevice {
    /// The app schedules a local notification (`UNUserNotificationCenter.add`); it fires when
    /// ``advanceTime(by:)`` reaches its date (a request without trigger fires at the next clock step).
    ///
    /// When it fires: in the foreground, `willPresent` on iOS 10+ (listed if the app answers `.list`), or
    /// `application(_:didReceive:)` (`active`) on iOS 9; otherwise iOS shows it and lists it, without a callback.
    ///
    /// - Throws: `LocalNotificationError` when the request is invalid, as the scheduler validates it.
    public func schedule(local request: LocalNotificationRequest) throws {
        try scheduler.add(request)
        delivery.noteContentUse(request.content)  // the category-match and interruption-level preflight facts
    }

    /// The scheduler's delivery hook: what iOS does when a local notification fires.
    func deliverLocal(_ delivered: DeliveredNotification) -> SimulatedScheduler.DeliveryDisposition {
        let notification = SimulatedNotification(local: delivered)
        let id = notification.identifier
        let authorization = self.authorization
        note("local notification [\(id)] fires")
        guard authorization.allowsDelivery else {
            record(.presentation(notification: id, .notAuthorized))
            return .notListed
        }
        let current = state
        guard current.isForeground else {
            list(notification, authorization: authorization)
            return .listed
        }
        guard generation.usesNotificationCenterDelegate else {
            call(.didReceiveLocalNotification, notification: id)
            appDelegateAdapter.didReceive(notification.legacyLocalNotification, appState: current.appState)
            record(.presentation(notification: id, .notShown))
            return .notListed
        }
        let scheduler = self.scheduler
        present(notification, authorization: authorization) { listed in
            if listed { scheduler.recordDelivered(delivered) }
        }
        return .notListed
    }
}
