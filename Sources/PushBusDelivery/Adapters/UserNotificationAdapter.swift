internal import Foundation
public import PushBusCore
public import PushBusHub
import PushBusStorage

/// Turns the `UNUserNotificationCenterDelegate` callbacks (iOS 10+), given as neutral snapshots, into
/// `PushMessage`s, and calls each completion handler exactly once.
///
/// The Apple glue (PushBusApple) calls it; tests and `SimulatedDevice` call it directly:
///
/// ```swift
/// let adapter = UserNotificationAdapter(delivery: delivery)  // or UserNotificationAdapter(center:)
/// adapter.willPresent(snapshot) { options in present(options) }  // → .remote / .local
/// adapter.didReceive(response, appState: .inactive) { done() }  // → .remoteTapped / .localTapped
/// ```
public final class UserNotificationAdapter: Sendable {
    /// The delivery this adapter hands its messages to (and whose policy, deadlines and handlers it uses).
    public let delivery: PushDelivery

    /// Creates an adapter on `delivery`.
    public init(delivery: PushDelivery) {
        self.delivery = delivery
    }

    /// Creates an adapter on the center's shared delivery (``PushDelivery/shared(for:)``): every adapter made
    /// from one center shares it.
    public convenience init(center: PushCenter = .shared) {
        self.init(delivery: .shared(for: center))
    }

    /// `userNotificationCenter(_:willPresent:withCompletionHandler:)`: a notification arrived in the foreground.
    ///
    /// Posts a `.remote` (push trigger) or `.local` message, then answers with the center's
    /// ``PushDelivery/presentationPolicy`` — also when the message is a duplicate (another path reported it
    /// first) or silent. `completionHandler` runs exactly once, before this method returns.
    public func willPresent(
        _ notification: NotificationSnapshot,
        completionHandler: @escaping @Sendable (PresentationOptions) -> Void
    ) {
        let completion = OnceCompletion(completionHandler)
        // Threads woken for the delivery's side work (the ledger's writer, the badge) are woken once iOS is answered.
        AfterAnswer.deferring {
            let message = delivery.makeMessage(
                kind: notification.trigger.isRemote ? .remote : .local, content: notification.content,
                appState: .active, path: .willPresent, requestIdentifier: notification.requestIdentifier,
                notificationDate: notification.date, date: notification.date)
            delivery.deliverArrival(message, fetchCompletion: nil)
            let options = delivery.presentationPolicy.options(for: message)
            if !options.isEmpty { delivery.recordInLedger(.presented, for: message) }
            completion.finish(options)
        }
    }

    /// `userNotificationCenter(_:didReceive:withCompletionHandler:)`: the user opened the notification, chose an
    /// action (maybe typing text) or dismissed it.
    ///
    /// Posts a `.remoteTapped` or `.localTapped` message whose `PushMessage.response` carries the action and
    /// text. A launch-options report of the same notification is dropped (this one knows the real action).
    /// `completionHandler` runs exactly once: when the ``PushDelivery/onResponse(_:_:)`` handlers finish, at the
    /// ``PushDelivery/responseDeadline``, or at once for a duplicate.
    ///
    /// - Parameters:
    ///   - response: The response, as the glue snapshots it.
    ///   - appState: The app's state when the callback fired (`.inactive` for a tap that brought the app to the
    ///     foreground, `.background` for a background action, `.active` in the foreground).
    ///   - completionHandler: The system's handler; called exactly once.
    public func didReceive(
        _ response: ResponseSnapshot, appState: PushAppState, completionHandler: @escaping @Sendable () -> Void
    ) {
        AfterAnswer.deferring {  // threads woken for the delivery's side work are woken once iOS is answered
            delivery.deliverResponse(
                message(for: response, appState: appState, path: .didReceiveResponse),
                completion: OnceCompletion(completionHandler))
        }
    }

    /// `UIScene.ConnectionOptions.notificationResponse` (iOS 13+): a scene connected to handle a tap, in a cold
    /// start. Posts the tapped message at once; the later `didReceive` of the same response is a duplicate
    /// (same request identifier, compared case-insensitively, and notification date).
    ///
    /// - Parameter notificationResponse: The connection options' response; `nil` does nothing.
    public func sceneWillConnect(notificationResponse: ResponseSnapshot?) {
        delivery.recordDiagnostics { $0.isSceneConnectionForwarded = true }  // the scene preflight's fact
        guard let notificationResponse else { return }
        delivery.deliverResponse(
            message(for: notificationResponse, appState: .notRunning, path: .sceneConnection), completion: nil)
    }

    func message(for response: ResponseSnapshot, appState: PushAppState, path: DeliveryPath) -> PushMessage {
        let notification = response.notification
        return delivery.makeMessage(
            kind: notification.trigger.isRemote ? .remoteTapped : .localTapped, content: notification.content,
            response: response.response, appState: appState, path: path,
            requestIdentifier: notification.requestIdentifier, notificationDate: notification.date)
    }
}
