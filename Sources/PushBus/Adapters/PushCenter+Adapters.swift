import Foundation

extension PushCenter {
    /// Registers an async handler for messages that arrive with a background-fetch completion handler
    /// (silent and content-available pushes). The system's handler is called when every matching handler has
    /// returned, or at ``backgroundDeadline``, with the aggregated result.
    ///
    /// ```swift
    /// let subscription = center.onBackgroundMessage { message in
    ///     try await inbox.sync()
    ///     return .newData
    /// }
    /// ```
    ///
    /// Results aggregate as ``BackgroundFetchResult/aggregate(_:)`` says; a handler that throws, or that is still
    /// running at the deadline, counts as `.failed`. It runs once per message, even if several callbacks report it.
    ///
    /// - Returns: A subscription; cancel it (or release it) to unregister.
    public func onBackgroundMessage(
        _ filter: PushFilter = .all,
        _ handler: @escaping @Sendable (PushMessage) async throws -> BackgroundFetchResult
    ) -> PushSubscription {
        let id = adapters.addBackgroundHandler(filter, handler)
        return PushSubscription { [adapters] in adapters.removeHandler(id) }
    }

    /// Registers an async handler for user responses (taps, actions, text input). The system's completion
    /// handler is called when every matching handler has finished (returned or thrown), or at
    /// ``responseDeadline``.
    ///
    /// ```swift
    /// let subscription = center.onResponse(.category("CHAT")) { message in
    ///     if let text = message.response?.userText { try await chat.send(text) }
    /// }
    /// ```
    ///
    /// - Returns: A subscription; cancel it (or release it) to unregister.
    public func onResponse(
        _ filter: PushFilter = .tapped, _ handler: @escaping @Sendable (PushMessage) async throws -> Void
    ) -> PushSubscription {
        let id = adapters.addResponseHandler(filter, handler)
        return PushSubscription { [adapters] in adapters.removeHandler(id) }
    }

    /// What `willPresent` answers for each foreground message. Default: ``PresentationPolicy/default``
    /// (banner, list, sound, badge; nothing for silent messages).
    public var presentationPolicy: PresentationPolicy {
        get { adapters.policy }
        set { adapters.policy = newValue }
    }

    /// Sets the presentation policy to a closure deciding per message.
    public func setPresentationPolicy(_ decide: @escaping @Sendable (PushMessage) -> PresentationOptions) {
        presentationPolicy = .custom(decide)
    }

    /// How long a background-fetch completion handler waits for ``onBackgroundMessage(_:_:)`` handlers, in
    /// seconds. Default 25 (iOS allows about 30).
    public var backgroundDeadline: TimeInterval {
        get { adapters.state.withLock { $0.backgroundDeadline } }
        set { adapters.state.withLock { $0.backgroundDeadline = max(0, newValue) } }
    }

    /// How long a response completion handler waits for ``onResponse(_:_:)`` handlers, in seconds. Default 5.
    public var responseDeadline: TimeInterval {
        get { adapters.state.withLock { $0.responseDeadline } }
        set { adapters.state.withLock { $0.responseDeadline = max(0, newValue) } }
    }

    /// The clock the completion deadlines run on. Default: the configuration's clock.
    public var completionClock: any PushClock {
        get { adapters.clock(default: configuration.clock) }
        set { adapters.state.withLock { $0.clock = newValue } }
    }

    /// The app's categories: when set, each tapped message's ``PushResponse/pushAction`` is the registered
    /// action the user chose (looked up by the notification's category and the action identifier), so a
    /// handler knows it was destructive, a text input, ….
    ///
    /// ```swift
    /// center.categories = try CategoryRegistry { PushCategory("CHAT") { PushAction.textInput("REPLY", …) } }
    /// ```
    ///
    /// Setting it does not register the categories with the system; `PushBus.register(categories:)` in
    /// PushBusApple does both.
    public var categories: CategoryRegistry? {
        get { adapters.categories }
        set { adapters.categories = newValue }
    }

    /// What the adapters know about the app's setup, and what looks misconfigured.
    public var deliveryDiagnostics: DeliveryDiagnostics { adapters.facts }

    /// Records facts only the platform glue can observe (delegate installed, authorization, …).
    public func recordDiagnostics(_ update: (inout DeliveryDiagnostics) -> Void) {
        adapters.updateFacts(update)
    }
}
