import Foundation
import PushBusApple

/// The recurring reminder: a local notification of the reminder category, which the content extension expands
/// into a slider.
enum Reminders {
    static func schedule(after seconds: Int) async throws {
        let content = PushContent(
            title: "Time to stand up", body: "Long-press to change the interval", sound: .default,
            categoryIdentifier: Categories.reminder, userInfo: ["seconds": .int(seconds)])
        let request = LocalNotificationRequest(
            identifier: "reminder", content: content, trigger: .timeInterval(TimeInterval(seconds), repeats: false))
        try await UserNotificationScheduler().add(request)  // replaces the pending reminder of the same identifier
    }
}
