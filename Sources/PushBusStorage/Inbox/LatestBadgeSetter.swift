internal import Foundation
@_spi(PushBusInternals) internal import PushBusCore

/// Applies the latest badge count through an async `BadgeController`, one call at a time: a count that arrives
/// while a call runs replaces any count still waiting, so the badge never ends on a stale value.
///
/// The first count after a quiet spell is applied at once; after each call the setter looks again
/// ``gatheringInterval`` later and applies the latest count that came meanwhile, if any, so counts that come faster
/// (a burst of taps, each adding its entry and marking it read) cost one call per interval. A look that finds
/// nothing ends the run. Starting a task per count woke a thread each time: a system call on the thread that
/// changed the count, the tapping thread, and a thread competing with the next tap on a 2-core device.
final class LatestBadgeSetter: Sendable {
    /// How long after each call the setter looks for the next count: well under what a person notices on an icon,
    /// and long enough to gather a burst's changes into one call.
    static let gatheringInterval: TimeInterval = 0.05

    private struct State: Sendable {
        var waiting: Int?
        var isRunning = false
    }

    private let badge: any BadgeController
    private let clock: any PushClock
    private let state = LockedState(State())

    /// - Parameters:
    ///   - badge: Where the counts go.
    ///   - clock: What times the looks after each call; the system's by default (`syncBadge(with:)` uses it
    ///     whatever clock the ledger has: gathering is not a time an app's test should have to advance).
    init(badge: any BadgeController, clock: any PushClock = SystemPushClock()) {
        self.badge = badge
        self.clock = clock
    }

    func set(_ count: Int) {
        let start = state.withLock { state -> Bool in
            state.waiting = count
            guard !state.isRunning else { return false }
            state.isRunning = true
            return true
        }
        guard start else { return }
        // Started once iOS is answered when the change comes from an adapter's callback (a tap marking read).
        AfterAnswer.run { self.applyWaiting() }
    }

    /// Applies the count waiting, then looks again after ``gatheringInterval``; ends the run when none waits.
    private func applyWaiting() {
        guard
            let next = state.withLock({ state -> Int? in
                defer { state.waiting = nil }
                if state.waiting == nil { state.isRunning = false }
                return state.waiting
            })
        else { return }
        Task { [badge, clock] in
            try? await badge.setBadge(max(0, next))
            clock.schedule(after: Self.gatheringInterval) { self.applyWaiting() }
        }
    }
}
