import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// The recurring reminder from the seeds (tongzinumber-demo): each reminder asks when to remind next, and the
/// response handler schedules it. Docs/LocalNotifications.md walks through the same code.
@Suite struct RecurringReminderTests {
    /// The app's reminder logic, as the guide writes it (with the simulated scheduler's synchronous `add`).
    final class RecurringReminder: Sendable {
        static let category = "TIMER_REMINDER"
        static let nextAction = "reminder.next"
        static let stopAction = "reminder.stop"
        static let allowedSeconds = 10...300

        static let categories: [PushCategory] = [
            PushCategory(category, options: .customDismissAction) {
                PushAction.textInput(
                    nextAction, title: "Remind me again", buttonTitle: "Set", placeholder: "Seconds (10–300)")
                PushAction.button(stopAction, title: "Stop", options: .destructive)
            }
        ]

        let scheduler: SimulatedScheduler
        let registry: CategoryRegistry
        private let state = LockedBox<(cycle: Int, seconds: Int)>((0, 0))

        init(scheduler: SimulatedScheduler) throws {
            self.scheduler = scheduler
            self.registry = try CategoryRegistry(RecurringReminder.categories)
        }

        /// Schedules the next reminder `seconds` from now (clamped to the slider's 10–300 s).
        func schedule(in seconds: Int) throws {
            let seconds = min(max(seconds, Self.allowedSeconds.lowerBound), Self.allowedSeconds.upperBound)
            state.withValue {
                $0.cycle += 1
                $0.seconds = seconds
            }
            let cycle = state.value.cycle
            try scheduler.add(
                LocalNotificationRequest(
                    identifier: "reminder",
                    content: PushContent(
                        title: "Time's up", body: "Next reminder in \(seconds) s?",
                        categoryIdentifier: Self.category, userInfo: ["cycle": .int(cycle), "seconds": .int(seconds)]),
                    trigger: .timeInterval(TimeInterval(seconds), repeats: false)))
        }

        /// The response handler: subscribe it to the center for tapped reminders.
        func handle(_ message: PushMessage) {
            switch registry.action(for: message)?.identifier {
            case Self.nextAction?:
                let typed = message.response?.userText.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                try? schedule(in: typed ?? state.value.seconds)  // unreadable text keeps the last interval
            case Self.stopAction?:
                scheduler.removePendingRequests(withIdentifiers: ["reminder"])
            default:
                break  // opened or dismissed: nothing to schedule
            }
        }
    }

    @Test func userPicksTheNextIntervalEachCycle() throws {
        // Given a reminder wired to the hub, on a manual clock, with the app in the background.
        let clock = ManualClock()
        let center = PushCenter(configuration: .init(clock: clock))
        let scheduler = SimulatedScheduler(clock: clock)
        let reminder = try RecurringReminder(scheduler: scheduler)
        let subscription = center.subscribe(.tapped && .category(RecurringReminder.category)) { reminder.handle($0) }
        defer { subscription.cancel() }
        let start = clock.now
        try reminder.schedule(in: 30)

        // When the user answers each reminder with the next interval (the text field of the action).
        var expectedFireDates: [Date] = []
        var expectedOffset: TimeInterval = 0
        let answers: [(typed: String, seconds: Int)] = [
            ("90", 90), ("300", 300), ("5", 10), ("not a number", 10), (" 45 ", 45),
        ]
        var interval = 30
        for answer in answers {
            clock.advance(by: TimeInterval(interval))
            expectedOffset += TimeInterval(interval)
            expectedFireDates.append(start.addingTimeInterval(expectedOffset))
            let fired = try #require(scheduler.firedNotifications().last)
            #expect(fired.date == clock.now)
            #expect(fired.request.content.categoryIdentifier == RecurringReminder.category)
            #expect(scheduler.pendingRequests().isEmpty)

            center.post(tap(fired, action: .custom(RecurringReminder.nextAction), text: answer.typed, at: clock.now))

            #expect(
                scheduler.nextFireDate(ofRequest: "reminder")
                    == clock.now.addingTimeInterval(TimeInterval(answer.seconds)))
            interval = answer.seconds
        }

        // Then every reminder fired once, at the interval chosen in the previous one.
        #expect(scheduler.firedNotifications().map(\.date) == expectedFireDates)
        #expect(scheduler.deliveredNotifications().map(\.identifier) == ["reminder"])  // replaced each time

        // And "Stop" ends the cycle.
        clock.advance(by: TimeInterval(interval))
        let last = try #require(scheduler.firedNotifications().last)
        center.post(tap(last, action: .custom(RecurringReminder.stopAction), text: nil, at: clock.now))
        #expect(scheduler.pendingRequests().isEmpty)
        clock.advance(by: 3_600)
        #expect(scheduler.firedNotifications().count == answers.count + 1)
    }

    @Test func openingTheReminderSchedulesNothing() throws {
        let clock = ManualClock()
        let scheduler = SimulatedScheduler(clock: clock)
        let reminder = try RecurringReminder(scheduler: scheduler)
        try reminder.schedule(in: 60)
        clock.advance(by: 60)
        let fired = try #require(scheduler.firedNotifications().last)
        reminder.handle(tap(fired, action: .open, text: nil, at: clock.now))
        reminder.handle(tap(fired, action: .dismiss, text: nil, at: clock.now))
        #expect(scheduler.pendingRequests().isEmpty)
    }

    @Test func theTappedActionIsKnownToBeATextInput() throws {
        let registry = try CategoryRegistry(RecurringReminder.categories)
        let content = PushContent(title: "t", categoryIdentifier: RecurringReminder.category)
        let message = PushMessage(
            kind: .localTapped, content: content,
            response: PushResponse(action: .custom(RecurringReminder.nextAction), userText: "120"))
        let action = try #require(registry.action(for: message))
        #expect(action.isTextInput && action.textInput?.buttonTitle == "Set")
        #expect(registry.warnings.isEmpty)
    }

    /// What the adapters post when the user responds to a delivered local notification.
    private func tap(
        _ notification: DeliveredNotification, action: PushResponse.Action, text: String?, at date: Date
    ) -> PushMessage {
        PushMessage(
            kind: .localTapped, content: notification.request.content,
            response: PushResponse(action: action, userText: text), appState: .background,
            path: .didReceiveResponse, requestIdentifier: notification.identifier, date: date)
    }
}
