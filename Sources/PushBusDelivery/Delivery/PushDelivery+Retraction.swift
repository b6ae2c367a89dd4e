internal import Foundation
public import PushBusCore
import PushBusStorage

extension PushDelivery {
    /// Carries out the PushBus retract and replace keys (`PushRetraction`) of every push that reaches the app with
    /// a background-fetch completion handler (`content-available`, app running or woken): removes the named
    /// notifications from Notification Center and records a `removed` event for each in the ``ledger``. The
    /// system's completion handler waits for it (`.newData` when something was removed). An attached
    /// `PushInbox` removes the entries itself (`PushInbox.note(_:)`), and its badge follows.
    ///
    /// ```swift
    /// let retracting = delivery.handleRetractions(in: UserNotificationScheduler())  // PushBusApple
    /// ```
    ///
    /// > Warning: iOS delivers no silent push to an app the user force-quit, and throttles silent pushes; send
    /// > the retraction as a visible `mutable-content` push too, for the service extension's
    /// > `ServiceExtensionStep.retract(in:ledger:inbox:)` (Docs/Retraction.md).
    ///
    /// - Parameter notificationCenter: Notification Center's delivered list (`UserNotificationScheduler` in
    ///   PushBusApple, `SimulatedNotificationCenter` in PushBusTesting: any `NotificationScheduler`).
    /// - Returns: The subscription; cancel it (or release it) to stop.
    public func handleRetractions(in notificationCenter: some DeliveredNotificationList) -> PushCancellable {
        onBackgroundMessage { [ledger] message in
            guard let run = RetractionRun(message) else { return .noData }
            let removed = await run.removeDelivered(from: notificationCenter)
            for (earlier, event) in removed { ledger.enqueue(event, for: earlier) }
            return removed.isEmpty ? .noData : .newData
        }
    }
}
