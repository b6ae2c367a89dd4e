import Foundation
import PushBusCore
import PushBusHub
import PushBusLocalNotifications
import PushBusTesting
import Testing

/// More than 64 local notifications: without the schedule, iOS (simulated) keeps the last 64 added and the soonest
/// are lost; with it, every one fires on time across launches, from the file alone.
@Suite(.timeLimit(.minutes(1))) struct LocalNotificationScheduleTests {
    let clock = ManualClock()
    let scheduler: SimulatedScheduler
    let directory: URL
    let start: Date

    init() throws {
        scheduler = SimulatedScheduler(clock: clock)
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("pushbus-local-schedule-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        start = clock.now
    }

    /// 200 hourly reminders, the first an hour from now.
    func reminders(_ count: Int = 200) -> [LocalNotificationRequest] {
        (1...count).map { index in
            LocalNotificationRequest(
                identifier: "r\(index)", content: PushContent(title: "Reminder \(index)"),
                trigger: .timeInterval(TimeInterval(index) * 3600, repeats: false))
        }
    }

    func openSchedule(reserve: Int = 4) throws -> LocalNotificationSchedule {
        try LocalNotificationSchedule(
            scheduler: scheduler, directory: directory,
            configuration: .init(reserve: reserve, calendar: Calendar(identifier: .gregorian), clock: clock))
    }

    func firedOnTime() -> Int {
        scheduler.firedNotifications().count { fired in
            guard let index = Int(fired.identifier.dropFirst()) else { return false }
            return fired.date == start.addingTimeInterval(TimeInterval(index) * 3600)
        }
    }

    @Test func withoutTheScheduleIOSKeepsTheLast64AndTheSoonestAreLost() throws {
        for request in reminders() { try scheduler.add(request) }
        clock.advance(by: 201 * 3600)
        #expect(scheduler.droppedIdentifiers == (1...136).map { "r\($0)" })
        #expect(scheduler.firedNotifications().map(\.identifier) == (137...200).map { "r\($0)" })
    }

    @Test func withTheScheduleAll200FireOnTimeAcrossLaunches() async throws {
        // Given 200 reminders added through the schedule (60 pending, 140 in its file).
        try await openSchedule().add(contentsOf: reminders())
        #expect(scheduler.pendingRequests().count == 60)
        #expect(scheduler.pendingRequests().map(\.identifier) == (1...60).map { "r\($0)" })
        // When the app is opened every two days, each time a new process that knows only the file.
        for _ in 0..<5 {
            clock.advance(by: 48 * 3600)
            let report = try await openSchedule().refill()
            #expect(report.missed.isEmpty)
        }
        // Then every reminder fired, on time, and iOS dropped none.
        #expect(scheduler.droppedIdentifiers.isEmpty)
        #expect(scheduler.firedNotifications().count == 200)
        #expect(firedOnTime() == 200)
        #expect(try openSchedule().requests().isEmpty)
    }

    @Test func aWindowNotRefilledInTimeReportsTheMissedOnes() async throws {
        try await openSchedule().add(contentsOf: reminders())
        clock.advance(by: 100 * 3600)  // not opened for 100 h: the window covered 60
        let report = try await openSchedule().refill()
        #expect(scheduler.firedNotifications().count == 60)
        #expect(report.missed.map(\.identifier).sorted() == (61...100).map { "r\($0)" }.sorted())
        #expect(report.storedCount == 100)
        clock.advance(by: 200 * 3600)
        _ = try await openSchedule().refill()
        #expect(firedOnTime() == 60 + 60)
    }

    @Test func theReserveAndTheAppsOwnRequestsShrinkTheWindow() async throws {
        for index in 1...10 {
            try scheduler.add(
                LocalNotificationRequest(
                    identifier: "own\(index)", content: PushContent(title: "own"),
                    trigger: .timeInterval(TimeInterval(index) * 60, repeats: false)))
        }
        let schedule = try openSchedule(reserve: 4)
        try await schedule.add(contentsOf: reminders())
        #expect(scheduler.pendingRequests().count == 64)
        #expect(scheduler.droppedIdentifiers.isEmpty)
        #expect(try await openSchedule(reserve: 8).refill().pendingCount == 54)
    }

    @Test func aSoonerRequestWithdrawsTheLatestPendingOne() async throws {
        let schedule = try openSchedule()
        try await schedule.add(contentsOf: reminders(60))
        try await schedule.add(
            LocalNotificationRequest(
                identifier: "urgent", content: PushContent(title: "Now-ish"), trigger: .timeInterval(60, repeats: false)
            ))
        let pending = scheduler.pendingRequests().map(\.identifier)
        #expect(pending.first == "urgent")
        #expect(!pending.contains("r60"))
        #expect(schedule.requests().count == 61)
        try await schedule.remove(identifiers: ["urgent"])
        #expect(scheduler.pendingRequests().map(\.identifier) == (1...60).map { "r\($0)" })
    }

    @Test func aRepeatingRequestCountsOnceAndStays() async throws {
        let schedule = try openSchedule()
        try await schedule.add(
            LocalNotificationRequest(
                identifier: "daily", content: PushContent(title: "Daily"),
                trigger: .calendar(DateComponents(hour: 8), repeats: true)))
        try await schedule.add(contentsOf: reminders(100))
        #expect(scheduler.pendingRequests().count == 60)
        clock.advance(by: 3 * 24 * 3600)
        _ = try await openSchedule().refill()
        #expect(scheduler.firedNotifications().count { $0.identifier == "daily" } == 3)
        #expect(try openSchedule().requests().contains { $0.identifier == "daily" })
    }

    /// Attaches a schedule of 100 reminders to a hub, lets r1 fire, posts the message `message` makes of it, and
    /// returns the pending identifiers once any refill is over.
    func pendingAfterPosting(_ message: (DeliveredNotification) -> PushMessage) async throws -> [String] {
        let center = PushCenter()
        let schedule = try openSchedule()
        let subscription = schedule.attach(to: center)
        defer { subscription.cancel() }
        try await schedule.add(contentsOf: reminders(100))
        clock.advance(by: 3600)
        center.post(message(try #require(scheduler.firedNotifications().first)))
        await schedule.waitForRefills()
        return scheduler.pendingRequests().map(\.identifier)
    }

    @Test func aDeliveredNotificationRefillsTheWindow() async throws {
        // The app in the foreground is told of r1 (willPresent): the schedule hands r61 over.
        let pending = try await pendingAfterPosting { fired in
            PushMessage(
                kind: .local, content: fired.request.content, appState: .active, requestIdentifier: fired.identifier)
        }
        #expect(pending == (2...61).map { "r\($0)" })
    }

    @Test func aRemotePushWithTheSameIdentifierDoesNotRefill() async throws {
        // A remote push whose request identifier happens to be a reminder's is not one of the schedule's.
        let pending = try await pendingAfterPosting { fired in
            PushMessage(
                kind: .remote, content: PushContent(userInfo: ["aps": ["alert": "hi"]]), appState: .active,
                requestIdentifier: fired.identifier)
        }
        #expect(pending == (2...60).map { "r\($0)" })
    }

    @Test func theFileSurvivesAndAForeignFileIsATypedError() async throws {
        try await openSchedule().add(contentsOf: reminders(3))
        let file = directory.appendingPathComponent("local-notification-schedule.json")
        let reopened = try openSchedule().requests()
        #expect(reopened.map(\.identifier) == ["r1", "r2", "r3"])
        #expect(reopened.first?.content.title == "Reminder 1")
        try Data("{\"format\":\"other\"}".utf8).write(to: file)
        #expect(throws: StoreFileError.self) { try openSchedule() }
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/etc/hostname")
        do {
            _ = try openSchedule()
            Issue.record("a link was followed")
        } catch let error as StoreFileError {
            #expect(error.kind == .unreadable)
        }
        #expect(throws: StoreFileError.self) {
            try LocalNotificationSchedule(
                scheduler: scheduler, directory: directory.appendingPathComponent("missing"))
        }
    }
}
