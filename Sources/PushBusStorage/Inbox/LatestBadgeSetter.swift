@_spi(PushBusInternals) internal import PushBusCore

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
