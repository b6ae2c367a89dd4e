import Foundation
import PushBus
import PushBusTesting
import Testing

/// What the user allowed decides what is shown and what can be tapped (apple-api-reference.md §4,
/// UNAuthorizationStatus and `.provisional`: "quiet delivery without a prompt").
@Suite struct AuthorizationTests {
    @Test(arguments: [SimulatedDevice.Authorization.denied, .notDetermined])
    func withoutAuthorizationAnAlertIsNotShownAndCannotBeTapped(status: SimulatedDevice.Authorization) {
        let device = SimulatedDevice(configuration: .init(authorization: status))

        let push = device.deliver(remote: Fixtures.productPush)

        #expect(device.deliveredNotifications.isEmpty)
        #expect(device.callbacks.isEmpty)
        #expect(throws: SimulationError.notificationNotDelivered(push)) { try device.tap(push) }
    }

    @Test func withoutAuthorizationWillPresentIsNotCalledInTheForeground() {
        let device = SimulatedDevice(configuration: .init(authorization: .denied))
        device.launch()
        let before = device.callbacks.count

        device.deliver(remote: Fixtures.productPush)

        #expect(device.callbacks.count == before)
        #expect(device.messages.isEmpty)
    }

    @Test func provisionalDeliversQuietlyToNotificationCenterAndCanBeTapped() throws {
        let device = SimulatedDevice(configuration: .init(authorization: .provisional))

        let push = device.deliver(remote: Fixtures.productPush)

        guard case .presentation(_, let presentation)? = device.timeline.last?.event else {
            Issue.record("no presentation recorded")
            return
        }
        #expect(presentation == .listedQuietly)
        try device.tap(push)
        #expect(device.messages.map(\.kind) == [.remoteTapped])
    }

    @Test func aLocalNotificationIsNotShownWithoutAuthorization() throws {
        let device = SimulatedDevice(configuration: .init(authorization: .denied))
        try device.schedule(local: LocalNotificationRequest(identifier: "tea", content: PushContent(title: "Tea")))

        device.advanceTime(by: 0)

        #expect(device.scheduler.firedNotifications().map(\.identifier) == ["tea"])
        #expect(device.deliveredNotifications.isEmpty)
    }

    @Test func changingTheAuthorizationAppliesToLaterNotifications() throws {
        let device = SimulatedDevice(configuration: .init(authorization: .notDetermined))
        device.deliver(remote: Fixtures.productPush, identifier: "before")

        device.authorization = .authorized
        device.deliver(remote: Fixtures.productPush, identifier: "after")

        #expect(device.deliveredNotifications.map(\.identifier) == ["after"])
    }
}

/// Notification Center as the simulator keeps it.
@Suite struct NotificationCenterListTests {
    @Test func aPushWithTheIdentifierOfAListedOneReplacesIt() {
        let device = SimulatedDevice()

        device.deliver(remote: ["aps": ["alert": "Score 1–0"]], identifier: "match")
        device.deliver(remote: ["aps": ["alert": "Score 2–0"]], identifier: "match")

        #expect(device.deliveredNotifications.map(\.content.body) == ["Score 2–0"])
    }
}
