@_spi(PushBusInternals) internal import PushBusCore
package import PushBusLocalNotifications

/// What a schedule tells the delivery's preflight: here, beside `PushDelivery`, so that the local-notification
/// model does not name the delivery.
extension LocalNotificationSchedule {
    /// Records the category and interruption level of every request held now, and of each one added from now on,
    /// with `delivery`, so `diagnose()` reports time-sensitive or critical reminders stored beyond the window
    /// without the entitlement (the glue's `LocalScheduleRefresher` calls it).
    package func recordContentUse(in delivery: PushDelivery) {
        contentUse.withLock { $0 = { content in delivery.noteContentUse(content) } }
        for request in requests() { delivery.noteContentUse(request.content) }
    }
}
