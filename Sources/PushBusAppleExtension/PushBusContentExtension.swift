// The Notification Content Extension's helper: the notification as a PushMessage, answers recorded in the shared
// ledger, iOS's completion called exactly once. Extension-safe: no API unavailable to app extensions.
#if canImport(UserNotificationsUI)
public import UserNotifications
public import UserNotificationsUI
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UserNotificationsUI) || PUSHBUS_APPLE_STUBS) && !os(tvOS) && !os(watchOS)
import Foundation
public import PushBusContentExtensionKit
@_spi(PushBusInternals) public import PushBusCore
public import PushBusStorage

/// What a `UNNotificationContentExtension` view controller owns: it turns the notification into a normalized
/// `PushMessage`, records every answer in the app group's `DeliveryLedger` ("answered in the content
/// extension", with the action and the values you attach), and calls iOS's completion exactly once.
///
/// It is `Sendable`, so a view controller can call it from `nonisolated` methods: Apple's protocol is not main-actor
/// isolated (iOS 17 SDK) or only in part (iOS 18 SDK), and `nonisolated` witnesses compile against both.
///
/// ```swift
/// final class NotificationViewController: UIViewController, UNNotificationContentExtension {
///     let pushBus = PushBusContentExtension(
///         ledger: try! DeliveryLedger(appGroup: "group.com.example.app"),
///         ledgerChangeNotificationName: "com.example.app.ledger")
///     let slider = UISlider()
///     nonisolated func didReceive(_ notification: UNNotification) {
///         let seconds = pushBus.didReceive(notification).content.customData["seconds"]?.intValue
///         MainActor.assumeIsolated { slider.value = Float(seconds ?? 30) }  // iOS calls it on the main thread
///     }
///     nonisolated func didReceive(
///         _ response: UNNotificationResponse,
///         completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void
///     ) {
///         pushBus.didReceive(response, completionHandler: completion).finish(.dismissAndForwardAction)
///     }
///     func confirm() {  // the reminder's confirm button (main actor)
///         pushBus.dismiss(in: extensionContext, action: "CONFIRM", values: ["seconds": String(Int(slider.value))])
///     }
/// }
/// ```
///
/// Examples/iOSApp/NotificationContent is a complete one.
///
/// The app learns of each answer once: on its next `PushDelivery.deliverContentExtensionAnswers(appState:)`
/// (launch, foreground, or the Darwin notification named `ledgerChangeNotificationName`), or through its own
/// `didReceive` when the answer forwards the action (`.dismissAndForwardAction`, ``performDefaultAction(in:values:)``)
/// — never both.
@available(iOS 10.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public final class PushBusContentExtension: Sendable {
    /// The ledger answers are written to: the app group's, the same directory as the app's.
    public let ledger: DeliveryLedger
    /// Finds the message's deep link (use the app's extractor).
    public let deepLinkExtractor: DeepLinkExtractor
    /// The Darwin notification posted after each answer, so the running app reads it at once (PushBusApple's
    /// `DeliveryLedgerRefresher` observes the same name). `nil`: nothing is posted; the app reads the answer at
    /// its next refresh.
    public let ledgerChangeNotificationName: String?

    /// The notification shown now, as `didReceive(_ notification:)` last built it.
    public var session: ContentExtensionSession? { current.withLock { $0 } }
    private let current = LockedState<ContentExtensionSession?>(nil)

    /// Creates the helper; keep it as long as the view controller.
    ///
    /// - Parameters:
    ///   - ledger: The app group's ledger (`DeliveryLedger(appGroup:)` in PushBusApple, or
    ///     `DeliveryLedger(directory:)`).
    ///   - deepLinkExtractor: Finds the deep link of the message. Default `DeepLinkExtractor.default`.
    ///   - ledgerChangeNotificationName: The Darwin notification to post after each answer.
    public init(
        ledger: DeliveryLedger, deepLinkExtractor: DeepLinkExtractor = .default,
        ledgerChangeNotificationName: String? = nil
    ) {
        self.ledger = ledger
        self.deepLinkExtractor = deepLinkExtractor
        self.ledgerChangeNotificationName = ledgerChangeNotificationName
    }

    /// The message shown now (`nil` before the first `didReceive(_ notification:)`).
    public var message: PushMessage? { session?.message }

    /// `didReceive(_ notification:)`: the notification to show, as a normalized message (an arrival kind:
    /// `.remote` or `.local`). Recorded in the ledger as received by the content extension.
    ///
    /// iOS calls it again when another notification of the same thread arrives: the new one replaces the old.
    @discardableResult
    public func didReceive(_ notification: UNNotification) -> PushMessage {
        let made = ContentExtensionSession(
            notification: ContentExtensionSnapshots.snapshot(of: notification), ledger: ledger,
            deepLinkExtractor: deepLinkExtractor)
        current.withLock { $0 = made }
        return made.message
    }

    /// `didReceive(_:completionHandler:)`: the user chose one of the category's actions. Answer with the
    /// returned reply's ``ContentExtensionReply/finish(_:values:)``, now or after asynchronous work; iOS's
    /// `completion` is called exactly once.
    ///
    /// - Parameters:
    ///   - response: The response iOS passed.
    ///   - completion: iOS's completion; the reply calls it once.
    /// - Returns: The reply to finish.
    public func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void
    ) -> ContentExtensionReply {
        let snapshot = ContentExtensionSnapshots.snapshot(of: response)
        let current = currentSession(for: snapshot.notification)
        return ContentExtensionReply(
            session: current, response: snapshot, completion: completion,
            notificationName: ledgerChangeNotificationName)
    }

    /// Finishes from the extension's own control by opening the app (iOS 12's
    /// `NSExtensionContext.performNotificationDefaultAction()`): recorded with Apple's default action
    /// identifier and `values`; the app's `didReceive` of that default action delivers it once.
    ///
    /// - Parameters:
    ///   - context: The view controller's `extensionContext`.
    ///   - values: Small named values for the app.
    /// - Returns: `false` when nothing happened: no context, no notification, or the extension already finished.
    @available(iOS 12.0, macOS 11.0, *)
    @discardableResult
    public func performDefaultAction(in context: NSExtensionContext?, values: [String: String] = [:]) -> Bool {
        guard let context else { return false }
        let answer = ContentExtensionAnswer(
            action: PushResponse.Action.defaultActionIdentifier, disposition: .performDefaultAction, values: values)
        guard let session, session.answer(answer) else { return false }
        context.performNotificationDefaultAction()
        if let name = ledgerChangeNotificationName { DeliveryLedger.postChange(name: name) }
        return true
    }

    /// Finishes from the extension's own control by closing it (iOS 12's
    /// `NSExtensionContext.dismissNotificationContentExtension()`): a confirm button in the extension. Recorded with
    /// `action` and `values`; the app gets it at its next refresh or launch.
    ///
    /// - Parameters:
    ///   - context: The view controller's `extensionContext`.
    ///   - action: A name for the control (`"CONFIRM"`), reported to the app as the response's action.
    ///   - values: Small named values for the app (`["seconds": "120"]`).
    /// - Returns: `false` when nothing happened: no context, no notification, or the extension already finished.
    @available(iOS 12.0, macOS 11.0, *)
    @discardableResult
    public func dismiss(in context: NSExtensionContext?, action: String, values: [String: String] = [:]) -> Bool {
        guard let context else { return false }
        let answer = ContentExtensionAnswer(action: action, disposition: .dismissExtension, values: values)
        guard let session, session.answer(answer) else { return false }
        context.dismissNotificationContentExtension()
        if let name = ledgerChangeNotificationName { DeliveryLedger.postChange(name: name) }
        return true
    }

    /// The session of the notification a response is about: the current one, or a new one if iOS skipped
    /// `didReceive(_ notification:)`.
    private func currentSession(for notification: NotificationSnapshot) -> ContentExtensionSession {
        if let session, session.message.requestIdentifier == notification.requestIdentifier { return session }
        // Made outside the lock: it writes to the ledger.
        let made = ContentExtensionSession(
            notification: notification, ledger: ledger, deepLinkExtractor: deepLinkExtractor)
        current.withLock { $0 = made }
        return made
    }
}

/// The answer to one `didReceive(_:completionHandler:)`: records it in the ledger, then calls iOS's completion,
/// exactly once. Later calls are ignored (and return `false`).
///
/// Safe to finish from any thread, after asynchronous work.
@available(iOS 10.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public final class ContentExtensionReply: Sendable {
    /// The response being answered.
    public let response: ResponseSnapshot
    private let session: ContentExtensionSession
    private let notificationName: String?
    private let completion: LockedState<(@Sendable (UNNotificationContentExtensionResponseOption) -> Void)?>

    init(
        session: ContentExtensionSession, response: ResponseSnapshot,
        completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void,
        notificationName: String?
    ) {
        self.session = session
        self.response = response
        self.notificationName = notificationName
        self.completion = LockedState(completion)
    }

    /// A Boolean value indicating whether the reply was given.
    public var isFinished: Bool { completion.withLock { $0 == nil } }

    /// Records the answer (the response's action, `option`, `values`) in the ledger, then calls iOS's
    /// completion with `option`.
    ///
    /// - Parameters:
    ///   - option: `.doNotDismiss`, `.dismiss` or `.dismissAndForwardAction` (the app's `didReceive` then gets the
    ///     same response, and PushBus delivers it once).
    ///   - values: Small named values for the app (`["seconds": "120"]`).
    /// - Returns: `true` the first time; `false` (nothing done) afterwards.
    @discardableResult
    public func finish(_ option: UNNotificationContentExtensionResponseOption, values: [String: String] = [:]) -> Bool {
        let taken = completion.withLock { handler in
            defer { handler = nil }
            return handler
        }
        guard let taken else { return false }
        var merged = values
        if let text = response.userText, merged[ContentExtensionAnswer.userTextKey] == nil {
            merged[ContentExtensionAnswer.userTextKey] = text
        }
        session.answer(
            ContentExtensionAnswer(
                action: response.actionIdentifier, disposition: Self.disposition(option), values: merged))
        taken(option)
        if let notificationName { DeliveryLedger.postChange(name: notificationName) }
        return true
    }

    static func disposition(_ option: UNNotificationContentExtensionResponseOption)
        -> ContentExtensionDisposition
    {
        switch option {
        case .doNotDismiss: return .doNotDismiss
        case .dismiss: return .dismiss
        case .dismissAndForwardAction: return .dismissAndForwardAction
        @unknown default: return .dismiss
        }
    }
}
#endif
