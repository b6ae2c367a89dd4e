internal import Foundation

/// What a ``LocalNotificationSchedule`` holds (and saves): every request with its next fire date and whether it
/// is pending in the system. Pure: ``plan(pending:now:configuration:)`` says what a refill does.
struct LocalScheduleState: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var request: LocalNotificationRequest
        /// The next fire date; `nil` for a trigger that does not fire by time (location).
        var fireDate: Date?
        /// Orders requests with the same fire date: the order they were added in.
        var sequence: UInt64
        /// A Boolean value indicating whether the request was handed to the system (and not withdrawn since).
        var isHandedOver: Bool
    }

    /// What a refill does.
    struct Plan: Sendable, Equatable {
        /// Requests to hand to the system, latest first (iOS keeps the last added: the soonest go in last).
        var add: [LocalNotificationRequest] = []
        var withdraw: [String] = []
        var missed: [LocalNotificationRequest] = []
        /// Identifiers whose one-shot request fired (or was missed): they leave the schedule.
        var finished: Set<String> = []
        /// New fire dates of repeating requests that fired, and of requests re-timed when handed over.
        var fireDates: [String: Date] = [:]
    }

    var entries: [String: Entry] = [:]
    var sequence: UInt64 = 0

    var pendingCount: Int { entries.values.reduce(0) { $0 + ($1.isHandedOver ? 1 : 0) } }

    func contains(_ identifier: String) -> Bool { entries[identifier] != nil }

    func sortedEntries() -> [Entry] {
        entries.values.sorted(by: Self.firesBefore)
    }

    mutating func insert(_ request: LocalNotificationRequest, now: Date, calendar: Calendar) {
        sequence += 1
        let fireDate = request.trigger?.nextFireDate(after: now, calendar: calendar)
        // Replacing a pending request keeps it "handed over": the refill adds the new one under its identifier.
        entries[request.identifier] = Entry(
            request: request, fireDate: fireDate, sequence: sequence, isHandedOver: false)
    }

    mutating func remove(_ identifiers: Set<String>) {
        for identifier in identifiers { entries[identifier] = nil }
    }

    /// Location triggers first (they may fire at any time), then by fire date, then in the order added.
    static func firesBefore(_ lhs: Entry, _ rhs: Entry) -> Bool {
        switch (lhs.fireDate, rhs.fireDate) {
        case (nil, nil): return lhs.sequence < rhs.sequence
        case (nil, .some): return true
        case (.some, nil): return false
        case (let left?, let right?): return (left, lhs.sequence) < (right, rhs.sequence)
        }
    }

    /// What a refill at `now` does, given the identifiers pending in the system.
    func plan(pending: [String], now: Date, configuration: LocalNotificationSchedule.Configuration) -> Plan {
        var plan = Plan()
        let pendingSet = Set(pending)
        var live: [Entry] = []
        for var entry in entries.values {
            let identifier = entry.request.identifier
            if let fireDate = entry.fireDate, fireDate <= now, let trigger = entry.request.trigger {
                // Not handed over: the window did not reach it in time. Handed over and no longer pending:
                // iOS fired it.
                if !entry.isHandedOver { plan.missed.append(entry.request) }
                if trigger.repeats,
                    let next = Self.nextDate(of: trigger, after: fireDate, now: now, calendar: configuration.calendar)
                {
                    entry.fireDate = next
                    plan.fireDates[identifier] = next
                } else if !entry.isHandedOver || !pendingSet.contains(identifier) {
                    plan.finished.insert(identifier)
                    continue
                }
            }
            live.append(entry)
        }
        plan.missed.sort { $0.identifier < $1.identifier }
        let ownPending = pendingSet.subtracting(entries.keys).count
        let capacity = LocalNotificationSchedule.systemLimit - max(configuration.reserve, ownPending)
        live.sort(by: Self.firesBefore)
        let window = live.prefix(max(capacity, 0))
        let wanted = Set(window.map(\.request.identifier))
        plan.withdraw = live.filter {
            !wanted.contains($0.request.identifier) && pendingSet.contains($0.request.identifier)
        }
        .map(\.request.identifier)
        for entry in window.reversed() where !pendingSet.contains(entry.request.identifier) || !entry.isHandedOver {
            let (request, fireDate) = Self.systemRequest(for: entry, now: now)
            plan.add.append(request)
            if fireDate != entry.fireDate { plan.fireDates[entry.request.identifier] = fireDate }
        }
        return plan
    }

    /// Records a refill's outcome: finished requests leave, added ones are handed over, withdrawn ones are not.
    mutating func apply(_ plan: Plan, added: Set<String>) {
        for identifier in plan.finished { entries[identifier] = nil }
        for (identifier, date) in plan.fireDates { entries[identifier]?.fireDate = date }
        for identifier in plan.withdraw { entries[identifier]?.isHandedOver = false }
        for identifier in added { entries[identifier]?.isHandedOver = true }
    }

    /// The request the system gets: a one-shot interval trigger counts from now, so it is re-timed to fire at
    /// the stored date; a repeating interval restarts from now (as iOS does when a request is added again).
    static func systemRequest(for entry: Entry, now: Date) -> (LocalNotificationRequest, Date?) {
        var request = entry.request
        guard case .timeInterval(let interval, let repeats)? = request.trigger else { return (request, entry.fireDate) }
        if repeats { return (request, now.addingTimeInterval(interval)) }
        let remaining = max((entry.fireDate ?? now).timeIntervalSince(now), 0.001)
        request.trigger = .timeInterval(remaining, repeats: false)
        return (request, entry.fireDate)
    }

    /// The first repetition after `now` of a repeating trigger that last fired (or was due) at `fireDate`.
    static func nextDate(of trigger: LocalTrigger, after fireDate: Date, now: Date, calendar: Calendar) -> Date? {
        if case .timeInterval(let interval, _) = trigger {
            let steps = (now.timeIntervalSince(fireDate) / interval).rounded(.down) + 1
            return fireDate.addingTimeInterval(steps * interval)
        }
        return trigger.nextFireDate(after: now, calendar: calendar)
    }
}
