import Foundation

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
/// Thread safety: `Sendable`; handlers run on the thread that calls ``update(_:)`` or ``subscribe(_:)``, never
/// under a lock. Call ``update(_:)`` from one thread at a time (the Apple glue uses the main thread) so that
/// subscribers see changes in order.
public final class NotificationSettingsChannel: Sendable {
    private struct State: Sendable {
        var latest: NotificationSettingsSnapshot?
        var latestChange: NotificationSettingsChange?
        var handlers: [UInt64: @Sendable (NotificationSettingsChange) -> Void] = [:]
        var nextID: UInt64 = 0
    }

    private let state = LockedState(State())

    public init() {}

    /// The settings read last, or `nil` before the first reading.
    public var current: NotificationSettingsSnapshot? { state.withLock { $0.latest } }

    /// Records a reading of the settings.
    ///
    /// - Returns: The change posted to subscribers, or `nil` when the settings are the same as the last reading
    ///   (nothing is posted then).
    @discardableResult
    public func update(_ snapshot: NotificationSettingsSnapshot) -> NotificationSettingsChange? {
        let posting: (NotificationSettingsChange, [@Sendable (NotificationSettingsChange) -> Void])? =
            state.withLock { state in
                guard state.latest != snapshot else { return nil }
                let change = NotificationSettingsChange(previous: state.latest, current: snapshot)
                state.latest = snapshot
                state.latestChange = change
                return (change, state.handlers.sorted { $0.key < $1.key }.map(\.value))
            }
        guard let (change, handlers) = posting else { return nil }
        for handler in handlers { handler(change) }
        return change
    }

    /// Subscribes to changes; the latest change, if any, is delivered first, on this thread.
    ///
    /// - Returns: The subscription; changes stop when it is cancelled or released.
    public func subscribe(_ handler: @escaping @Sendable (NotificationSettingsChange) -> Void) -> PushSubscription {
        let (id, replay) = state.withLock { state -> (UInt64, NotificationSettingsChange?) in
            state.nextID += 1
            state.handlers[state.nextID] = handler
            return (state.nextID, state.latestChange)
        }
        if let replay { handler(replay) }
        return PushSubscription { [weak self] in
            self?.state.withLock { _ = $0.handlers.removeValue(forKey: id) }
        }
    }
}
