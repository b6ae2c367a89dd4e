import Foundation
import PushBus

extension SimulatedScheduler {
    /// Every notification that fired, in firing order, whatever the hook did with it.
    public func firedNotifications() -> [DeliveredNotification] {
        state.withLock { $0.fired }
    }

    /// Identifiers of requests dropped because more than ``pendingLimit`` were pending, oldest drop first.
    public var droppedIdentifiers: [String] { state.withLock { $0.dropped } }

    /// When the pending request `identifier` fires next; `nil` if it is not pending or never fires by time.
    public func nextFireDate(ofRequest identifier: String) -> Date? {
        state.withLock { state in state.pending.first { $0.request.identifier == identifier }?.fireDate }
    }

    /// Adds `notification` to the delivered list (replacing one with the same identifier), for a hook that
    /// answered ``DeliveryDisposition/notListed`` and decides later (for example in `willPresent`'s completion).
    public func recordDelivered(_ notification: DeliveredNotification) {
        state.withLock { state in
            state.delivered.removeAll { $0.identifier == notification.identifier }
            state.delivered.append(notification)
        }
    }

    /// Fires the location-triggered requests whose region is `regionIdentifier` and that notify on `event`,
    /// as iOS does when the device crosses the region; non-repeating ones leave the pending list.
    public func simulateRegionEvent(_ event: RegionEvent, regionIdentifier: String) {
        let now = clock.now
        let (fired, hook) = state.withLock { state -> ([DeliveredNotification], DeliveryHook?) in
            var fired: [DeliveredNotification] = []
            state.pending.removeAll { entry in
                guard case .location(let region, let repeats)? = entry.request.trigger,
                    region.identifier == regionIdentifier,
                    event == .entry ? region.notifiesOnEntry : region.notifiesOnExit
                else { return false }
                fired.append(DeliveredNotification(request: entry.request, date: now))
                return !repeats
            }
            state.fired += fired
            return (fired, state.hook)
        }
        deliver(fired, hook: hook)
    }

    /// Fires every request due at the clock's current time, in fire-date order, then waits for the next one.
    func fireDueRequests() {
        let now = clock.now
        let calendar = self.calendar
        let (fired, hook) = state.withLock { state -> ([DeliveredNotification], DeliveryHook?) in
            state.wake = nil
            state.wakeDate = nil
            let due = state.pending.filter { $0.fireDate.map { $0 <= now } ?? false }
                .sorted(by: SimulatedScheduler.firesBefore)
            var fired: [DeliveredNotification] = []
            for entry in due {
                guard let fireDate = entry.fireDate,
                    let index = state.pending.firstIndex(where: {
                        $0.sequence == entry.sequence
                    })
                else { continue }
                fired.append(DeliveredNotification(request: entry.request, date: fireDate))
                if let trigger = entry.request.trigger, trigger.repeats,
                    var next = trigger.nextFireDate(after: fireDate, calendar: calendar)
                {
                    // A clock that jumped past several repetitions delivers one, as iOS does.
                    if next <= now { next = trigger.nextFireDate(after: now, calendar: calendar) ?? next }
                    state.pending[index].fireDate = next
                } else {
                    state.pending.remove(at: index)
                }
            }
            state.fired += fired
            return (fired, state.hook)
        }
        deliver(fired, hook: hook)
        rescheduleWake()
    }

    private func deliver(_ notifications: [DeliveredNotification], hook: DeliveryHook?) {
        for notification in notifications where (hook?(notification) ?? .listed) == .listed {
            recordDelivered(notification)
        }
    }

    /// Keeps exactly one clock action pending, at the earliest fire date.
    func rescheduleWake() {
        let change = state.withLock { state -> (old: ScheduledAction?, date: Date?, generation: UInt64)? in
            let earliest = state.pending.compactMap(\.fireDate).min()
            guard earliest != state.wakeDate || (earliest != nil && state.wake == nil) else { return nil }
            let old = state.wake
            state.wake = nil
            state.wakeDate = earliest
            state.wakeGeneration += 1
            return (old, earliest, state.wakeGeneration)
        }
        guard let change else { return }
        change.old?.cancel()
        guard let date = change.date else { return }
        let token = clock.schedule(after: max(0, date.timeIntervalSince(clock.now))) { [weak self] in
            self?.fireDueRequests()
        }
        let isCurrent = state.withLock { state -> Bool in
            guard state.wakeGeneration == change.generation else { return false }
            state.wake = token
            return true
        }
        if !isCurrent { token.cancel() }
    }
}
