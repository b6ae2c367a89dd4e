public import Foundation
public import PushBusCore
public import PushBusHub

/// Turns the `UIApplicationDelegate` notification callbacks (iOS 3 to today) into `PushMessage`s, and
/// calls each completion handler exactly once.
///
/// Classification follows the callback that fired and the iOS generation, never guesswork:
/// - ``Mode/userNotifications`` (iOS 10+, a `UNUserNotificationCenter` delegate is installed): the remote
///   receive callbacks only ever mean *arrival* (`.remote`, silent when there is nothing to show), whatever
///   the app state — taps come through ``UserNotificationAdapter/didReceive(_:appState:completionHandler:)``.
///   Launch options are a fallback, posted only if no `didReceive` for the same message arrives by the end
///   of launch (``applicationDidBecomeActive()``).
/// - ``Mode/legacy`` (iOS < 10): `inactive` in the receive callbacks means the user tapped; launch options
///   are posted at once as tapped (the later `inactive` receive of the same push is then a duplicate).
///
/// ```swift
/// let adapter = AppDelegateAdapter(delivery: delivery)  // or AppDelegateAdapter(center:mode:)
/// adapter.didFinishLaunching(launchOptions: [.remoteNotification: payload])
/// adapter.didReceiveRemoteNotification(payload, appState: .background) { result in completionHandler(result) }
/// ```
public final class AppDelegateAdapter: Sendable {
    /// Which generation of notification APIs the app runs with.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// iOS < 10: no `UNUserNotificationCenter`; taps arrive as `inactive` receive callbacks.
        case legacy
        /// iOS 10+: a `UNUserNotificationCenter` delegate reports taps; the app delegate reports arrivals.
        case userNotifications
    }

    /// The delivery this adapter hands its messages to (and whose deadlines and handlers it uses).
    public let delivery: PushDelivery
    /// The API generation this adapter classifies for.
    package let mode: Mode

    /// Creates an adapter on `delivery`.
    public init(delivery: PushDelivery, mode: Mode = .userNotifications) {
        self.delivery = delivery
        self.mode = mode
    }

    /// Creates an adapter on the center's shared delivery (``PushDelivery/shared(for:)``): every adapter made
    /// from one center shares it.
    public convenience init(center: PushCenter = .shared, mode: Mode = .userNotifications) {
        self.init(delivery: .shared(for: center), mode: mode)
    }

    // MARK: Launch

    /// `application(_:didFinishLaunchingWithOptions:)`: reports the notification that launched the app, if any.
    ///
    /// `.remoteNotification` holds the payload dictionary, `.localNotification` a ``LegacyLocalNotification``.
    /// A value of another type is still delivered, with a `PayloadIssue` saying what was wrong.
    ///
    /// A remote payload is *not* a tap when the app was launched into the background for it (`appState ==
    /// .background`), or when it is silent: iOS then reports it through the fetch callback, as an arrival. In
    /// ``Mode/userNotifications`` a held payload is also dropped when the fetch callback reports the same push.
    ///
    /// - Parameters:
    ///   - launchOptions: The launch options, with neutral keys.
    ///   - appState: `UIApplication.applicationState` during launch, if known (the glue passes it).
    public func didFinishLaunching(launchOptions: [LaunchOptionKey: Any]?, appState: PushAppState? = nil) {
        guard let launchOptions else { return }
        if let value = launchOptions[.remoteNotification],
            case let content = Self.content(ofRemote: value),
            appState != .background, !(content.isContentAvailable && !content.isUserVisible)
        {
            let message = delivery.makeMessage(
                kind: .remoteTapped, content: content, response: PushResponse(action: .open),
                appState: .notRunning, path: .launchOptions)
            delivery.deliverLaunch(message, hold: mode == .userNotifications)
        }
        if let value = launchOptions[.localNotification] {
            let message = delivery.makeMessage(
                kind: .localTapped, content: Self.content(ofLocal: value), response: PushResponse(action: .open),
                appState: .notRunning, path: .launchOptions)
            delivery.deliverLaunch(message, hold: mode == .userNotifications)
        }
    }

    /// `applicationDidBecomeActive(_:)` (or `sceneDidBecomeActive(_:)`): launch is over. Launch-options
    /// messages that no `didReceive` claimed are posted now, as `.open` taps. Then the answers a Notification
    /// Content Extension recorded in the ledger while the app was away reach subscribers, each once
    /// (`PushDelivery/deliverContentExtensionAnswers(appState:)`).
    public func applicationDidBecomeActive() {
        delivery.endLaunch()
        delivery.deliverContentExtensionAnswers(appState: .active)
    }

    // MARK: Remote notifications

    /// `application(_:didReceiveRemoteNotification:)` (iOS 3–10, foreground only).
    public func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any], appState: PushAppState) {
        deliverRemote(PushContent(userInfo: userInfo), appState: appState, path: .remoteNotification, completion: nil)
    }

    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` (iOS 7+): a push arrived (silent or
    /// content-available), or, in ``Mode/legacy`` with `appState == .inactive`, the user tapped one.
    ///
    /// `fetchCompletionHandler` runs exactly once: with the aggregated result of the
    /// ``PushDelivery/onBackgroundMessage(_:_:)`` handlers, at the ``PushDelivery/backgroundDeadline``, or at once
    /// with `.noData` when there is nothing to wait for (no handler, or the push was already handled).
    public func didReceiveRemoteNotification(
        _ userInfo: [AnyHashable: Any], appState: PushAppState,
        fetchCompletionHandler: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) {
        deliverRemote(
            PushContent(userInfo: userInfo), appState: appState, path: .fetchCompletion,
            completion: OnceCompletion(fetchCompletionHandler))
    }

    private func deliverRemote(
        _ content: PushContent, appState: PushAppState, path: DeliveryPath,
        completion: OnceCompletion<BackgroundFetchResult>?
    ) {
        AfterAnswer.deferring {  // threads woken for the delivery's side work are woken once iOS is answered
            if mode == .legacy && appState == .inactive {
                let message = delivery.makeMessage(
                    kind: .remoteTapped, content: content, response: PushResponse(action: .open), appState: appState,
                    path: path)
                delivery.deliverResponse(
                    message, completion: completion.map { once in OnceCompletion { once.finish(.noData) } })
            } else {
                let message = delivery.makeMessage(kind: .remote, content: content, appState: appState, path: path)
                delivery.deliverArrival(message, fetchCompletion: completion)
            }
        }
    }

    // MARK: Third-party SDKs

    /// A notification another push SDK hands over again (from its own callback or message channel).
    ///
    /// Posts a `.remote` arrival, or a `.remoteTapped` message when `response` is given, with path
    /// `.forwarded`. When the system callback reported the same push within the correlation window, the center
    /// drops it as a duplicate, so subscribers see it once whichever arrives first.
    public func didReceiveForwardedNotification(
        _ userInfo: [AnyHashable: Any], appState: PushAppState, response: PushResponse? = nil
    ) {
        let content = PushContent(userInfo: userInfo)
        if let response {
            let message = delivery.makeMessage(
                kind: .remoteTapped, content: content, response: response, appState: appState, path: .forwarded)
            delivery.deliverResponse(message, completion: nil)
        } else {
            let message = delivery.makeMessage(kind: .remote, content: content, appState: appState, path: .forwarded)
            delivery.deliverArrival(message, fetchCompletion: nil)
        }
    }

    // MARK: Registration

    /// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`: posts `.registered` with the token
    /// (`PushToken.hexString` is lowercase hex).
    public func didRegisterForRemoteNotifications(deviceToken: Data) {
        delivery.recordDiagnostics { $0.isDeviceTokenForwarded = true }
        delivery.center.post(registration: .registered(PushToken(deviceToken)))
    }

    /// `application(_:didFailToRegisterForRemoteNotificationsWithError:)`: posts `.failed`.
    public func didFailToRegisterForRemoteNotifications(error: any Error) {
        delivery.recordDiagnostics { $0.didRegistrationFail = true }
        delivery.center.post(registration: .failed(RegistrationError(error)))
    }

    // MARK: Helpers

    static func content(ofRemote value: Any) -> PushContent {
        if let userInfo = value as? [AnyHashable: Any] { return PushContent(userInfo: userInfo) }
        if let content = value as? PushContent { return content }
        return PushContent(userInfo: ["launchOptionValue": value])
            .withIssue("launchOptions.remoteNotification", "expected the payload dictionary, found \(type(of: value))")
    }

    static func content(ofLocal value: Any) -> PushContent {
        if let notification = value as? LegacyLocalNotification { return notification.content }
        if let content = value as? PushContent { return content }
        if let userInfo = value as? [AnyHashable: Any] {
            return LegacyLocalNotification(foundationUserInfo: userInfo).content
        }
        return PushContent(userInfo: ["launchOptionValue": value])
            .withIssue(
                "launchOptions.localNotification", "expected a LegacyLocalNotification, found \(type(of: value))")
    }
}

extension PushContent {
    fileprivate func withIssue(_ keyPath: String, _ message: String) -> PushContent {
        var copy = self
        copy.issues.append(PayloadIssue(keyPath: keyPath, message: message, resolution: .ignored))
        return copy
    }
}
