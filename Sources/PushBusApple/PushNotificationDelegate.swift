// The UNUserNotificationCenterDelegate that feeds the adapters and keeps the delegate installed before it.
#if canImport(UserNotifications)
internal import Foundation
public import UserNotifications
#elseif PUSHBUS_APPLE_STUBS
public import Foundation  // NSObject, which Apple's UserNotifications re-exports
public import PushBusAppleStubs
#endif
#if canImport(UserNotifications) || PUSHBUS_APPLE_STUBS
public import PushBusCore
public import PushBusAuthorization
public import PushBusDelivery

/// A `UNUserNotificationCenterDelegate` that hands every callback to a `UserNotificationAdapter` and forwards it
/// to the other SDKs' delegates it is told about (``forward(to:name:providers:)``) and to the delegate that was
/// installed before it — no swizzling. The rules are in Docs/Coexistence.md.
///
/// - Ownership: a push whose payload belongs to a provider a forwardee claims (`PushMessage.provider`) goes to
///   that forwardee only; any other notification goes to every forwardee, in order (the previous delegate first).
/// - iOS is answered **exactly once**, whatever the forwardees do (answer twice, never, or late): `willPresent`
///   with the **union** of the options of PushBus's `PushDelivery.presentationPolicy` and of every forwardee
///   that answered, when all did or after ``presentationDeadline`` — or, with ``presentationAnswers``
///   `.pushBusOnly`, with the policy's answer alone; `didReceive` when PushBus's response handlers and every
///   forwardee finished, or at `PushDelivery.responseDeadline`.
///
/// `UNUserNotificationCenter.delegate` is weak: keep this object alive (``PushBusApp/install(center:notificationCenter:)``
/// does). Forwardees are held weakly too, as the center held them; a released one is skipped.
public final class PushNotificationDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    /// The adapter every callback goes to.
    public let adapter: UserNotificationAdapter
    private let forwarder = NotificationForwarder<WeakDelegate>()
    private let appState: @Sendable () -> PushAppState
    /// Where `userNotificationCenter(_:openSettingsFor:)` is posted, as an `OpenSettingsRequest`.
    public let settings: NotificationSettingsChannel?

    /// - Parameters:
    ///   - adapter: Where callbacks go.
    ///   - previous: The delegate to keep forwarding to (typically the center's delegate before installing); it is
    ///     the first forwardee, named `NotificationForwardee.previousDelegateName`, claiming no provider.
    ///   - appState: The app's state for `didReceive` (default: `UIApplication`'s state when on the main thread).
    ///   - settings: Where the system's "open settings" requests go (``PushBusApp`` passes
    ///     ``PushBusApp/notificationSettings``); `nil`: only the forwardees hear them.
    public init(
        adapter: UserNotificationAdapter, previous: (any UNUserNotificationCenterDelegate)? = nil,
        appState: @escaping @Sendable () -> PushAppState = PushAppState.current,
        settings: NotificationSettingsChannel? = nil
    ) {
        self.adapter = adapter
        self.settings = settings
        self.appState = appState
        super.init()
        if let previous {
            forwarder.add(WeakDelegate(previous), name: NotificationForwardee.previousDelegateName, providers: [])
        }
    }

    /// The delegate that was installed before this one, if it is still alive.
    public var previous: (any UNUserNotificationCenterDelegate)? {
        forwarder.targets.first { $0.forwardee.name == NotificationForwardee.previousDelegateName }?.target.delegate
    }

    /// Forwards notification callbacks to another SDK's delegate too, after the forwardees already added.
    ///
    /// ```swift
    /// PushBusApp.delegate?.forward(to: brazeDelegate, name: "braze", providers: [.braze])
    /// ```
    ///
    /// - Parameters:
    ///   - delegate: The SDK's delegate; held weakly. Adding one already forwarded to does nothing.
    ///   - name: A name for people (diagnostics, ``forwardees``).
    ///   - providers: The providers whose pushes belong to it: those go to it alone. Empty: it gets only the
    ///     notifications nobody claims.
    /// - Returns: The forwardee, for ``stopForwarding(_:)``.
    @discardableResult
    public func forward(
        to delegate: any UNUserNotificationCenterDelegate, name: String, providers: Set<PushProvider.Name> = []
    ) -> NotificationForwardee {
        forwarder.removeAll { $0.delegate == nil }
        if let existing = forwarder.targets.first(where: { $0.target.delegate === delegate }) {
            return existing.forwardee
        }
        return forwarder.add(WeakDelegate(delegate), name: name, providers: providers)
    }

    /// Adds `earlier`'s live forwardees after this one's (a re-install keeps them), skipping delegates already here,
    /// and takes its ``presentationAnswers``.
    func inheritForwardees(of earlier: PushNotificationDelegate) {
        for (forwardee, target) in earlier.forwarder.targets {
            guard let delegate = target.delegate, delegate !== self,
                !forwarder.targets.contains(where: { $0.target.delegate === delegate })
            else { continue }
            forwarder.add(target, name: forwardee.name, providers: forwardee.providers)
        }
        presentationAnswers = earlier.presentationAnswers
    }

    /// Stops forwarding to `forwardee`.
    public func stopForwarding(_ forwardee: NotificationForwardee) { forwarder.remove(forwardee.id) }

    /// The delegates this one forwards to, in order.
    public var forwardees: [NotificationForwardee] {
        forwarder.removeAll { $0.delegate == nil }
        return forwarder.forwardees
    }

    /// How long `willPresent` waits for the forwardees' answers (seconds, default 1): then iOS gets the union of
    /// the answers so far (PushBus's own is always there).
    public var presentationDeadline: Double {
        get { forwarder.presentationDeadline }
        set { forwarder.presentationDeadline = newValue }
    }

    /// Whose answers iOS gets from `willPresent`: `PresentationAnswers.union` (the default) adds every forwardee's
    /// options to PushBus's policy, so a kept JPush `willPresent` that answers `.alert` shows a banner whatever
    /// the policy says; `.pushBusOnly` answers with the policy alone, and the forwardees are
    /// still called (their statistics still run) but their answers are ignored.
    ///
    /// ```swift
    /// PushBusApp.delegate?.presentationAnswers = .pushBusOnly
    /// ```
    public var presentationAnswers: PresentationAnswers {
        get { forwarder.presentationAnswers }
        set { forwarder.presentationAnswers = newValue }
    }

    /// Reconciles the registered categories, asks the adapter and the forwardees how to present `notification`, and
    /// calls `completionHandler` once with the union of their options (when all answered, or at
    /// ``presentationDeadline``), or with the adapter's alone (``presentationAnswers`` `.pushBusOnly`).
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        #if !os(tvOS)
        PushBusApp.registeredCategories.reconcile(center)
        #endif
        forwarder.willPresent(
            NotificationSnapshot(notification), adapter: adapter,
            forward: { target, answer in
                let forward: @Sendable (UNNotificationPresentationOptions) -> Void = { options in
                    answer(PresentationOptions(rawValue: options.rawValue))
                }
                guard let delegate = target.delegate else { return forward([]) }
                #if canImport(UserNotifications)
                // A delegate without the optional method does not answer: it adds nothing to the union.
                let called: Void? = delegate.userNotificationCenter?(
                    center, willPresent: notification, withCompletionHandler: forward)
                if called == nil { forward([]) }
                #else
                delegate.userNotificationCenter(center, willPresent: notification, withCompletionHandler: forward)
                #endif
            },
            completionHandler: { completionHandler(UNNotificationPresentationOptions($0)) })
    }

    #if !os(tvOS)
    /// Reconciles the registered categories, hands `response` to the adapter and to the forwardees, and calls
    /// `completionHandler` once: when all finished, or at `PushDelivery.responseDeadline`.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        PushBusApp.registeredCategories.reconcile(center)
        forwarder.didReceive(
            ResponseSnapshot(response), appState: appState(), adapter: adapter,
            forward: { target, done in
                let forward: @Sendable () -> Void = { done() }
                guard let delegate = target.delegate else { return forward() }
                #if canImport(UserNotifications)
                let called: Void? = delegate.userNotificationCenter?(
                    center, didReceive: response, withCompletionHandler: forward)
                if called == nil { forward() }
                #else
                delegate.userNotificationCenter(center, didReceive: response, withCompletionHandler: forward)
                #endif
            },
            completionHandler: completionHandler)
    }
    #endif

    #if !os(tvOS) && !os(watchOS)
    /// Posts an `OpenSettingsRequest` to ``settings`` (when set) and passes the call on to the forwardees.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {
        let snapshot = notification.map(NotificationSnapshot.init)
        settings?.requestOpenSettings(OpenSettingsRequest(notification: snapshot))
        forwarder.openSettings(for: snapshot) { target in
            #if canImport(UserNotifications)
            target.delegate?.userNotificationCenter?(center, openSettingsFor: notification)
            #else
            target.delegate?.userNotificationCenter(center, openSettingsFor: notification)
            #endif
        }
    }
    #endif
}

/// A weak reference to a delegate, as `UNUserNotificationCenter` itself holds it.
struct WeakDelegate: @unchecked Sendable {
    // Safe: only the weak reference is shared (read and replaced under `LockedState`'s lock); the delegate itself
    // is called the way `UNUserNotificationCenter` calls delegates, from the thread the system chose.
    weak var delegate: (any UNUserNotificationCenterDelegate)?
    init(_ delegate: (any UNUserNotificationCenterDelegate)?) { self.delegate = delegate }
}
#endif
