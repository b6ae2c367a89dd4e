// Feeds the app's PushTokenRegistry from the installed center: the device token the app delegate forwards and the
// Live Activity tokens LiveActivityObserver posts.
#if canImport(UserNotifications)
import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if canImport(UserNotifications) || PUSHBUS_APPLE_STUBS
internal import Foundation
import PushBusCore
import PushBusLiveActivity
public import PushBusHub
public import PushBusStorage

extension PushBusApp {
    private static var tokenReporting: PushCancellable?
    #if (canImport(UIKit) && !os(watchOS)) || PUSHBUS_APPLE_STUBS
    /// Re-reads the registry's file at each foreground (``reportTokens(to:center:onChange:)``).
    private static var tokenReloading: ForegroundObservation?
    #endif

    /// Reports every token the app gets to `registry`, so the server learns each exactly once across launches:
    /// the device token (`application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`, forwarded by
    /// `installAppDelegateForwarding(_:)` or your own forwarding to ``appDelegate``), and the push-to-start tokens,
    /// update tokens and ends that `LiveActivityObserver` posts to the installed center's `liveActivities`.
    /// At each return to the foreground it re-reads the registry's file (`registry.reload()`), so the control and
    /// widget push tokens the widget extension's push handlers recorded in the same App Group reach `onChange` too.
    /// `onChange` gets what the server has not learned yet; call `registry.markReported(_:)` once it has.
    /// Calling it again replaces the previous reporting.
    ///
    /// ```swift
    /// // application(_:didFinishLaunchingWithOptions:), after install:
    /// let tokens = try PushTokenRegistry(directory: appGroupURL)
    /// PushBusApp.reportTokens(to: tokens) { changes in Task { await server.send(changes, then: tokens) } }
    /// observer = LiveActivityObserver<DeliveryAttributes>(tokens: PushBusApp.installedCenter.liveActivities)
    /// observer.start()
    /// ```
    public static func reportTokens(
        to registry: PushTokenRegistry, center: PushCenter? = nil,
        onChange: (@Sendable ([PushTokenRegistry.Change]) -> Void)? = nil
    ) {
        tokenReporting?.cancel()
        tokenReporting = registry.attach(to: center ?? installedCenter, onChange: onChange)
        #if (canImport(UIKit) && !os(watchOS)) || PUSHBUS_APPLE_STUBS
        tokenReloading?.cancel()
        // A damaged file is not lost: the next change the registry records reads it again and throws.
        tokenReloading = ForegroundObservation(notificationCenter: .default) { try? registry.reload() }
        #endif
    }

    /// Stops ``reportTokens(to:center:onChange:)``.
    public static func stopReportingTokens() {
        tokenReporting?.cancel()
        tokenReporting = nil
        #if (canImport(UIKit) && !os(watchOS)) || PUSHBUS_APPLE_STUBS
        tokenReloading?.cancel()
        tokenReloading = nil
        #endif
    }
}
#endif
