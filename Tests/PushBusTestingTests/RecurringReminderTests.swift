import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

// The recurring reminder of Docs/LocalNotifications.md ("Guide: a recurring reminder"), steps 2 to 4, as the guide
// writes them: each reminder asks when to remind next, and the answer schedules it.

actor TimerReminder {
    let scheduler: any NotificationScheduler  // UserNotificationScheduler() in the app, SimulatedScheduler in tests
    private var cycle = 0
    private var seconds = 30

    init(scheduler: any NotificationScheduler) { self.scheduler = scheduler }

    func schedule(in seconds: Int) async throws {
        let seconds = min(max(seconds, 10), 300)
        cycle += 1
        self.seconds = seconds
        try await scheduler.add(
            LocalNotificationRequest(
                identifier: "reminder",  // one reminder at a time: re-adding replaces it
                content: PushContent(
                    title: "Time's up", body: "Next reminder in \(seconds) s?", categoryIdentifier: "TIMER_REMINDER",
                    userInfo: ["cycle": .int(cycle), "seconds": .int(seconds)]),
                trigger: .timeInterval(TimeInterval(seconds), repeats: false)))
    }

    func answer(_ action: String?, typed: String?) async throws {
        switch action {
        case "reminder.next"?:
            let next = typed.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            try await schedule(in: next ?? seconds)  // unreadable text keeps the last interval
        case "reminder.stop"?:
            await scheduler.removePendingRequests(withIdentifiers: ["reminder"])
        default:
            break  // opened or dismissed
        }
    }
}

@Suite(.timeLimit(.minutes(1))) struct RecurringReminderTests {
    static let categories = [
        PushCategory("TIMER_REMINDER", options: .customDismissAction) {
            PushAction.textInput(
                "reminder.next", title: "Remind me again", buttonTitle: "Set", placeholder: "Seconds (10–300)")
            PushAction.button("reminder.stop", title: "Stop", options: .destructive)
        }
    ]

    /// Step 3: the responses handed to the reminder.
    static func wire(center: PushCenter, registry: CategoryRegistry, reminder: TimerReminder) -> PushCancellable {
        let subscription = center.subscribe(.tapped && .category("TIMER_REMINDER")) { message in
            let action = registry.action(for: message)?.identifier
            let typed = message.response?.userText
            Task { try await reminder.answer(action, typed: typed) }
        }
        return subscription
    }

    /// Step 4, as the guide shows it.
    @Test func theGuidesTest() async throws {
        let clock = ManualClock()
        let scheduler = SimulatedScheduler(clock: clock)
        let reminder = TimerReminder(scheduler: scheduler)
        try await reminder.schedule(in: 30)
        clock.advance(by: 30)  // the reminder fires
        try await reminder.answer("reminder.next", typed: "90")
        #expect(scheduler.nextFireDate(ofRequest: "reminder") == clock.now.addingTimeInterval(90))
    }

    @Test func userPicksTheNextIntervalEachCycle() async throws {
        let clock = ManualClock()
        let scheduler = SimulatedScheduler(clock: clock)
        let reminder = TimerReminder(scheduler: scheduler)
        let start = clock.now
        try await reminder.schedule(in: 30)

        // The user answers each reminder with the next interval (clamped to 10–300; unreadable text keeps the last).
        var expectedFireDates: [Date] = []
        var offset: TimeInterval = 0
        let answers: [(typed: String, seconds: Int)] = [
            ("90", 90), ("300", 300), ("5", 10), ("not a number", 10), (" 45 ", 45),
        ]
        var interval = 30
        for answer in answers {
            clock.advance(by: TimeInterval(interval))
            offset += TimeInterval(interval)
            expectedFireDates.append(start.addingTimeInterval(offset))
            let fired = try #require(scheduler.firedNotifications().last)
            #expect(fired.date == clock.now)
            #expect(fired.request.content.categoryIdentifier == "TIMER_REMINDER")
            #expect(scheduler.pendingRequests().isEmpty)
            try await reminder.answer("reminder.next", typed: answer.typed)
            #expect(
                scheduler.nextFireDate(ofRequest: "reminder")
                    == clock.now.addingTimeInterval(TimeInterval(answer.seconds)))
            interval = answer.seconds
        }
        #expect(scheduler.firedNotifications().map(\.date) == expectedFireDates)
        #expect(scheduler.deliveredNotifications().map(\.identifier) == ["reminder"])  // replaced each time

        // "Stop" ends the cycle; opening or dismissing schedules nothing.
        clock.advance(by: TimeInterval(interval))
        try await reminder.answer("reminder.stop", typed: nil)
        try await reminder.answer(nil, typed: nil)
        #expect(scheduler.pendingRequests().isEmpty)
        clock.advance(by: 3_600)
        #expect(scheduler.firedNotifications().count == answers.count + 1)
    }

    /// Step 3 through the hub: a tap on the "Remind me again" action, with its typed text, schedules the next one.
    @Test func aTappedAnswerReachesTheReminderThroughTheHub() async throws {
        let clock = ManualClock()
        let center = PushCenter(configuration: .init(clock: clock))
        let scheduler = SimulatedScheduler(clock: clock)
        let reminder = TimerReminder(scheduler: scheduler)
        let registry = try CategoryRegistry(Self.categories)
        let subscription = Self.wire(center: center, registry: registry, reminder: reminder)
        defer { subscription.cancel() }
        try await reminder.schedule(in: 30)
        clock.advance(by: 30)
        let fired = try #require(scheduler.firedNotifications().last)

        center.post(
            PushMessage(
                kind: .localTapped, content: fired.request.content,
                response: PushResponse(action: .custom("reminder.next"), userText: "120"), appState: .background,
                path: .didReceiveResponse, requestIdentifier: fired.identifier, date: clock.now))

        let expected = clock.now.addingTimeInterval(120)
        // The answer is handed over in a Task: wait for it (the suite's time limit bounds the wait).
        while scheduler.nextFireDate(ofRequest: "reminder") != expected { await Task.yield() }
        #expect(scheduler.nextFireDate(ofRequest: "reminder") == expected)
    }

    @Test func theTappedActionIsKnownToBeATextInput() throws {
        let registry = try CategoryRegistry(Self.categories)
        let content = PushContent(title: "t", categoryIdentifier: "TIMER_REMINDER")
        let message = PushMessage(
            kind: .localTapped, content: content,
            response: PushResponse(action: .custom("reminder.next"), userText: "120"))
        let action = try #require(registry.action(for: message))
        #expect(action.isTextInput && action.textInput?.buttonTitle == "Set")
        #expect(registry.warnings.isEmpty)
    }
}
