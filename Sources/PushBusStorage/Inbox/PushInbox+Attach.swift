public import PushBusCore

extension PushInbox {
    /// Keeps the inbox in step with what the app sees: every admitted message enters (unless an extension already
    /// added it), and a tap on a notification marks its entry read. Watches with `PushCenter.monitor(_:_:)`
    /// (`PushMessageSource.watchMessages(_:)`), so it takes nothing from other subscriptions (a cold-start tap
    /// still reaches the router). A message an adapter reports is noted right after the adapter has called iOS's
    /// completion handler, before its method returns.
    ///
    /// ```swift
    /// let watching = inbox.attach(to: delivery.center)
    /// ```
    ///
    /// - Parameters:
    ///   - center: The app's hub (`PushCenter`), or any other `PushMessageSource`.
    ///   - onError: Called (on the posting thread) when the ledger cannot be written; the message is delivered to
    ///     subscribers all the same.
    /// - Returns: The subscription; keep it for as long as the inbox should follow the center.
    public func attach(
        to center: some PushMessageSource, onError: (@Sendable (DeliveryLedgerError) -> Void)? = nil
    ) -> PushCancellable {
        center.watchMessages { [weak self] message in
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
        try setRead(entry, true)  // the entry `add` just read: no second catch-up with the ledger
    }

    /// Keeps the app icon's badge equal to what ``Configuration/badgePolicy`` counts (``unreadCount`` by default,
    /// the unread count over chosen scopes, or the app's own function of the counts): sets it now and after every
    /// change, always to the latest count, one call at a time. Does nothing under ``BadgePolicy/manual``. The first
    /// change after a quiet spell is set at once; changes that come faster than one per 50 ms (a burst of taps) are
    /// gathered into at most one call per 50 ms, the last one with the latest count.
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
