public import Foundation
@_spi(PushBusInternals) import PushBusCore
public import PushBusLocalNotifications

extension SimulatedScheduler {
    /// Every notification that fired, in firing order, whatever the hook did with it.
    public func firedNotifications() -> [DeliveredNotification] {
        state.withLock { $0.fired }
    }

    /// The latest notification with `identifier` that fired, if any (O(1): no scan of the history).
    public func latestFiredNotification(withIdentifier identifier: String) -> DeliveredNotification? {
        state.withLock { $0.latestFired[identifier] }
    }

    /// How many repetitions of each repeating request were counted instead of delivered one by one, by
    /// identifier: the repetitions that fell between a listed one and the last one within a single clock advance
    /// (each would only have replaced the previous one in Notification Center). Not in ``firedNotifications()``.
    public func collapsedRepetitions() -> [String: Int] {
        state.withLock { $0.collapsed }
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
            state.recordFired(fired)
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
                    if next > fireDate {
                        state.pending[index].fireDate = next
                    } else {
                        // Dates this far out (~1e15 s and beyond) cannot tell one repetition from the next:
                        // the trigger stops instead of firing forever at one instant.
                        state.pending.remove(at: index)
                    }
                } else {
                    state.pending.remove(at: index)
                }
            }
            state.recordFired(fired)
            return (fired, state.hook)
        }
        deliver(fired, hook: hook)
        // Listed or handed to the app in the foreground alike: one advance delivers a bounded number of
        // repetitions of a trigger one by one, so `advance` by a year costs what a day does.
        collapseRepetitions(of: fired)
        rescheduleWake()
    }

    /// Hands each notification to the hook; returns the ones it listed.
    @discardableResult
    private func deliver(_ notifications: [DeliveredNotification], hook: DeliveryHook?) -> [DeliveredNotification] {
        var listed: [DeliveredNotification] = []
        for notification in notifications where (hook?(notification) ?? .listed) == .listed {
            recordDelivered(notification)
            listed.append(notification)
        }
        return listed
    }

    /// Up to this many repetitions left in one advance fire one by one; beyond, they are counted.
    static let repetitionsFiredOneByOne = 100

    /// The most repetitions of one calendar trigger counted one date at a time in a single step.
    static let calendarRepetitionStep = 10_000

    /// For each repeating notification with more than ``repetitionsFiredOneByOne`` repetitions left in the
    /// running advance: moves the request to its last repetition before the advance ends and counts the ones in
    /// between. The last one then fires normally, at its own time, through the hook.
    private func collapseRepetitions(of listed: [DeliveredNotification]) {
        guard let horizon = (clock as? ManualClock)?.advanceTarget else { return }
        let calendar = self.calendar
        for notification in listed where notification.request.trigger?.repeats == true {
            state.withLock { state in
                let identifier = notification.request.identifier
                guard let index = state.pending.firstIndex(where: { $0.request.identifier == identifier }),
                    let trigger = state.pending[index].request.trigger,
                    var next = state.pending[index].fireDate, next <= horizon
                else { return }
                var skipped = 0
                if case .timeInterval(let interval, _) = trigger, interval > 0 {
                    // In floating point, so a horizon of 1e300 s is one step too (the count saturates).
                    let steps = (horizon.timeIntervalSince(next) / interval).rounded(.down)
                    skipped = steps >= Double(Int.max) ? Int.max : Int(steps)
                    next = next.addingTimeInterval(steps * interval)
                } else {
                    while skipped < Self.calendarRepetitionStep,
                        let following = trigger.nextFireDate(after: next, calendar: calendar), following <= horizon
                    {
                        next = following
                        skipped += 1
                    }
                }
                guard skipped > Self.repetitionsFiredOneByOne else { return }
                state.pending[index].fireDate = next
                let (sum, overflow) = state.collapsed[identifier, default: 0].addingReportingOverflow(skipped)
                state.collapsed[identifier] = overflow ? Int.max : sum
            }
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

extension SimulatedScheduler.State {
    mutating func recordFired(_ notifications: [DeliveredNotification]) {
        fired += notifications
        for notification in notifications { latestFired[notification.request.identifier] = notification }
    }
}
