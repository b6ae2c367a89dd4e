internal import Foundation
public import PushBusCore

/// The iOS 4–10 local-notification and iOS 8–10 action callbacks.
extension AppDelegateAdapter {
    /// `application(_:didReceive:)` with a `UILocalNotification` (iOS 4–10): `.local` when the app is active,
    /// `.localTapped` (`.open`) when `inactive` (the user tapped it).
    public func didReceive(_ notification: LegacyLocalNotification, appState: PushAppState) {
        if appState == .inactive {
            let message = delivery.makeMessage(
                kind: .localTapped, content: notification.content, response: PushResponse(action: .open),
                appState: appState, path: .localNotification)
            delivery.deliverResponse(message, completion: nil)
        } else {
            let message = delivery.makeMessage(
                kind: .local, content: notification.content, appState: appState, path: .localNotification)
            delivery.deliverArrival(message, fetchCompletion: nil)
        }
    }

    /// `application(_:handleActionWithIdentifier:forRemoteNotification:completionHandler:)` (iOS 8–10) and its
    /// `withResponseInfo:` form (iOS 9–10): the user chose an action on a remote notification.
    ///
    /// A `nil` identifier is the default action (`.open`); typed text is read from `responseInfo` under
    /// `UIUserNotificationActionResponseTypedTextKey`. `completionHandler` runs exactly once, as for
    /// ``UserNotificationAdapter/didReceive(_:appState:completionHandler:)``.
    public func handleAction(
        withIdentifier identifier: String?, forRemoteNotification userInfo: [AnyHashable: Any],
        withResponseInfo responseInfo: [AnyHashable: Any]? = nil, appState: PushAppState = .background,
        completionHandler: @escaping @Sendable () -> Void
    ) {
        let message = delivery.makeMessage(
            kind: .remoteTapped, content: PushContent(userInfo: userInfo),
            response: Self.response(identifier, responseInfo), appState: appState, path: .handleAction)
        delivery.deliverResponse(message, completion: OnceCompletion(completionHandler))
    }

    /// `application(_:handleActionWithIdentifier:for:completionHandler:)` (iOS 8–10) and its
    /// `withResponseInfo:` form (iOS 9–10): the user chose an action on a local notification.
    public func handleAction(
        withIdentifier identifier: String?, for notification: LegacyLocalNotification,
        withResponseInfo responseInfo: [AnyHashable: Any]? = nil, appState: PushAppState = .background,
        completionHandler: @escaping @Sendable () -> Void
    ) {
        let message = delivery.makeMessage(
            kind: .localTapped, content: notification.content, response: Self.response(identifier, responseInfo),
            appState: appState, path: .handleAction)
        delivery.deliverResponse(message, completion: OnceCompletion(completionHandler))
    }

    /// The value of `UIUserNotificationActionResponseTypedTextKey`: where `responseInfo` holds typed text.
    package static let typedTextKey = "UIUserNotificationActionResponseTypedTextKey"

    static func response(_ identifier: String?, _ responseInfo: [AnyHashable: Any]?) -> PushResponse {
        PushResponse(
            action: PushResponse.Action(identifier: identifier),
            userText: responseInfo?[AnyHashable(typedTextKey)] as? String)
    }
}
