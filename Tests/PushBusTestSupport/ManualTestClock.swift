public import Foundation
@_spi(PushBusInternals) public import PushBusCore

/// A clock whose scheduled actions run only when `fire()` is called (any thread).
public final class ManualTestClock: PushClock {
    private let pending = LockedState([(ScheduledAction, @Sendable () -> Void)]())
    public let now = Date(timeIntervalSince1970: 1_767_225_600)

    public init() {}

    @discardableResult
    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let token = ScheduledAction()
        pending.withLock { $0.append((token, action)) }
        return token
    }

    /// Runs every scheduled action that was not cancelled.
    public func fire() {
        let actions = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        for (token, action) in actions where !token.isCancelled { action() }
    }
}
