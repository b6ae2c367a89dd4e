// Keeps the app's ledger current with what its extensions write: a Darwin notification posted by the extension
// after it writes, and the app returning to the foreground, both call `refresh()`.
#if canImport(UIKit) && !os(watchOS)
import UIKit
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if (canImport(UIKit) && !os(watchOS)) || PUSHBUS_APPLE_STUBS
public import Foundation
@_spi(PushBusInternals) import PushBusCore
public import PushBusDelivery
public import PushBusStorage

/// Calls `DeliveryLedger/refresh()` in the app when an extension posts that it wrote, and when the app returns
/// to the foreground. The extension side is `DeliveryLedger.postChange(name:)` (PushBusAppleExtension).
///
/// ```swift
/// // App (keep the refresher alive):
/// refresher = DeliveryLedgerRefresher(ledger: ledger, notificationName: "group.com.example.pushbus.ledger")
/// // Notification Service Extension, after writing:
/// DeliveryLedger.postChange(name: "group.com.example.pushbus.ledger")
/// ```
/// Refreshes run on a serial background queue, one at a time: file work never blocks the main thread, and no
/// file lock is held across a suspension (iOS kills a suspended app holding one: `0xdead10cc`). Refresh failures go to the ledger's
/// `DeliveryLedger/Configuration/onIssue`. Every `PushInbox` on the ledger follows each refresh: the entries an
/// extension added reach its changes, a `PushInboxModel` and the badge sync on that queue's thread.
public final class DeliveryLedgerRefresher: Sendable {
    /// What the Darwin notification callback reaches through its observer pointer.
    private final class Target: Sendable {
        let ledger: DeliveryLedger
        /// When given, a refresh also delivers the content extension's answers (which refreshes the ledger).
        let delivery: PushDelivery?
        /// Refreshes run here, one at a time, off the main thread.
        let queue = DispatchQueue(label: "pushbus.ledger-refresher", qos: .utility)
        init(ledger: DeliveryLedger, delivery: PushDelivery?) {
            self.ledger = ledger
            self.delivery = delivery
        }
        func refresh() {
            // Read where the notification arrives (the main thread, for Darwin and foreground notifications): on
            // the refresh queue it would always read as inactive.
            let appState = PushAppState.current()
            queue.async { [ledger, delivery] in
                if let delivery {
                    delivery.deliverContentExtensionAnswers(appState: appState)
                } else {
                    try? ledger.refresh()
                }
            }
        }
    }

    private let target: Target
    /// `target`, retained until ``cancel()``: the C callback gets it back as its observer pointer.
    private let retained: Unmanaged<Target>
    private var observer: UnsafeRawPointer { UnsafeRawPointer(retained.toOpaque()) }
    private let foregroundToken: LockedState<ObserverToken?>
    private let notificationCenter: NotificationCenter

    /// Starts refreshing `ledger` on the Darwin notification `notificationName` and on
    /// `UIApplication.willEnterForegroundNotification`.
    ///
    /// - Parameters:
    ///   - ledger: The app's ledger.
    ///   - notificationName: The Darwin notification name the extensions post (use one per app group).
    ///   - notificationCenter: Where the foreground notification is observed (default `.default`).
    @MainActor
    public convenience init(
        ledger: DeliveryLedger, notificationName: String, notificationCenter: NotificationCenter = .default
    ) {
        self.init(
            target: Target(ledger: ledger, delivery: nil), notificationName: notificationName,
            notificationCenter: notificationCenter)
    }

    /// Starts refreshing `delivery`'s ledger as ``init(ledger:notificationName:notificationCenter:)`` does, and
    /// delivering the Notification Content Extension's answers each time
    /// (`PushDelivery/deliverContentExtensionAnswers(appState:)`): the app's subscribers get each answer once,
    /// while the app runs. Call `deliverContentExtensionAnswers` yourself once at launch too.
    ///
    /// - Parameters:
    ///   - delivery: The app's delivery (its ledger is the app group's).
    ///   - notificationName: The Darwin notification name the extensions post (use one per app group).
    ///   - notificationCenter: Where the foreground notification is observed (default `.default`).
    @MainActor
    public convenience init(
        delivery: PushDelivery, notificationName: String, notificationCenter: NotificationCenter = .default
    ) {
        self.init(
            target: Target(ledger: delivery.ledger, delivery: delivery), notificationName: notificationName,
            notificationCenter: notificationCenter)
    }

    @MainActor
    private init(target: Target, notificationName: String, notificationCenter: NotificationCenter) {
        self.target = target
        self.notificationCenter = notificationCenter
        retained = Unmanaged.passRetained(target)
        CFNotificationCenterAddObserver(
            CFNotificationCenterGetDarwinNotifyCenter(), UnsafeRawPointer(retained.toOpaque()),
            { _, observer, _, _, _ in
                guard let observer else { return }
                Unmanaged<Target>.fromOpaque(observer).takeUnretainedValue().refresh()
            },
            notificationName as CFString, nil, .deliverImmediately)
        let target = self.target
        foregroundToken = LockedState(
            ObserverToken(
                value: notificationCenter.addObserver(
                    forName: UIApplication.willEnterForegroundNotification, object: nil, queue: nil
                ) { _ in target.refresh() }))
    }

    /// Stops observing. Calling it twice does nothing.
    public func cancel() {
        guard
            let token = foregroundToken.withLock({ token -> ObserverToken? in
                defer { token = nil }
                return token
            })
        else { return }
        notificationCenter.removeObserver(token.value)
        CFNotificationCenterRemoveEveryObserver(CFNotificationCenterGetDarwinNotifyCenter(), observer)
        retained.release()
    }

    deinit { cancel() }

    /// Waits until the refreshes already started have finished (for tests: a deterministic point to check what a
    /// notification did, or did not, do).
    func waitForRefreshes() { target.queue.sync {} }

    /// The token `addObserver(forName:object:queue:using:)` returns.
    private struct ObserverToken: @unchecked Sendable {
        // Safe: the token is opaque to us; it is only handed back to `NotificationCenter.removeObserver(_:)`, which
        // may be called from any thread.
        let value: NSObjectProtocol
    }
}
#endif
