// Refills a LocalNotificationSchedule at launch, on return to the foreground and when one of its notifications
// reaches the app.
#if canImport(UIKit) && os(iOS)
import UIKit
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
public import Foundation
import PushBusCore
import PushBusDelivery
public import PushBusLocalNotifications
public import PushBusHub

/// Keeps a `LocalNotificationSchedule`'s window full: refills it when created (at launch), on
/// `UIApplication.willEnterForegroundNotification`, and whenever one of its notifications is shown in the
/// foreground or answered (through the center). It also records the category and interruption level of every
/// scheduled reminder for `PushBusApp.diagnose()`. Background refresh is the app's: call
/// `LocalNotificationSchedule.refill()` in its `BGAppRefreshTask` handler.
///
/// ```swift
/// // application(_:didFinishLaunchingWithOptions:)
/// let schedule = try LocalNotificationSchedule(
///     scheduler: UserNotificationScheduler(), directory: appGroupURL)
/// refresher = LocalScheduleRefresher(schedule: schedule, center: PushBusApp.installedCenter)
/// ```
///
/// Keep it alive as long as the app runs; ``cancel()`` (or releasing it) stops refilling.
public final class LocalScheduleRefresher: Sendable {
    private let foreground: ForegroundObservation
    private let subscription: PushCancellable

    /// Starts refilling, with a first refill now.
    ///
    /// - Parameters:
    ///   - schedule: The schedule to refill.
    ///   - center: The hub whose local notifications trigger a refill (default: the installed one).
    ///   - notificationCenter: Where the foreground notification is observed (default `.default`).
    @MainActor
    public init(
        schedule: LocalNotificationSchedule, center: PushCenter = PushBusApp.installedCenter,
        notificationCenter: NotificationCenter = .default
    ) {
        subscription = schedule.attach(to: center)
        // The preflight's facts: reminders that are time-sensitive or critical need entitlements.
        schedule.recordContentUse(
            in: center === PushBusApp.installedCenter ? PushBusApp.installedDelivery : PushDelivery.shared(for: center))
        foreground = ForegroundObservation(notificationCenter: notificationCenter) {
            Task { try? await schedule.refill() }
        }
        Task { try? await schedule.refill() }
    }

    /// Stops refilling. Calling it twice does nothing.
    public func cancel() {
        subscription.cancel()
        foreground.cancel()
    }

    deinit { cancel() }
}
#endif
