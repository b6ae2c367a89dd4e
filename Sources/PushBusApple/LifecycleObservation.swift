// Follows the app's lifecycle through UIApplication's notifications, so no app forwards a lifecycle method.
#if canImport(UIKit) && os(iOS)
import UIKit
import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
internal import Foundation
import PushBusCore
import PushBusDelivery
import PushBusStorage

/// What the installation does as the app becomes active and returns to the foreground, read from `UIApplication`'s
/// notifications: UIKit posts them in every lifecycle (an app delegate alone, scenes, a SwiftUI `App`), while it
/// calls `applicationDidBecomeActive(_:)` only in an app without scenes ("If you're using scenes, UIKit will not
/// call this method. Use `sceneDidBecomeActive(_:)` instead." — Apple, `applicationDidBecomeActive(_:)`).
///
/// - `didBecomeActiveNotification`: launch is over (launch payloads no `didReceive` claimed are posted), the answers
///   a Notification Content Extension recorded while the app was away are delivered, and the notifications
///   Notification Center shows that the ledger lacks (the service extension could not write while the device was
///   locked since boot) are recorded, in the ledger and in the inbox ``PushBusApp/Configuration`` keeps.
/// - `willEnterForegroundNotification`: nothing more; activation follows at once (the ledger's refresher, Live
///   Activities and the settings observer follow this notification on their own).
/// - `didEnterBackgroundNotification`: nothing. The adapters keep no state that going to the background changes;
///   the ledger's writer holds no lock across a suspension (it takes an expiring activity while it writes).
///
/// Doing it twice is harmless: an app that still forwards `applicationDidBecomeActive(_:)` ends a launch that is
/// over already and finds no answer left (each is claimed once, in the ledger).
@MainActor
final class LifecycleObservation {
    private let observation: ForegroundObservation

    init(
        delivery: PushDelivery, appDelegate: AppDelegateAdapter, notificationCenter: NotificationCenter,
        userNotifications: UNUserNotificationCenter, inbox: @escaping @Sendable () -> PushInbox?
    ) {
        let box = CenterBox(center: userNotifications)
        observation = ForegroundObservation(
            notificationCenter: notificationCenter, name: UIApplication.didBecomeActiveNotification
        ) {
            appDelegate.applicationDidBecomeActive()
            Self.recordDelivered(in: box, delivery: delivery, inbox: inbox())
        }
    }

    /// Stops following the lifecycle.
    func cancel() { observation.cancel() }

    /// Reads what Notification Center shows and records what the ledger lacks, on UserNotifications' queue (never
    /// the main thread: recording is file work).
    nonisolated private static func recordDelivered(in box: CenterBox, delivery: PushDelivery, inbox: PushInbox?) {
        #if !os(tvOS)
        box.center.getDeliveredNotifications { notifications in
            delivery.recordDelivered(notifications.map(NotificationSnapshot.init), inbox: inbox)
        }
        #endif
    }
}
#endif
