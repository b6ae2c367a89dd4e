import Foundation
import PushBus
import PushBusTesting
import Testing

/// The simulated scheduler is safe to use from many threads, and the status-based removal reaches both lists.
@Suite(.timeLimit(.minutes(2))) struct SimulatedSchedulerConcurrencyTests {
    @Test func concurrentAddsAndRemovesKeepTheListsConsistent() async throws {
        // Given 8 tasks each adding 14 requests and removing every other one at once (so at most 56 + 8 are ever
        // pending, under iOS's 64), while the clock advances.
        let clock = ManualClock()
        let scheduler = SimulatedScheduler(clock: clock)
        await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<14 {
                        let identifier = "t\(task)-\(index)"
                        try scheduler.add(
                            LocalNotificationRequest(
                                identifier: identifier, content: PushContent(title: identifier),
                                trigger: .timeInterval(TimeInterval(1_000 + task * 20 + index), repeats: false)))
                        if index.isMultiple(of: 2) { scheduler.removePendingRequests(withIdentifiers: [identifier]) }
                    }
                }
            }
            group.addTask { for _ in 0..<50 { clock.advance(by: 1) } }
        }
        // Then exactly the 56 kept requests are pending and fire once each, in fire-date order.
        #expect(scheduler.pendingRequests().count == 56)
        #expect(scheduler.droppedIdentifiers.isEmpty)
        let expected = Set(
            (0..<8).flatMap { task in (0..<14).filter { !$0.isMultiple(of: 2) }.map { "t\(task)-\($0)" } })
        #expect(Set(scheduler.pendingRequests().map(\.identifier)) == expected)
        clock.advance(by: 10_000)
        let fired = scheduler.firedNotifications()
        #expect(fired.count == 56)
        #expect(fired.map(\.date) == fired.map(\.date).sorted())
        #expect(Set(fired.map(\.identifier)) == expected)
        #expect(clock.pendingCount == 0)
    }

    @Test func removeNotificationsByStatus() async throws {
        let clock = ManualClock()
        let scheduler = SimulatedScheduler(clock: clock)
        for name in ["a", "b"] {
            try scheduler.add(LocalNotificationRequest(identifier: name, content: PushContent(title: name)))
        }
        clock.runDueActions()
        for name in ["a", "b"] {
            try scheduler.add(
                LocalNotificationRequest(
                    identifier: name, content: PushContent(title: name), trigger: .timeInterval(60, repeats: false)))
        }
        await scheduler.removeNotifications(withIdentifiers: ["a"], from: .all)
        #expect(scheduler.pendingRequests().map(\.identifier) == ["b"])
        #expect(scheduler.deliveredNotifications().map(\.identifier) == ["b"])
        await scheduler.removeNotifications(withIdentifiers: nil, from: .delivered)
        #expect(scheduler.deliveredNotifications().isEmpty)
        #expect(scheduler.pendingRequests().map(\.identifier) == ["b"])
        await scheduler.removeNotifications(withIdentifiers: nil, from: .pending)
        #expect(scheduler.pendingRequests().isEmpty)
    }
}
