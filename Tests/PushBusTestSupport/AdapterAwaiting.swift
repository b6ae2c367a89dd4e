public import PushBusCore
public import PushBusDelivery

/// Tests await a callback instead of passing its completion handler: each returns when the system's completion
/// handler would run. PushBus's adapters take completion handlers only, as UserNotifications' delegate calls them.
extension UserNotificationAdapter {
    /// ``willPresent(_:completionHandler:)``, awaited: the presentation options it answered.
    public func willPresent(_ notification: NotificationSnapshot) async -> PresentationOptions {
        await withCheckedContinuation { continuation in
            willPresent(notification) { continuation.resume(returning: $0) }
        }
    }

    /// ``didReceive(_:appState:completionHandler:)``, awaited.
    public func didReceive(_ response: ResponseSnapshot, appState: PushAppState) async {
        await withCheckedContinuation { continuation in
            didReceive(response, appState: appState) { continuation.resume() }
        }
    }
}
