internal import Foundation
public import PushBusCore
public import PushBusHub

/// The app's async handlers: background work for content-available pushes, and work for user responses.
extension PushDelivery {
    /// Registers an async handler for messages that arrive with a background-fetch completion handler
    /// (silent and content-available pushes). The system's handler is called when every matching handler has
    /// returned, or at ``backgroundDeadline``, with the aggregated result.
    ///
    /// ```swift
    /// let subscription = delivery.onBackgroundMessage { message in
    ///     try await feed.refresh()
    ///     return .newData
    /// }
    /// ```
    ///
    /// Results aggregate as ``BackgroundFetchResult/aggregate(_:)`` says; a handler that throws, or that is still
    /// running at the deadline, counts as `.failed`. It runs once per delivery, even if several callbacks (or
    /// another SDK forwarding the push) report it.
    ///
    /// - Parameters:
    ///   - filter: Which messages the handler runs for.
    ///   - handler: Runs in its own task; return what it fetched.
    /// - Returns: A subscription; cancel it (or release it) to unregister.
    public func onBackgroundMessage(
        _ filter: PushFilter = .all,
        _ handler: @escaping @Sendable (PushMessage) async throws -> BackgroundFetchResult
    ) -> PushCancellable {
        let id = store.addBackgroundHandler(filter, handler)
        return PushCancellable { [store] in store.removeHandler(id) }
    }

    /// Registers an async handler for user responses (taps, actions, text input). The system's completion
    /// handler is called when every matching handler has finished (returned or thrown), or at
    /// ``responseDeadline``.
    ///
    /// ```swift
    /// let subscription = delivery.onResponse(.category("CHAT")) { message in
    ///     if let text = message.response?.userText { try await chat.send(text) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - filter: Which responses the handler runs for (default `PushFilter.tapped`).
    ///   - handler: Runs in its own task, once per delivered response.
    /// - Returns: A subscription; cancel it (or release it) to unregister.
    public func onResponse(
        _ filter: PushFilter = .tapped, _ handler: @escaping @Sendable (PushMessage) async throws -> Void
    ) -> PushCancellable {
        let id = store.addResponseHandler(filter, handler)
        return PushCancellable { [store] in store.removeHandler(id) }
    }

    /// Returns once every async handler this delivery started (``onBackgroundMessage(_:_:)``,
    /// ``onResponse(_:_:)``) has ended: returned, thrown, or stopped after its deadline cancelled it. At once when
    /// none runs.
    ///
    /// For this package's tests: check "nothing else happened" after it, instead of yielding a guessed number of
    /// times.
    ///
    /// > Warning: A handler that ignores cancellation and never returns keeps this from returning; its completion
    /// > handler was called at the deadline all the same.
    package func waitForHandlers() async {
        await store.handlerTasks.waitUntilIdle()
    }
}
