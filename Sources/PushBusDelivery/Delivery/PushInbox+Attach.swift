internal import Foundation
@_spi(PushBusInternals) public import PushBusCore
public import PushBusHub
public import PushBusLocalNotifications
public import PushBusStorage

extension PushInbox {
    /// Keeps the inbox in step with what the app sees: every admitted message enters (unless an extension already
    /// added it), and a tap on a notification marks its entry read. Watches with `PushCenter.monitor(_:_:)`, so it
    /// takes nothing from other subscriptions (a cold-start tap still reaches the router). A message an adapter
    /// reports is noted right after the adapter has called iOS's completion handler, before its method returns.
    ///
    /// - Parameters:
    ///   - center: The app's hub.
    ///   - onError: Called (on the posting thread) when the ledger cannot be written; the message is delivered to
    ///     subscribers all the same.
    /// - Returns: The subscription; keep it for as long as the inbox should follow the center.
    public func attach(
        to center: PushCenter, onError: (@Sendable (DeliveryLedgerError) -> Void)? = nil
    ) -> PushCancellable {
        center.monitor { [weak self] message, _ in
            // Inside an adapter's callback: once iOS's completion handler has run, before the callback returns.
            AfterAnswer.run {
                guard let self else { return }
                do throws(DeliveryLedgerError) {
                    try self.note(message)
                } catch {
                    onError?(error)
                }
            }
        }
    }

    /// Adds `message` if it enters and is new; marks it read if it is a tap that opened it (the default action or a
    /// custom action, not a dismissal). An arrival that retracts or replaces earlier messages
    /// (`PushContent.retraction`) first removes their entries.
    public func note(_ message: PushMessage) throws(DeliveryLedgerError) {
        try removeRetracted(by: message)
        let entry = try add(message)
        guard let entry, message.response.map({ $0.action != .dismiss }) ?? false else { return }
        try markRead(entry.id)
    }

    /// Keeps the app icon's badge equal to what ``Configuration/badgePolicy`` counts (``unreadCount`` by default,
    /// the unread count over chosen scopes, or the app's own function of the counts): sets it now and after every
    /// change, always to the latest count, one call at a time. Does nothing under ``BadgePolicy/manual``.
    ///
    /// - Returns: The subscription; the badge stops following when it is cancelled or released.
    public func syncBadge(with badge: any BadgeController) -> PushCancellable {
        guard configuration.badgePolicy.setsBadge else { return PushCancellable {} }
        let setter = LatestBadgeSetter(badge: badge)
        setter.set(self.badge ?? 0)
        return observe { [weak self] change in
            if case .unreadCount = change, let count = self?.currentBadge { setter.set(count) }
        }
    }
}

/// Applies the latest badge count through an async `BadgeController`, one call at a time: a count that arrives
/// while a call runs replaces any count still waiting, so the badge never ends on a stale value.
final class LatestBadgeSetter: Sendable {
    private struct State: Sendable {
        var waiting: Int?
        var isRunning = false
    }

    private let badge: any BadgeController
    private let state = LockedState(State())

    init(badge: any BadgeController) { self.badge = badge }

    func set(_ count: Int) {
        let start = state.withLock { state -> Bool in
            state.waiting = count
            guard !state.isRunning else { return false }
            state.isRunning = true
            return true
        }
        guard start else { return }
        // Started once iOS is answered when the change comes from an adapter's callback (a tap marking read).
        AfterAnswer.run { self.start() }
    }

    private func start() {
        Task { [badge, state] in
            while let next = state.withLock({ state -> Int? in
                defer { state.waiting = nil }
                if state.waiting == nil { state.isRunning = false }
                return state.waiting
            }) {
                try? await badge.setBadge(max(0, next))
            }
        }
    }
}
