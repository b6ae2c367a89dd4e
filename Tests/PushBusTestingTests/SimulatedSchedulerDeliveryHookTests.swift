import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// The delivery hook is where a simulated device hands fired notifications to the adapters.
@Suite struct SimulatedSchedulerDeliveryHookTests {
    final class Recorder: Sendable {
        let seen = LockedBox<[DeliveredNotification]>([])
    }

    @Test func hookReceivesEachFiredNotificationWithItsFireDate() throws {
        let clock = ManualClock()
        let recorder = Recorder()
        let scheduler = SimulatedScheduler(clock: clock) { notification in
            recorder.seen.withValue { $0.append(notification) }
            return .listed
        }
        try scheduler.add(
            LocalNotificationRequest(
                identifier: "a", content: PushContent(title: "A"), trigger: .timeInterval(90, repeats: false)))
        clock.advance(by: 100)
        #expect(recorder.seen.value.map(\.identifier) == ["a"])
        #expect(recorder.seen.value.first?.date == Date(timeIntervalSince1970: 1_767_225_600 + 90))
        #expect(scheduler.deliveredNotifications().map(\.identifier) == ["a"])
    }

    @Test func notListedKeepsItOutOfTheDeliveredListUntilRecorded() throws {
        let clock = ManualClock()
        let held = LockedBox<DeliveredNotification?>(nil)
        let scheduler = SimulatedScheduler(clock: clock)
        scheduler.setDeliveryHook { notification in
            // Foreground: the app presents it (willPresent); the list is decided by its completion later.
            held.withValue { $0 = notification }
            return .notListed
        }
        try scheduler.add(LocalNotificationRequest(identifier: "f", content: PushContent(title: "F")))
        clock.runDueActions()
        #expect(scheduler.firedNotifications().count == 1)
        #expect(scheduler.deliveredNotifications().isEmpty)
        scheduler.recordDelivered(try #require(held.value))
        #expect(scheduler.deliveredNotifications().map(\.identifier) == ["f"])
    }

    @Test func hookMayScheduleTheNextRequest() throws {
        let clock = ManualClock()
        let scheduler = SimulatedScheduler(clock: clock)
        let weakScheduler = WeakBox(scheduler)
        scheduler.setDeliveryHook { notification in
            let count = Int(notification.identifier.dropFirst()) ?? 0
            if count < 3 {
                try? weakScheduler.value?.add(
                    LocalNotificationRequest(
                        identifier: "n\(count + 1)", content: PushContent(title: "next"),
                        trigger: .timeInterval(60, repeats: false)))
            }
            return .listed
        }
        try scheduler.add(
            LocalNotificationRequest(
                identifier: "n0", content: PushContent(title: "first"), trigger: .timeInterval(60, repeats: false)))
        clock.advance(by: 600)
        #expect(scheduler.firedNotifications().map(\.identifier) == ["n0", "n1", "n2", "n3"])
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        #expect(scheduler.firedNotifications().map(\.date) == [60, 120, 180, 240].map { start.addingTimeInterval($0) })
    }
}
