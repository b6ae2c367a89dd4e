import Foundation
import PushBus
import PushBusTesting
import Testing

/// `SimulatedScheduler` keeps pending and delivered lists as iOS does and fires on a manual clock.
@Suite(.timeLimit(.minutes(2))) struct SimulatedSchedulerTests {
    let clock = ManualClock()
    let scheduler: SimulatedScheduler

    init() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        scheduler = SimulatedScheduler(clock: clock, calendar: calendar)
    }

    func request(_ identifier: String, _ trigger: LocalTrigger?, title: String? = nil) -> LocalNotificationRequest {
        LocalNotificationRequest(
            identifier: identifier, content: PushContent(title: title ?? identifier), trigger: trigger)
    }

    @Test func nothingFiresBeforeTheClockReachesTheFireDate() throws {
        try scheduler.add(request("a", .timeInterval(60, repeats: false)))
        clock.advance(by: 59)
        #expect(scheduler.firedNotifications().isEmpty)
        #expect(scheduler.pendingRequests().map(\.identifier) == ["a"])
        clock.advance(by: 1)
        #expect(scheduler.firedNotifications().map(\.identifier) == ["a"])
        #expect(scheduler.firedNotifications().first?.date == clock.now)
        #expect(scheduler.pendingRequests().isEmpty)
        #expect(scheduler.deliveredNotifications().map(\.identifier) == ["a"])
    }

    @Test func sameIdentifierReplacesThePendingRequest() throws {
        try scheduler.add(request("a", .timeInterval(60, repeats: false), title: "first"))
        try scheduler.add(request("a", .timeInterval(300, repeats: false), title: "second"))
        #expect(scheduler.pendingRequests().count == 1)
        #expect(scheduler.pendingRequests().first?.content.title == "second")
        clock.advance(by: 120)
        #expect(scheduler.firedNotifications().isEmpty)
        clock.advance(by: 180)
        #expect(scheduler.firedNotifications().map { $0.request.content.title } == ["second"])
    }

    @Test func sameIdentifierReplacesTheDeliveredNotificationWhenItFires() throws {
        try scheduler.add(request("a", nil, title: "first"))
        clock.runDueActions()
        try scheduler.add(request("a", .timeInterval(10, repeats: false), title: "second"))
        #expect(scheduler.deliveredNotifications().map { $0.request.content.title } == ["first"])
        clock.advance(by: 10)
        #expect(scheduler.deliveredNotifications().map { $0.request.content.title } == ["second"])
    }

    @Test func keepsTheSoonest64Pending() throws {
        // Added latest-first, so the ones dropped are the earliest added but latest to fire.
        for index in (1...70).reversed() {
            try scheduler.add(request("r\(index)", .timeInterval(TimeInterval(index * 60), repeats: false)))
        }
        let pending = scheduler.pendingRequests().map(\.identifier)
        #expect(pending.count == SimulatedScheduler.pendingLimit)
        #expect(pending == (1...64).map { "r\($0)" })
        #expect(Set(scheduler.droppedIdentifiers) == Set((65...70).map { "r\($0)" }))
    }

    @Test func aLaterRequestBeyondTheLimitIsDropped() throws {
        for index in 1...64 {
            try scheduler.add(request("r\(index)", .timeInterval(TimeInterval(index), repeats: false)))
        }
        try scheduler.add(request("late", .timeInterval(10_000, repeats: false)))
        #expect(scheduler.droppedIdentifiers == ["late"])
        try scheduler.add(request("soon", .timeInterval(0.5, repeats: false)))
        #expect(scheduler.droppedIdentifiers == ["late", "r64"])
        #expect(scheduler.pendingRequests().first?.identifier == "soon")
    }

    @Test func removesPendingByIdentifierAndAll() throws {
        for name in ["a", "b", "c"] { try scheduler.add(request(name, .timeInterval(60, repeats: false))) }
        scheduler.removePendingRequests(withIdentifiers: ["b", "unknown"])
        #expect(scheduler.pendingRequests().map(\.identifier) == ["a", "c"])
        scheduler.removeAllPendingRequests()
        #expect(scheduler.pendingRequests().isEmpty)
        clock.advance(by: 3_600)
        #expect(scheduler.firedNotifications().isEmpty)
        #expect(clock.pendingCount == 0)
    }

    @Test func removesDeliveredByIdentifierAndAll() throws {
        for name in ["a", "b", "c"] { try scheduler.add(request(name, nil)) }
        clock.runDueActions()
        #expect(scheduler.deliveredNotifications().map(\.identifier) == ["a", "b", "c"])
        scheduler.removeDeliveredNotifications(withIdentifiers: ["a", "c"])
        #expect(scheduler.deliveredNotifications().map(\.identifier) == ["b"])
        scheduler.removeAllDeliveredNotifications()
        #expect(scheduler.deliveredNotifications().isEmpty)
    }

    @Test func removingPendingDoesNotTouchDeliveredAndViceVersa() throws {
        try scheduler.add(request("shown", nil))
        try scheduler.add(request("later", .timeInterval(60, repeats: false)))
        clock.runDueActions()
        scheduler.removeAllPendingRequests()
        #expect(scheduler.deliveredNotifications().map(\.identifier) == ["shown"])
        try scheduler.add(request("later", .timeInterval(60, repeats: false)))
        scheduler.removeAllDeliveredNotifications()
        #expect(scheduler.pendingRequests().map(\.identifier) == ["later"])
    }

    @Test func firesInFireDateOrderThenAddOrder() throws {
        try scheduler.add(request("third", .timeInterval(300, repeats: false)))
        try scheduler.add(request("first", .timeInterval(100, repeats: false)))
        try scheduler.add(request("second-a", .timeInterval(200, repeats: false)))
        try scheduler.add(request("second-b", .timeInterval(200, repeats: false)))
        clock.advance(by: 1_000)
        let fired = scheduler.firedNotifications()
        #expect(fired.map(\.identifier) == ["first", "second-a", "second-b", "third"])
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        #expect(fired.map(\.date) == [100, 200, 200, 300].map { start.addingTimeInterval($0) })
    }

    @Test func repeatingIntervalReArmsFromItsFireDate() throws {
        try scheduler.add(request("tick", .timeInterval(60, repeats: true)))
        clock.advance(by: 30)
        clock.advance(by: 200)
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        #expect(scheduler.firedNotifications().map(\.date) == [60, 120, 180].map { start.addingTimeInterval($0) })
        #expect(scheduler.pendingRequests().map(\.identifier) == ["tick"])
        #expect(scheduler.nextFireDate(ofRequest: "tick") == start.addingTimeInterval(240))
        #expect(scheduler.deliveredNotifications().count == 1)
    }

    @Test func repeatingCalendarTriggerFiresDaily() throws {
        // The clock starts at 2026-01-01T00:00:00Z.
        try scheduler.add(request("daily", .calendar(DateComponents(hour: 8, minute: 30), repeats: true)))
        clock.advance(by: 3 * 86_400)
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let firstFire = start.addingTimeInterval(8 * 3_600 + 30 * 60)
        let expected: [Date] = (0..<3).map { day in firstFire.addingTimeInterval(TimeInterval(day) * 86_400) }
        #expect(scheduler.firedNotifications().map(\.date) == expected)
    }

    @Test func nonRepeatingCalendarTriggerFiresOnce() throws {
        try scheduler.add(request("once", .calendar(DateComponents(hour: 9), repeats: false)))
        clock.advance(by: 3 * 86_400)
        #expect(scheduler.firedNotifications().count == 1)
        #expect(scheduler.pendingRequests().isEmpty)
    }

    @Test func requestWithoutTriggerFiresAtTheClocksNextStep() throws {
        try scheduler.add(request("now", nil))
        #expect(scheduler.firedNotifications().isEmpty)
        clock.runDueActions()
        #expect(scheduler.firedNotifications().map(\.identifier) == ["now"])
        #expect(scheduler.firedNotifications().first?.date == clock.now)
    }

    @Test func invalidRequestIsRejectedAndChangesNothing() throws {
        try scheduler.add(request("ok", .timeInterval(60, repeats: false)))
        #expect(throws: LocalNotificationError.repeatingIntervalTooShort(5)) {
            try scheduler.add(request("ok", .timeInterval(5, repeats: true)))
        }
        #expect(throws: LocalNotificationError.emptyIdentifier) { try scheduler.add(request("", nil)) }
        #expect(scheduler.pendingRequests().map(\.trigger) == [.timeInterval(60, repeats: false)])
    }

    @Test func locationTriggersFireOnMatchingRegionEvents() throws {
        let office = LocationRegion(
            identifier: "office", latitude: 52.5, longitude: 13.4, radius: 100,
            notifiesOnEntry: true, notifiesOnExit: false)
        try scheduler.add(request("arrive", .location(office, repeats: true)))
        try scheduler.add(request("once", .location(office, repeats: false)))
        clock.advance(by: 86_400)
        #expect(scheduler.firedNotifications().isEmpty)
        scheduler.simulateRegionEvent(.exit, regionIdentifier: "office")
        #expect(scheduler.firedNotifications().isEmpty)
        scheduler.simulateRegionEvent(.entry, regionIdentifier: "office")
        #expect(scheduler.firedNotifications().map(\.identifier) == ["arrive", "once"])
        #expect(scheduler.pendingRequests().map(\.identifier) == ["arrive"])
    }

    @Test func worksThroughTheProtocolsAsyncRequirements() async throws {
        let generic: any NotificationScheduler = scheduler
        try await generic.add(request("x", .timeInterval(60, repeats: false)))
        #expect(await generic.pendingRequests().map(\.identifier) == ["x"])
        await generic.removePendingRequests(withIdentifiers: ["x"])
        #expect(await generic.pendingRequests().isEmpty)
        #expect(await generic.deliveredNotifications().isEmpty)
    }
}
