import PushBusCore
import PushBusLocalNotifications
import PushBusTesting
import Testing

/// Setting, clearing and clearing-with-the-list are three different badge changes, as O2SPushKit distinguishes.
@Suite(.timeLimit(.minutes(2))) struct BadgeChangeTests {
    @Test func setShowsTheCountAndKeepsNotifications() {
        #expect(BadgeChange.set(5).count == 5)
        #expect(!BadgeChange.set(5).removesDeliveredNotifications)
    }

    @Test func settingZeroIsAClearThatKeepsNotifications() {
        #expect(BadgeChange.set(0) == .clear)
        #expect(BadgeChange.clear.count == 0 && !BadgeChange.clear.removesDeliveredNotifications)
    }

    @Test func clearWithNotificationsEmptiesTheList() {
        #expect(BadgeChange.clearWithNotifications.count == 0)
        #expect(BadgeChange.clearWithNotifications.removesDeliveredNotifications)
    }

    @Test func negativeCountIsATypedError() async {
        #expect(throws: BadgeError.negativeCount(-1)) { try BadgeChange.set(-1).validate() }
        let badge = SimulatedBadge()
        await #expect(throws: BadgeError.negativeCount(-3)) { try await badge.setBadge(-3) }
        #expect(badge.changes.isEmpty)
    }

    @Test func simulatedBadgeClearsTheDeliveredListOnlyWhenAsked() async throws {
        let clock = ManualClock()
        let scheduler = SimulatedScheduler(clock: clock)
        try scheduler.add(LocalNotificationRequest(identifier: "n", content: PushContent(title: "N")))
        clock.runDueActions()
        let badge = SimulatedBadge(scheduler: scheduler)

        try await badge.setBadge(4)
        #expect(badge.count == 4)
        try await badge.clearBadge()
        #expect(badge.count == 0)
        #expect(scheduler.deliveredNotifications().count == 1)
        try await badge.setBadge(2)
        try await badge.clearBadgeAndNotifications()
        #expect(badge.count == 0)
        #expect(scheduler.deliveredNotifications().isEmpty)
        #expect(badge.changes == [.set(4), .clear, .set(2), .clearWithNotifications])
    }
}
