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
import PushBusDelivery
import PushBusHub

extension PushBusApp {
    private static var tokenReporting: PushCancellable?

    /// Reports every token the app gets to `registry`, so the server learns each exactly once across launches:
    /// the device token (`application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`, forwarded by
    /// `installAppDelegateForwarding(_:)` or your own forwarding to ``appDelegate``), and the push-to-start tokens,
    /// update tokens and ends that `LiveActivityObserver` posts to the installed center's `liveActivities`.
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
    }

    /// Stops ``reportTokens(to:center:onChange:)``.
    public static func stopReportingTokens() {
        tokenReporting?.cancel()
        tokenReporting = nil
    }
}
#endif
