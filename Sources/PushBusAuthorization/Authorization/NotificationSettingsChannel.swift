internal import Foundation
@_spi(PushBusInternals) public import PushBusCore

/// Where the app learns that its notification settings changed: the glue reads the settings at launch and each
/// time the app returns to the foreground and hands them to ``update(_:)``; subscribers hear only real changes.
///
/// ```swift
/// let subscription = settings.subscribe { change in
///     if change.current.status == .denied { showTurnOnNotificationsBanner() }
/// }
/// ```
///
/// This is the one design for settings events: a sibling of the center's registration channel, with the same
/// rule (the latest value is replayed to a new subscriber, on the subscribing thread).
///
/// The channel also carries the system's request to show the app's own settings screen
/// (``OpenSettingsRequest``, `userNotificationCenter(_:openSettingsFor:)`): ``requestOpenSettings(_:)`` posts it,
/// ``onOpenSettings(_:)`` hears it; a request nobody listens to yet (a launch from Settings) waits for the first
/// listener, which takes it.
///
/// Across launches: create the channel with the snapshot the previous process saw (``init(lastKnown:store:)``; the
/// Apple glue keeps it in `UserDefaults`) and the first reading of this launch is compared with it, so a change
/// made while the app was not running is posted too.
///
/// Thread safety: `Sendable`; handlers run on the thread that calls ``update(_:)`` or ``subscribe(_:)``, never
/// under a lock. Call ``update(_:)`` from one thread at a time so that subscribers see changes in order (the Apple
/// glue reads once per registration and per return to the foreground, from a task, not the main thread: hop to
/// the main actor in a handler that touches UI).
public final class NotificationSettingsChannel: Sendable {
    private struct State: Sendable {
        var latest: NotificationSettingsSnapshot?
        var latestChange: NotificationSettingsChange?
        /// What the app asked for last (``NotificationAuthorizationFlow`` records it), if known.
        var requestedOptions: AuthorizationOptions?
        /// Requests that arrived before anybody listened, oldest first.
        var waitingOpenSettings: [OpenSettingsRequest] = []
    }

    /// Guards the latest value; the registries below are reached under it (never the other way round), so a new
    /// subscriber gets the latest change either as its replay or from ``update(_:)``, never both.
    private let state: LockedState<State>
    private let handlers = ObserverRegistry<@Sendable (NotificationSettingsChange) -> Void>()
    private let openSettingsHandlers = ObserverRegistry<@Sendable (OpenSettingsRequest) -> Void>()
    private let store: NotificationSettingsStore?

    /// Creates a channel.
    ///
    /// ```swift
    /// let settings = NotificationSettingsChannel()  // no reading yet
    /// let remembering = NotificationSettingsChannel(store: NotificationSettingsStore())  // remembers across launches
    /// ```
    ///
    /// - Parameters:
    ///   - lastKnown: The reading of a previous launch: the first ``update(_:)`` posts a change only if the
    ///     settings differ from it. `nil` (and no `store`): the first ``update(_:)`` is a change from nothing.
    ///   - store: Where the previous launch saved its reading (used when `lastKnown` is `nil`); each change is
    ///     saved to it, so a change made while the app was not running is posted at the first reading of this
    ///     launch.
    public init(lastKnown: NotificationSettingsSnapshot? = nil, store: NotificationSettingsStore? = nil) {
        let lastKnown = lastKnown ?? store?.load()
        var initial = State()
        initial.latest = lastKnown
        initial.requestedOptions = lastKnown?.isCriticalAlertRequested.map { $0 ? [.criticalAlert] : [] }
        state = LockedState(initial)
        self.store = store
    }

    /// Every option the app asked for so far (their union), if known (recorded by ``NotificationAuthorizationFlow``).
    package var requestedOptions: AuthorizationOptions? { state.withLock { $0.requestedOptions } }

    /// Records that the app asked for `options`; later readings tell a critical alert never asked for
    /// (``NotificationSettingsSnapshot/CriticalAlertState/notRequested``) from a refusal. Options add up: a
    /// later request for less does not forget that critical alerts were asked for once.
    package func recordRequest(_ options: AuthorizationOptions) {
        state.withLock { $0.requestedOptions = ($0.requestedOptions ?? []).union(options) }
    }

    /// `snapshot` with what the app asked for filled in, when it says nothing itself.
    package func annotated(_ snapshot: NotificationSettingsSnapshot) -> NotificationSettingsSnapshot {
        guard snapshot.isCriticalAlertRequested == nil, let requested = requestedOptions else { return snapshot }
        var annotated = snapshot
        annotated.isCriticalAlertRequested = requested.contains(.criticalAlert)
        return annotated
    }

    /// The settings read last, or `nil` before the first reading.
    public var current: NotificationSettingsSnapshot? { state.withLock { $0.latest } }

    /// Records a reading of the settings.
    ///
    /// - Returns: The change posted to subscribers, or `nil` when the settings are the same as the last reading
    ///   (nothing is posted then).
    @discardableResult
    public func update(_ snapshot: NotificationSettingsSnapshot) -> NotificationSettingsChange? {
        let posting = state.withLock { state -> (NotificationSettingsChange, ObserverRegistry<Handler>.Snapshot)? in
            guard state.latest != snapshot else { return nil }
            let change = NotificationSettingsChange(previous: state.latest, current: snapshot)
            state.latest = snapshot
            state.latestChange = change
            return (change, handlers.snapshot())
        }
        guard let (change, receivers) = posting else { return nil }
        store?.save(snapshot)
        handlers.notify(receivers) { handler in handler(change) }
        return change
    }

    /// Subscribes to changes; the latest change, if any, is delivered first, on this thread.
    ///
    /// - Returns: The subscription; changes stop when it is cancelled or released.
    public func subscribe(_ handler: @escaping @Sendable (NotificationSettingsChange) -> Void) -> PushCancellable {
        let (token, replay) = state.withLock { (handlers.add(handler), $0.latestChange) }
        if let replay { token.call { handler in handler(replay) } }
        return token.subscription
    }

    // MARK: Open settings

    /// Posts the system's request to show the app's notification settings screen to every
    /// ``onOpenSettings(_:)`` handler, on this thread; with none yet, the request waits for the first one.
    ///
    /// - Returns: How many handlers got it (`0`: it waits).
    @discardableResult
    public func requestOpenSettings(_ request: OpenSettingsRequest) -> Int {
        let receivers = state.withLock { state -> ObserverRegistry<OpenSettingsHandler>.Snapshot? in
            let receivers = openSettingsHandlers.snapshot()
            guard !receivers.isEmpty else {
                state.waitingOpenSettings.append(request)
                return nil
            }
            return receivers
        }
        guard let receivers else { return 0 }
        var count = 0
        openSettingsHandlers.notify(receivers) { handler in
            handler(request)
            count += 1
        }
        return count
    }

    /// Calls `handler` with each request to show the app's notification settings screen; requests that arrived
    /// before any handler (a launch from Settings) are handed to this one first, on this thread, and are
    /// then taken.
    ///
    /// - Returns: The subscription; requests stop when it is cancelled or released.
    public func onOpenSettings(_ handler: @escaping @Sendable (OpenSettingsRequest) -> Void) -> PushCancellable {
        let (token, waiting) = state.withLock { state in
            defer { state.waitingOpenSettings = [] }
            return (openSettingsHandlers.add(handler), state.waitingOpenSettings)
        }
        for request in waiting { token.call { handler in handler(request) } }
        return token.subscription
    }

    private typealias Handler = @Sendable (NotificationSettingsChange) -> Void
    private typealias OpenSettingsHandler = @Sendable (OpenSettingsRequest) -> Void
}
