import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import Testing

/// The refresher fills a schedule's window in `UNUserNotificationCenter` at launch and again on return to the
/// foreground.
@MainActor @Suite(.timeLimit(.minutes(1))) struct LocalScheduleGlueTests {
    @Test func launchAndReturnToTheForegroundFillTheWindow() async throws {
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        let schedule = try LocalNotificationSchedule(
            scheduler: UserNotificationScheduler(notificationCenter: notificationCenter), directory: nil)
        try await schedule.add(
            contentsOf: (1...100).map { index in
                LocalNotificationRequest(
                    identifier: "r\(index)", content: PushContent(title: "Reminder \(index)"),
                    trigger: .timeInterval(TimeInterval(index) * 3600, repeats: false))
            })
        #expect(notificationCenter.stubbedPendingRequests.count == 60)

        // Given the requests were lost from the system (another SDK removed everything), when the app returns
        // to the foreground, then the window is filled again.
        notificationCenter.removeAllPendingNotificationRequests()
        let foreground = NotificationCenter()
        let refresher = LocalScheduleRefresher(
            schedule: schedule, center: PushCenter(), notificationCenter: foreground)
        await waitFor { notificationCenter.stubbedPendingRequests.count == 60 }
        notificationCenter.removeAllPendingNotificationRequests()
        foreground.post(name: UIApplication.willEnterForegroundNotification, object: nil)
        await waitFor { notificationCenter.stubbedPendingRequests.count == 60 }
        #expect(notificationCenter.stubbedPendingRequests.map(\.identifier) == (1...60).reversed().map { "r\($0)" })
        refresher.cancel()
    }

    /// Yields until `done` or a bounded number of turns (the refresher's tasks get to run).
    private func waitFor(_ done: () -> Bool) async {
        for _ in 0..<2_000 where !done() {
            await Task.yield()
            try? await Task.sleep(nanoseconds: 100_000)
        }
    }
}
