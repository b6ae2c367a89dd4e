import Foundation
import PushBus
import PushBusTesting
import Testing

/// Local notifications fire on the manual clock and reach the adapters as iOS hands them over
/// (apple-api-reference.md §1 willPresent for the foreground, §3 triggers, §11.9 dismiss).
@Suite struct LocalNotificationDeliveryTests {
    func request(_ id: String, after seconds: TimeInterval, category: String? = nil) -> LocalNotificationRequest {
        LocalNotificationRequest(
            identifier: id, content: PushContent(title: "Reminder \(id)", categoryIdentifier: category),
            trigger: .timeInterval(seconds, repeats: false))
    }

    @Test func inTheForegroundItFiresThroughWillPresentAsALocalMessage() throws {
        let device = SimulatedDevice()
        device.launch()
        try device.schedule(local: request("tea", after: 180))

        device.advanceTime(by: 179)
        #expect(device.messages.isEmpty)
        device.advanceTime(by: 1)

        #expect(device.callbacks.last?.callback == .willPresent)
        #expect(device.messages.map(\.kind) == [.local])
        #expect(device.messages.first?.requestIdentifier == "tea")
        #expect(device.deliveredNotifications.map(\.trigger) == [.timeInterval])
    }

    @Test func aPolicyWithoutListKeepsItOutOfNotificationCenter() throws {
        let device = SimulatedDevice()
        device.delivery.presentationPolicy = .always([.banner])
        device.launch()
        try device.schedule(local: request("tea", after: 60))

        device.advanceTime(by: 60)

        #expect(device.deliveredNotifications.isEmpty)
        #expect(throws: SimulationError.notificationNotDelivered("tea")) { try device.tap("tea") }
    }

    @Test func inTheBackgroundItIsListedWithoutACallbackAndATapIsALocalTap() throws {
        let device = SimulatedDevice()
        device.launch()
        try device.schedule(local: request("tea", after: 60))
        device.moveToBackground()
        let before = device.callbacks.count

        device.advanceTime(by: 60)
        #expect(device.callbacks.count == before)
        try device.tap("tea")

        #expect(device.messages.map(\.kind) == [.localTapped])
        #expect(device.scheduler.deliveredNotifications().isEmpty)
    }

    @Test func dismissingACustomDismissCategorySendsTheDismissActionInTheBackground() throws {
        let device = SimulatedDevice(configuration: .init(categories: Fixtures.chatCategory))
        try device.schedule(local: request("chat", after: 60, category: "CHAT"))
        device.advanceTime(by: 60)

        try device.dismiss("chat")

        #expect(device.callbacks.names == [.didFinishLaunching, .didReceiveResponse])
        #expect(device.callbacks.last?.state == .background)
        #expect(device.messages.map(\.response?.action) == [.dismiss])
    }

    @Test func dismissingWithoutCustomDismissActionSendsNothing() throws {
        let device = SimulatedDevice()
        try device.schedule(local: request("plain", after: 60))
        device.advanceTime(by: 60)

        try device.dismiss("plain")

        #expect(device.callbacks.isEmpty)
        #expect(device.deliveredNotifications.isEmpty)
    }

    @Test func anActionTheCategoryDoesNotHaveIsRefusedAndTheNotificationStays() throws {
        let device = SimulatedDevice(configuration: .init(categories: Fixtures.chatCategory))
        try device.schedule(local: request("chat", after: 1, category: "CHAT"))
        device.advanceTime(by: 1)

        #expect(throws: SimulationError.unknownAction(action: "DELETE", category: "CHAT")) {
            try device.tap("chat", action: "DELETE")
        }
        #expect(throws: SimulationError.actionHasNoTextInput("LIKE")) {
            try device.tap("chat", action: "LIKE", text: "hi")
        }
        #expect(throws: SimulationError.actionHasNoTextInput(PushResponse.Action.defaultActionIdentifier)) {
            try device.tap("chat", text: "typed without a text field")
        }
        #expect(device.deliveredNotifications.map(\.identifier) == ["chat"])
    }

    @Test func tappingWithTheDismissIdentifierIsADismissal() throws {
        let device = SimulatedDevice()
        try device.schedule(local: request("plain", after: 1))
        device.advanceTime(by: 1)

        try device.tap("plain", action: PushResponse.Action.dismissActionIdentifier)

        #expect(device.callbacks.isEmpty, "no customDismissAction: iOS says nothing")
        #expect(device.deliveredNotifications.isEmpty)
    }

    @Test func eachFiringOfARepeatingReminderIsItsOwnTap() throws {
        // Given a repeating local reminder with the same content each time…
        let device = SimulatedDevice()
        try device.schedule(
            local: LocalNotificationRequest(
                identifier: "water", content: PushContent(title: "Drink water"),
                trigger: .timeInterval(60, repeats: true)))
        for _ in 0..<2 {
            device.advanceTime(by: 60)
            try device.tap("water")
            device.moveToBackground()
        }
        // …each firing is a separate notification the user tapped: same id (content digest) and request
        // identifier, but each firing has its own notification date, so the second tap is a new delivery.
        #expect(device.messages.map(\.kind) == [.localTapped, .localTapped])
        #expect(Set(device.messages.map(\.id)).count == 1)
        #expect(Set(device.messages.compactMap(\.notificationDate)).count == 2)
    }
}
