internal import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusDelivery
import PushBusLocalNotifications

/// Scenario steps for many local notifications: `scheduleSeries` adds them (through the app's
/// `LocalNotificationSchedule` when it has one, else straight to iOS), `backgroundRefresh` runs the app's
/// background refresh, and launch and return to the foreground refill the schedule's window.
extension SimulatedApp {
    func performLocalScheduleStep(_ step: SimulationScenario.Step) async throws -> Bool {
        switch step.do {
        case "scheduleSeries":
            let requests = try series(of: step)
            if let schedule = try currentLocalSchedule() {
                try await schedule.add(contentsOf: requests)
                device.note("the app adds \(requests.count) notifications to its LocalNotificationSchedule")
            } else {
                for request in requests { try device.schedule(local: request) }
                device.note("the app adds \(requests.count) notifications to UNUserNotificationCenter")
            }
        case "backgroundRefresh":
            device.note("background app refresh")
            try await refillLocalSchedule()
        default:
            return false
        }
        return true
    }

    /// Refills the window of the app's schedule, if it has one, as its launch, foreground and background
    /// refresh handlers do.
    func refillLocalSchedule() async throws {
        guard let schedule = try currentLocalSchedule() else { return }
        let report = try await schedule.refill()
        device.note(
            "LocalNotificationSchedule refill: \(report.added.count) added, \(report.withdrawn.count) withdrawn, "
                + "\(report.missed.count) missed; \(report.pendingCount) pending, \(report.storedCount) held")
    }

    /// The schedule of the running process: each process opens it again from its file.
    private func currentLocalSchedule() throws -> LocalNotificationSchedule? {
        guard let reserve = localScheduleReserve else { return nil }
        let process = device.process
        if let current = localSchedule.withLock({ $0 }), current.process == process.number { return current.schedule }
        guard let directory = device.ledgerDirectory else {
            throw ScenarioError("app.localSchedule needs device.ledger: true (the schedule's file lives there)")
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let schedule = try LocalNotificationSchedule(
            scheduler: device.scheduler, directory: directory,
            configuration: .init(reserve: reserve, calendar: device.scheduler.calendar, clock: device.clock))
        process.keep(schedule.attach(to: process.center))
        localSchedule.withLock { $0 = (process.number, schedule) }
        return schedule
    }

    /// `ID-1` … `ID-count`, the first `seconds` from now, then every `every` seconds; each carries the date it
    /// is due at (`dueAt`, seconds since 1970) for the `localNotificationsOnTime` check.
    private func series(of step: SimulationScenario.Step) throws -> [LocalNotificationRequest] {
        let id = try required(step.id, "id", step)
        let count = try required(step.count, "count", step)
        let first = try required(step.seconds, "seconds", step)
        let every = step.every ?? first
        guard (1...10_000).contains(count), first > 0, every > 0, first.isFinite, every.isFinite else {
            throw ScenarioError("step 'scheduleSeries' needs 1…10000 notifications and positive finite delays")
        }
        let now = device.clock.now
        return (1...count).map { index in
            let delay = first + Double(index - 1) * every
            let content = PushContent(
                title: step.title ?? id, body: step.body, sound: .default, categoryIdentifier: step.category,
                userInfo: ["dueAt": .double(now.addingTimeInterval(delay).timeIntervalSince1970)])
            return LocalNotificationRequest(
                identifier: "\(id)-\(index)", content: content, trigger: .timeInterval(delay, repeats: false))
        }
    }
}

extension SimulationScenario {
    /// How many fired notifications carrying `dueAt` fired at that date (within a millisecond).
    static func onTime(_ scheduler: SimulatedScheduler) -> Int {
        scheduler.firedNotifications().count { fired in
            // A whole number of seconds reads back from the schedule's file as an integer.
            guard let due = fired.request.content.customData["dueAt"]?.doubleValue else { return false }
            return abs(fired.date.timeIntervalSince1970 - due) < 0.001
        }
    }
}
