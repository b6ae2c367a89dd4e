// The Notification Service Extension's principal class, running a ServiceExtensionPipeline. Extension-safe: it uses
// no API unavailable to app extensions (no UIApplication).
#if canImport(UserNotifications)
public import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UserNotifications) || PUSHBUS_APPLE_STUBS) && !os(tvOS)
import Foundation
@_spi(PushBusInternals) internal import PushBusCore
public import PushBusServiceExtension

/// Subclass this as your extension's `NSExtensionPrincipalClass` and override ``makePipeline(for:)``.
///
/// ```swift
/// final class NotificationService: PushBusNotificationService {
///     override func makePipeline(for request: UNNotificationRequest) -> ServiceExtensionPipeline {
///         ServiceExtensionPipeline(steps: [
///             .claim { $0.customData["pushbus"] != nil }, .attachments(), .receipt(record),
///         ])
///     }
///     // Chaining with another SDK's extension: it gets the pushes the pipeline answered "not mine".
///     override func forward(
///         _ request: UNNotificationRequest, contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
///     ) -> Bool {
///         other.didReceive(request, withContentHandler: contentHandler)
///         return true
///     }
///     override func forwardTimeWillExpire() { other.serviceExtensionTimeWillExpire() }
/// }
/// ```
///
/// iOS's content handler is called exactly once: the pipeline's result (steps finished, deadline or
/// `serviceExtensionTimeWillExpire`), empty content for a dropped notification, or whatever the next handler
/// passes for a forwarded one (its second call, or ours after it, is ignored).
///
/// Like Apple's class, it is not `Sendable` and not main-actor isolated: iOS calls `didReceive` and
/// `serviceExtensionTimeWillExpire` on threads of its choosing, and the pipeline finishes on its own. So the
/// methods you override (``forward(_:contentHandler:)``, ``didFinish(_:attachmentFailures:)``,
/// ``didFailCommunicationUpdate(_:)``) may run on any thread; keep what they touch thread-safe.
open class PushBusNotificationService: UNNotificationServiceExtension {
    private struct State: Sendable {
        var run: ServiceExtensionRun?
        var isForwarded = false
    }

    private let state = LockedState(State())

    public override init() { super.init() }

    /// The pipeline for one notification. Default: download the attachments (HTTPS only, Apple's limits).
    open func makePipeline(for request: UNNotificationRequest) -> ServiceExtensionPipeline {
        ServiceExtensionPipeline(steps: [.attachments()])
    }

    /// Hands a notification the pipeline answered "not mine" to the next handler (another SDK's extension).
    ///
    /// - Returns: `true` when the next handler took it and will call `contentHandler`; `false` (default) shows
    ///   the original content.
    open func forward(
        _ request: UNNotificationRequest, contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) -> Bool {
        false
    }

    /// Passes `serviceExtensionTimeWillExpire` on to the handler a notification was forwarded to.
    open func forwardTimeWillExpire() {}

    /// Called with every result just before iOS's content handler (for logging; keep it short).
    open func didFinish(_ result: ServiceExtensionResult, attachmentFailures: [AttachmentCreationFailure]) {}

    /// Called when iOS refused the pipeline's communication details (`updating(from:)` threw; on a device usually a
    /// missing Communication Notifications capability or `INSendMessageIntent` missing from the extension's
    /// `NSUserActivityTypes`), just before ``didFinish(_:attachmentFailures:)``. The notification is shown without
    /// them. Default: nothing.
    open func didFailCommunicationUpdate(_ error: any Error) {}

    /// The Darwin notification posted after each result, so the running app refreshes its ledger at once
    /// (PushBusApple's `DeliveryLedgerRefresher` observes the same name). Default `nil`: nothing is posted, and
    /// the app sees the extension's records when it next refreshes (returning to the foreground).
    open var ledgerChangeNotificationName: String? { nil }

    /// Runs ``makePipeline(for:)``'s pipeline on the request's payload; `contentHandler` gets its result once (see the
    /// class's discussion). Override ``makePipeline(for:)`` and the hooks rather than this method.
    open override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let finishing = Finishing(service: self, request: request, contentHandler: OnceContentHandler(contentHandler))
        let pipeline = makePipeline(for: request)
        let run = pipeline.run(PushContent(userInfo: request.content.userInfo), requestIdentifier: request.identifier) {
            result in finishing.deliver(result)
        }
        state.withLock { $0.run = run }
    }

    /// Ends the running pipeline with the best content so far, or, for a forwarded notification, calls
    /// ``forwardTimeWillExpire()``.
    open override func serviceExtensionTimeWillExpire() {
        let (run, isForwarded) = state.withLock { ($0.run, $0.isForwarded) }
        if isForwarded {
            forwardTimeWillExpire()
        } else {
            run?.timeWillExpire()
        }
    }

    fileprivate func deliver(
        _ result: ServiceExtensionResult, request: UNNotificationRequest, contentHandler: OnceContentHandler
    ) {
        switch result.disposition {
        case .notMine:
            state.withLock { $0.isForwarded = true }
            didFinish(result, attachmentFailures: [])
            if !forward(request, contentHandler: contentHandler.call) { contentHandler.call(request.content) }
        case .drop:
            didFinish(result, attachmentFailures: [])
            contentHandler.call(UNNotificationContent())
        case .show:
            let composed = Self.composeContent(result.content, from: request.content)
            if let error = composed.communicationError { didFailCommunicationUpdate(error) }
            didFinish(result, attachmentFailures: composed.failures)
            contentHandler.call(composed.content)
        }
        // After the handler: the receipt step wrote before it, and telling the app must never delay it.
        if let name = ledgerChangeNotificationName { LedgerChangeNotification.post(name: name) }
    }

    /// The content to show: the original content with the pipeline's result applied (and the communication
    /// details on iOS 15+, unless iOS refuses them: then the content without them).
    public static func makeContent(_ content: ServiceExtensionContent, from original: UNNotificationContent)
        -> (UNNotificationContent, [AttachmentCreationFailure])
    {
        let composed = composeContent(content, from: original)
        return (composed.content, composed.failures)
    }

    /// ``makeContent(_:from:)``, also returning why the communication details could not be applied.
    static func composeContent(_ content: ServiceExtensionContent, from original: UNNotificationContent)
        -> (content: UNNotificationContent, failures: [AttachmentCreationFailure], communicationError: (any Error)?)
    {
        guard let mutable = original.mutableCopy() as? UNMutableNotificationContent else { return (original, [], nil) }
        let failures = mutable.apply(content)
        #if canImport(Intents) || PUSHBUS_APPLE_STUBS
        if #available(iOS 15.0, macOS 12.0, watchOS 8.0, *), let message = content.communication {
            do {
                return (try CommunicationNotification.update(mutable, with: message), failures, nil)
            } catch {
                return (mutable, failures, error)  // shown without the communication details
            }
        }
        #endif
        return (mutable, failures, nil)
    }
}

/// What finishes one notification: the service, the request iOS handed it, and iOS's content handler.
///
/// Safe: iOS itself calls the service from threads of its choosing (`serviceExtensionTimeWillExpire` comes on a
/// separate thread), so the service's overridable hooks are documented as callable from any thread; the request is
/// immutable once iOS hands it over; the content handler is ``OnceContentHandler``.
private struct Finishing: @unchecked Sendable {
    let service: PushBusNotificationService
    let request: UNNotificationRequest
    let contentHandler: OnceContentHandler

    func deliver(_ result: ServiceExtensionResult) {
        service.deliver(result, request: request, contentHandler: contentHandler)
    }
}

/// iOS's content handler, callable once: later calls (a forwarded SDK calling twice) are ignored.
///
/// Safe: the handler is taken out under the lock exactly once, then called outside it. Apple imports the handler
/// without `@Sendable`, but it may be called from any thread (Apple's own extension template calls it from a
/// URLSession callback).
final class OnceContentHandler: @unchecked Sendable {
    private let handler: LockedState<((UNNotificationContent) -> Void)?>

    init(_ handler: @escaping (UNNotificationContent) -> Void) {
        self.handler = LockedState(handler)
    }

    var call: @Sendable (UNNotificationContent) -> Void {
        { [self] content in
            let once = handler.withLock { handler in
                defer { handler = nil }
                return handler
            }
            once?(content)
        }
    }
}
#endif
