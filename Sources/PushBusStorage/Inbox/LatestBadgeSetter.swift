@_spi(PushBusInternals) internal import PushBusCore

/// Applies the latest badge count through an async `BadgeController`, one call at a time: a count that arrives
/// while a call runs replaces any count still waiting, so the badge never ends on a stale value.
///
/// The first count after a quiet spell is applied at once; the task that applied it then stays for
/// ``gatheringInterval`` and applies the latest count that came meanwhile, if any, so counts that come faster (a
/// burst of taps, each adding its entry and marking it read) cost one call per interval and one task for the run
/// of them. Starting a task per count woke a thread each time: a system call on the thread that changed the count,
/// the tapping thread, and a thread competing with the next tap on a 2-core device.
final class LatestBadgeSetter: Sendable {
    /// How long the setting task stays after each call for the next count: well under what a person notices on an
    /// icon, and long enough to gather a burst's changes into one call.
    static let gatheringInterval: UInt64 = 50_000_000  // nanoseconds

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
            // Ends when nothing came during the interval after the last call.
            while let next = state.withLock({ state -> Int? in
                defer { state.waiting = nil }
                if state.waiting == nil { state.isRunning = false }
                return state.waiting
            }) {
                try? await badge.setBadge(max(0, next))
                try? await Task.sleep(nanoseconds: Self.gatheringInterval)
            }
        }
    }
}
