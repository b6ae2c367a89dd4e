public import Foundation
public import PushBusCategories
@_spi(PushBusInternals) public import PushBusCore
import PushBusHub
import PushBusStorage

/// What the app configures on its delivery, and what the delivery reports back.
extension PushDelivery {
    /// What `willPresent` answers for each foreground message. Default: ``PresentationPolicy/default``
    /// (banner, list, sound, badge; nothing for silent messages).
    public var presentationPolicy: PresentationPolicy {
        get { store.state.withLock { $0.policy } }
        set { store.state.withLock { $0.policy = newValue } }
    }

    /// How long a background-fetch completion handler waits for ``onBackgroundMessage(_:_:)`` handlers, in
    /// seconds. Default 25 (iOS allows about 30).
    public var backgroundDeadline: TimeInterval {
        get { store.state.withLock { $0.backgroundDeadline } }
        set { store.state.withLock { $0.backgroundDeadline = max(0, newValue) } }
    }

    /// How long a response completion handler waits for ``onResponse(_:_:)`` handlers, in seconds. Default 5.
    public var responseDeadline: TimeInterval {
        get { store.state.withLock { $0.responseDeadline } }
        set { store.state.withLock { $0.responseDeadline = max(0, newValue) } }
    }

    /// The clock the completion deadlines and the delivery's memory run on. Default: the center's
    /// configuration clock.
    public var completionClock: any PushClock {
        get { store.state.withLock { $0.clock } ?? center.configuration.clock }
        set { store.state.withLock { $0.clock = newValue } }
    }

    /// Finds the deep link of every message the adapters build. Default: `DeepLinkExtractor.default`.
    ///
    /// ```swift
    /// delivery.deepLinkExtractor = DeepLinkExtractor(keys: ["target", "route"])
    /// ```
    ///
    /// Set it at startup, before the first callback: messages built earlier keep the link they were built with.
    public var deepLinkExtractor: DeepLinkExtractor {
        get { store.state.withLock { $0.deepLinkExtractor } }
        set { store.state.withLock { $0.deepLinkExtractor = newValue } }
    }

    /// Finds the scope (the account, profile or workspace) of every message the adapters build
    /// (`PushMessage.scope`); the ledger records it and the inbox keeps it. Default `nil`: an app with one account
    /// sets nothing and every message is unscoped.
    ///
    /// ```swift
    /// delivery.scopeReader = .key("account")
    /// ```
    ///
    /// Set it at startup, before the first callback. Give the inbox the same reader
    /// (`PushInbox.Configuration.scopeReader`) so the service extension's entries have their scope too.
    public var scopeReader: PushScopeReader? {
        get { store.state.withLock { $0.scopeReader } }
        set { store.state.withLock { $0.scopeReader = newValue } }
    }

    /// The app's categories: when set, each tapped message's `PushResponse.pushAction` is the registered
    /// action the user chose (looked up by the notification's category and the action identifier), so a
    /// handler knows it was destructive, a text input, ….
    ///
    /// ```swift
    /// delivery.categories = try CategoryRegistry {
    ///     PushCategory("CHAT") { PushAction.textInput("REPLY", title: "Reply", buttonTitle: "Send") }
    /// }
    /// ```
    ///
    /// Setting it does not register the categories with the system; `PushBusApp.register(categories:)` in
    /// PushBusApple does both.
    public var categories: CategoryRegistry? {
        get { store.state.withLock { $0.categories } }
        set { store.state.withLock { $0.categories = newValue } }
    }

    /// What the adapters know about the app's setup, and what looks misconfigured.
    public var deliveryDiagnostics: DeliveryDiagnostics {
        store.state.withLock { state in
            var facts = state.facts
            facts.isLaunchOver = state.isLaunchOver
            if facts.ledgerFailure == nil, let failure = ledger.currentWriteFailure {
                facts.ledgerFailure = failure.description
            }
            facts.registeredCategoryIdentifiers = Set(state.categories?.categories.map(\.identifier) ?? [])
            return facts
        }
    }

    /// Records facts only the platform glue can observe (delegate installed, authorization, …). For the glue
    /// and this package's tests; launch state (``DeliveryDiagnostics/isLaunchOver``) is the delivery's own and
    /// cannot be written here.
    ///
    /// `update` runs without any lock held, so it may read this delivery; if another update lands while it
    /// runs, it runs again on the newer facts. Keep it a plain assignment.
    package func recordDiagnostics(_ update: (inout DeliveryDiagnostics) -> Void) {
        store.updateFacts(update)
    }
}
