import Foundation
import PushBusCore
import PushBusLocalNotifications
import PushBusTesting
import Testing

/// O2SPushKit's find / remove by identifiers, over any `NotificationScheduler`.
@Suite(.timeLimit(.minutes(2))) struct NotificationSchedulerLookupTests {
    let clock = ManualClock()
    let scheduler: SimulatedScheduler

    init() { scheduler = SimulatedScheduler(clock: clock) }

    func add(_ identifier: String, in seconds: TimeInterval) throws {
        try scheduler.add(
            LocalNotificationRequest(
                identifier: identifier, content: PushContent(title: identifier),
                trigger: .timeInterval(seconds, repeats: false)))
    }

    @Test func findsPendingAndDeliveredNotificationsByIdentifier() async throws {
        try add("a", in: 10)
        try add("b", in: 20)
        try add("c", in: 300)
        clock.advance(by: 30)  // a and b fire; c stays pending
        #expect(await scheduler.pendingRequests(withIdentifiers: ["c", "unknown"]).map(\.identifier) == ["c"])
        #expect(await scheduler.deliveredNotifications(withIdentifiers: ["b", "c"]).map(\.identifier) == ["b"])
    }

    @Test func removesByIdentifierFromBothLists() async throws {
        try add("a", in: 10)
        try add("b", in: 300)
        try add("keep", in: 300)
        clock.advance(by: 30)
        await scheduler.removeNotifications(withIdentifiers: ["a", "b"], from: .all)
        #expect(scheduler.pendingRequests().map(\.identifier) == ["keep"])
        #expect(scheduler.deliveredNotifications().isEmpty)
    }
}
