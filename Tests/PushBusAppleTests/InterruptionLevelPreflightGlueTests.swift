import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import Testing

/// The glue records what the preflight needs about critical and time-sensitive notifications: whether
/// authorization asked for critical alerts, and the interruption levels of the local notifications the app
/// schedules (directly, or through a persisted schedule whose requests wait beyond the window).
@MainActor @Suite(.timeLimit(.minutes(1))) struct InterruptionLevelPreflightGlueTests {
    private func entitlements(timeSensitive: Bool, critical: Bool) throws(AppConfiguration.ReadError)
        -> AppConfiguration
    {
        var plist = "<plist version=\"1.0\"><dict><key>aps-environment</key><string>production</string>"
        if timeSensitive { plist += "<key>com.apple.developer.usernotifications.time-sensitive</key><true/>" }
        if critical { plist += "<key>com.apple.developer.usernotifications.critical-alerts</key><true/>" }
        return try AppConfiguration(infoPlist: nil, entitlements: Data((plist + "</dict></plist>").utf8))
    }

    private func critical(_ identifier: String, in hours: Int) -> LocalNotificationRequest {
        LocalNotificationRequest(
            identifier: identifier, content: PushContent(title: "Insulin", interruptionLevel: .critical),
            trigger: .timeInterval(TimeInterval(hours) * 3600, repeats: false))
    }

    @Test func aCriticalReminderWithoutTheCriticalAlertOptionIsReportedUntilItIsRequested() async throws {
        let delivery = PushDelivery(center: PushCenter())
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        let authorizer = UserNotificationAuthorizer(
            notificationCenter: notificationCenter, application: UIApplication(stubbed: ()), delivery: delivery)
        let scheduler = UserNotificationScheduler(notificationCenter: notificationCenter, delivery: delivery)

        // Given a critical reminder and authorization requested without .criticalAlert...
        try await scheduler.add(critical("insulin", in: 1))
        _ = try await authorizer.requestAuthorization(options: [.alert, .sound])
        let before = delivery.deliveryDiagnostics
        #expect(before.interruptionLevelsInUse == [.critical])
        #expect(before.preflightFindings.map(\.code) == ["authorization.critical.notRequested"])

        // ...when the app asks again with .criticalAlert, then the finding is gone.
        _ = try await authorizer.requestAuthorization(options: [.alert, .sound, .criticalAlert])
        #expect(delivery.deliveryDiagnostics.isCriticalAlertRequested)
        #expect(delivery.deliveryDiagnostics.preflightFindings.isEmpty)
    }

    @Test func aTimeSensitiveLocalNotificationWithoutTheEntitlementIsReported() async throws {
        let delivery = PushDelivery(center: PushCenter())
        let configuration = try entitlements(timeSensitive: false, critical: false)
        delivery.recordDiagnostics { $0.appConfiguration = configuration }
        let scheduler = UserNotificationScheduler(
            notificationCenter: UNUserNotificationCenter(stubbed: ()), delivery: delivery)

        try await scheduler.add(
            LocalNotificationRequest(
                identifier: "leave-now", content: PushContent(title: "Leave now", interruptionLevel: .timeSensitive),
                trigger: .timeInterval(600, repeats: false)))

        #expect(delivery.deliveryDiagnostics.preflightFindings.map(\.code) == ["entitlement.timeSensitive.missing"])
    }

    @Test func aScheduledReminderBeyondTheWindowCountsAsInUse() async throws {
        // Given 100 reminders of which only the last, stored beyond the 60-request window, is critical...
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        let center = PushCenter()
        let schedule = try LocalNotificationSchedule(
            scheduler: UserNotificationScheduler(notificationCenter: notificationCenter), directory: nil)
        try await schedule.add(
            contentsOf: (1...99).map { index in
                LocalNotificationRequest(
                    identifier: "r\(index)", content: PushContent(title: "Reminder \(index)"),
                    trigger: .timeInterval(TimeInterval(index) * 3600, repeats: false))
            } + [critical("r100", in: 100)])
        #expect(!notificationCenter.stubbedPendingRequests.contains { $0.identifier == "r100" })

        // ...when the refresher starts at launch, then the preflight knows a critical reminder is scheduled,
        let refresher = LocalScheduleRefresher(
            schedule: schedule, center: center, notificationCenter: NotificationCenter())
        defer { refresher.cancel() }
        let delivery = PushDelivery.shared(for: center)
        #expect(delivery.deliveryDiagnostics.interruptionLevelsInUse == [.critical])
        #expect(delivery.deliveryDiagnostics.preflightFindings.map(\.code) == ["authorization.critical.notRequested"])

        // and a time-sensitive one added later is recorded as it is added.
        try await schedule.add(
            LocalNotificationRequest(
                identifier: "leave", content: PushContent(title: "Leave", interruptionLevel: .timeSensitive),
                trigger: .timeInterval(200 * 3600, repeats: false)))
        #expect(delivery.deliveryDiagnostics.interruptionLevelsInUse == [.critical, .timeSensitive])
    }
}
