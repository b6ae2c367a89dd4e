import Foundation
import PushBus
import PushBusRouting
import PushBusTesting
import Testing

/// The same push delivered again on purpose is a new delivery, end to end on a simulated device: the hub
/// posts it, the router opens it, the app's handler answers it (DESIGN, "Identity and de-duplication").
@Suite(.timeLimit(.minutes(2))) struct RepeatedDeliveryTests {
    @Test func onePlainAlertSentTwiceAMinuteApartAndTappedTwiceIsRoutedTwice() throws {
        // Given an app whose router is attached and ready, in the background.
        let router = PushRouter(schemes: ["app"])
        try router.register("app://inbox") { _ in }
        let device = SimulatedDevice(router: router)
        let link = router.attach(to: device.center)
        defer { link.cancel() }
        device.launch()
        device.moveToBackground()
        let payload: [String: Any] = ["aps": ["alert": "You have a new message"], "route": "app://inbox"]

        // When the same alert is sent twice a minute apart, and the user taps each.
        let first = device.deliver(remote: payload)
        try device.tap(first)
        device.moveToBackground()
        device.advanceTime(by: 60)
        let second = device.deliver(remote: payload)
        try device.tap(second)

        // Then two taps reach the app and both open the inbox.
        #expect(device.messages.map(\.kind) == [.remoteTapped, .remoteTapped])
        #expect(device.routes.opened == ["app://inbox", "app://inbox"])
    }

    @Test func aReminderAnsweredWithTheSameIntervalThreeTimesFiresFourTimes() async throws {
        // Given seed 003's reminder, whose content is the same every cycle, and a handler scheduling the next.
        let device = SimulatedDevice(configuration: .init(categories: Fixtures.timerReminderCategory))
        let scheduler: any NotificationScheduler = device.scheduler
        let reminder = LocalNotificationRequest(
            identifier: "timer", content: PushContent(title: "Time's up", categoryIdentifier: "TIMER_REMINDER"),
            trigger: .timeInterval(30, repeats: false))
        let app = device.delivery.onResponse(.category("TIMER_REMINDER")) { message in
            let seconds = Double(message.response?.userText ?? "") ?? 30
            var next = reminder
            next.trigger = .timeInterval(seconds, repeats: false)
            try await scheduler.add(next)
        }
        defer { app.cancel() }
        device.launch()
        try device.schedule(local: reminder)
        device.moveToBackground()

        // When the user answers "30" three times.
        for _ in 0..<3 {
            device.advanceTime(by: 30)
            try device.tap("timer", action: "NEXT", text: "30")
            await device.settle()  // the response handler scheduled the next reminder
            device.moveToBackground()
        }
        device.advanceTime(by: 30)

        // Then it fired four times and every answer reached the app.
        #expect(device.scheduler.firedNotifications().count == 4)
        #expect(device.messages.compactMap(\.response?.userText) == ["30", "30", "30"])
    }
}
