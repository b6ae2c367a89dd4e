import Foundation
import PushBus
import PushBusRouting
import PushBusTestSupport
import PushBusTesting
import Testing

/// `terminate()` ends the simulated process as iOS does: the next launch is a real cold start, with a fresh hub,
/// delivery, adapters and router (not ready), and only what a phone keeps survives.
@Suite struct ProcessTerminationTests {
    private static var productPush: [String: Any] {
        ["aps": ["alert": ["title": "Back in stock", "body": "Open it"]], "route": "app://product/12345"]
    }

    @Test func terminateReplacesTheHubDeliveryAdaptersAndRouter() throws {
        // Given a running app whose router became ready
        let device = SimulatedDevice(router: try Fixtures.shopRouter())
        device.launch()
        device.router?.setReady(true)
        let first = device.process

        // When the user force-quits it
        device.terminate()

        // Then nothing of the first process is the next one's
        let next = device.process
        #expect(first.number == 1 && next.number == 2)
        #expect(next.center !== first.center)
        #expect(next.delivery !== first.delivery)
        #expect(next.notificationAdapter !== first.notificationAdapter)
        #expect(next.appDelegateAdapter !== first.appDelegateAdapter)
        #expect(next.router !== first.router)
        #expect(next.router?.isReady == false)
        #expect(next.router?.patterns == first.router?.patterns)
    }

    @Test func aSubscriptionOfTheEndedProcessHearsNothingMore() throws {
        let device = SimulatedDevice()
        device.launch()
        let heard = Recorder<PushMessage>()
        let subscription = device.center.subscribe { message in heard.record(message) }

        device.terminate()
        let id = device.deliver(remote: Self.productPush)
        try device.tap(id)

        #expect(heard.values.isEmpty)
        #expect(device.messages.map(\.kind) == [.remoteTapped])
        withExtendedLifetime(subscription) {}
    }

    @Test func aTapAfterTerminationIsDeferredUntilReadyThenOpenedOnce() throws {
        // Given an app that attaches its router at every launch, was ready, and was killed
        let device = SimulatedDevice(router: try Fixtures.shopRouter()) { process in
            let recorded = PushRouter.AttachOptions(ledger: process.delivery.ledger)  // routes land in the ledger
            process.keep(process.router!.attach(to: process.center, options: recorded))
        }
        device.launch()
        device.router?.setReady(true)
        let id = device.deliver(remote: Self.productPush)
        device.terminate()

        // When the user taps the notification (a cold start)
        try device.tap(id)

        // Then the new process's router waits for the first screen
        #expect(device.routes.opened.isEmpty)
        #expect(device.routes.deferred == ["app://product/12345"])

        // And opens the route once when it appears
        device.router?.setReady(true)
        device.router?.setReady(true)
        #expect(device.routes.opened == ["app://product/12345"])
    }

    @Test func withoutLaunchWiringTheRouterIsAttachedAgainAsInTheFirstProcess() throws {
        let router = try Fixtures.shopRouter()
        let device = SimulatedDevice(router: router)
        let attachment = router.attach(to: device.center)
        device.launch()
        let id = device.deliver(remote: Self.productPush)
        device.terminate()

        try device.tap(id)
        device.router?.setReady(true)

        #expect(device.routes.opened == ["app://product/12345"])
        withExtendedLifetime(attachment) {}
    }

    @Test func aColdStartAfterTerminationWaitsForDidReceiveToKnowTheChosenAction() throws {
        // Given a process whose launch was over, then killed
        let device = SimulatedDevice(configuration: .init(categories: Fixtures.chatCategory))
        device.launch()
        let id = device.deliver(remote: Fixtures.chatPush)
        device.terminate()

        // When the user answers with an action button, launching the app
        try device.tap(id, action: "REPLY", text: "On my way")

        // Then the launch options are held for didReceive (a fresh delivery knows launch is not over):
        // one tap, one message, with the action the user chose
        #expect(device.messages.map(\.kind) == [.remote, .remoteTapped])
        #expect(device.messages.last?.response?.action == .custom("REPLY"))
        #expect(device.messages.last?.response?.userText == "On my way")
    }

    @Test func whatAPhoneKeepsSurvivesTheProcess() throws {
        let device = SimulatedDevice(configuration: .init(authorization: .provisional))
        device.launch()
        let id = device.deliver(remote: Self.productPush)
        try device.schedule(
            local: LocalNotificationRequest(
                identifier: "later", content: PushContent(title: "Later"),
                trigger: .timeInterval(600, repeats: false)))

        device.terminate()

        #expect(device.deliveredNotifications.map(\.identifier) == [id])
        #expect(device.scheduler.pendingRequests().map(\.identifier) == ["later"])
        #expect(device.authorization == .provisional)
    }

    @Test func anOpenRecordedBeforeTerminationIsNotRoutedAgainAfterTheNextLaunch() throws {
        // Given an app with a durable ledger (its app-group directory)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let device = SimulatedDevice(
            configuration: .init(ledgerDirectory: directory), router: try Fixtures.shopRouter()
        ) { process in
            let recorded = PushRouter.AttachOptions(ledger: process.delivery.ledger)  // routes land in the ledger
            process.keep(process.router!.attach(to: process.center, options: recorded))
            process.router!.setReady(true)
        }
        device.launch()
        let id = device.deliver(remote: Self.productPush)
        try device.tap(id)
        #expect(device.routes.opened == ["app://product/12345"])

        // When the app is killed, launched again, and a push SDK hands over the same "initial notification"
        device.terminate()
        device.launch()
        try device.otherSDKs.forward(id, response: PushResponse(action: .open))

        // Then the open recorded in the first process is not counted or routed again
        #expect(device.routes.opened == ["app://product/12345"])
        #expect(device.messages.map(\.kind) == [.remote, .remoteTapped])
    }
}
