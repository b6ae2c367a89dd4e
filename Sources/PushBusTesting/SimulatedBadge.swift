@_spi(PushBusInternals) public import PushBusCore

/// A `BadgeController` that records the app icon's badge, for tests; clearing "with notifications" also
/// empties a ``SimulatedScheduler``'s delivered list, as setting the badge to 0 does on iOS.
///
/// ```swift
/// let badge = SimulatedBadge(scheduler: scheduler)
/// try await badge.setBadge(3)
/// try await badge.clearBadge()          // badge.count == 0; scheduler.deliveredNotifications() unchanged
/// ```
public final class SimulatedBadge: BadgeController {
    private let scheduler: SimulatedScheduler?
    private let state = LockedState<(count: Int, changes: [BadgeChange])>((0, []))

    /// - Parameters:
    ///   - count: The badge the device shows at first.
    ///   - scheduler: The scheduler whose delivered list `clearWithNotifications` empties.
    public init(count: Int = 0, scheduler: SimulatedScheduler? = nil) {
        self.scheduler = scheduler
        state.withLock { $0.count = max(0, count) }
    }

    /// The number on the icon (`0`: no badge).
    public var count: Int { state.withLock { $0.count } }

    /// Every change applied, in order.
    public var changes: [BadgeChange] { state.withLock { $0.changes } }

    public func apply(_ change: BadgeChange) throws {
        try change.validate()
        state.withLock { state in
            state.count = change.count
            state.changes.append(change)
        }
        if change.removesDeliveredNotifications { scheduler?.removeAllDeliveredNotifications() }
    }
}
