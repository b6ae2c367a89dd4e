// Runs an action each time the app returns to the foreground, until cancelled.
#if canImport(UIKit) && !os(watchOS)
import UIKit
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if (canImport(UIKit) && !os(watchOS)) || PUSHBUS_APPLE_STUBS
internal import Foundation
@_spi(PushBusInternals) import PushBusCore

/// Observes one of `UIApplication`'s lifecycle notifications (default `willEnterForegroundNotification`) for the
/// glue's observers; ``cancel()`` (or releasing it) removes the observer, once. UIKit posts them on the main thread,
/// with or without scenes, and `action` runs there, as the notification is posted.
final class ForegroundObservation: Sendable {
    private let token: LockedState<ObserverToken?>
    private let notificationCenter: NotificationCenter

    @MainActor
    init(
        notificationCenter: NotificationCenter,
        name: NSNotification.Name = UIApplication.willEnterForegroundNotification,
        _ action: @escaping @Sendable () -> Void
    ) {
        self.notificationCenter = notificationCenter
        token = LockedState(
            ObserverToken(
                value: notificationCenter.addObserver(forName: name, object: nil, queue: nil) { _ in action() }))
    }

    /// Stops observing. Calling it twice does nothing.
    func cancel() {
        guard
            let token = token.withLock({ token -> ObserverToken? in
                defer { token = nil }
                return token
            })
        else { return }
        notificationCenter.removeObserver(token.value)
    }

    deinit { cancel() }

    /// The token `addObserver(forName:object:queue:using:)` returns.
    private struct ObserverToken: @unchecked Sendable {
        // Safe: the token is opaque to us; it is only handed back to `NotificationCenter.removeObserver(_:)`, which
        // may be called from any thread.
        let value: NSObjectProtocol
    }
}
#endif
