import Foundation
import PushBus
import PushBusRouting
import PushBusTestSupport
import PushBusTesting
import Testing

/// The seeds' end-to-end stories, written against SimulatedDevice the way an app would test itself (the same
/// stories run from Examples/scenarios via `pushbus simulate --scenario`).
@Suite(.timeLimit(.minutes(2))) struct SeedScenarioTests {
    // Seed 000: the cold-start tap must open the product page once, and only after the first screen is ready.
    @Test func coldStartProductTapOpensTheProductOnceAfterTheFirstScreenIsReady() throws {
        let router = try Fixtures.shopRouter()
        let device = SimulatedDevice(router: router)
        let routing = router.attach(to: device.center)  // the app attaches in didFinishLaunching
        let push = device.deliver(remote: Fixtures.productPush)

        try device.tap(push)

        // Given the tap was handed over three times (launch options, scene connection, didReceive)…
        #expect(device.routes.deferred == ["app://product/12345"])
        #expect(device.routes.opened.isEmpty)

        // …when the first screen appears, then the page opens once, with the payload's parameters.
        router.setReady(true)
        router.setReady(true)
        #expect(device.routes.opened == ["app://product/12345"])
        #expect(device.routes.first { $0.outcome == .opened }?.parameters["price"] == "7999")
        #expect(device.completions.allCalledOnce)
        withExtendedLifetime(routing) {}
    }

    // Seed 000, the hard variant: the router attaches only after the tap was posted (parked, then replayed).
    @Test func coldStartTapIsRoutedEvenWhenTheRouterAttachesAfterTheTap() throws {
        let router = try Fixtures.shopRouter()
        let device = SimulatedDevice(router: router)
        let push = device.deliver(remote: Fixtures.productPush)
        try device.tap(push)
        #expect(device.deliveries.first?.receipt == .parked)

        let routing = router.attach(to: device.center)
        router.setReady(true)

        #expect(device.routes.opened == ["app://product/12345"])
        withExtendedLifetime(routing) {}
    }

    @Test func backgroundTapRoutesAtOnceWhenTheAppIsReady() throws {
        let router = try Fixtures.shopRouter()
        let device = SimulatedDevice(router: router)
        let routing = router.attach(to: device.center)
        device.launch()
        router.setReady(true)
        device.moveToBackground()

        try device.tap(device.deliver(remote: Fixtures.productPush))

        #expect(device.routes.opened == ["app://product/12345"])
        #expect(device.messages.map(\.appState) == [.inactive])
        #expect(device.state == .active)
        withExtendedLifetime(routing) {}
    }

    @Test func foregroundBannerThenTapIsAnArrivalThenATap() throws {
        let device = SimulatedDevice()
        device.delivery.presentationPolicy = .always([.banner, .list, .sound])
        device.launch()

        let push = device.deliver(remote: Fixtures.productPush)
        try device.tap(push)

        #expect(device.messages.map(\.kind) == [.remote, .remoteTapped])
        #expect(device.completions.values(of: .willPresent) == ["[banner, list, sound]"])
        #expect(device.deliveredNotifications.isEmpty, "tapping removes it from Notification Center")
    }

    @Test func silentPushRunsTheBackgroundWorkAndReportsItsFetchResult() async {
        let device = SimulatedDevice()
        let synced = LockedCounter()
        let work = device.delivery.onBackgroundMessage { message in
            synced.increment()
            return message.content.customData["sync"] == "inbox" ? .newData : .noData
        }
        device.launch()
        device.moveToBackground()
        device.suspend()

        device.deliver(remote: Fixtures.silentPush)
        await device.settle()

        #expect(synced.value == 1)
        #expect(device.completions.values(of: .didReceiveRemoteNotification) == ["newData"])
        #expect(device.completions.allCalledOnce)
        #expect(device.messages.first?.isSilent == true)
        withExtendedLifetime(work) {}
    }

    @Test func actionButtonWithTextReplyReachesTheResponseHandler() async throws {
        let device = SimulatedDevice(configuration: .init(categories: Fixtures.chatCategory))
        let replies = Recorder<String>()
        let handler = device.delivery.onResponse(.category("CHAT")) { message in
            if let text = message.response?.userText { replies.record(text) }
        }
        let push = device.deliver(remote: Fixtures.chatPush)

        try device.tap(push, action: "REPLY", text: "On my way")
        await device.settle()

        #expect(replies.values == ["On my way"])
        #expect(device.messages.first?.response?.action == .custom("REPLY"))
        #expect(device.completions.of(.didReceiveResponse).map(\.callCount) == [1])
        withExtendedLifetime(handler) {}
    }

    // Seed 003: the user picks the next interval in the notification; the app schedules the next reminder.
    @Test func recurringReminderReschedulesWithTheChosenIntervalOverSeveralCycles() async throws {
        let device = SimulatedDevice(configuration: .init(categories: Fixtures.timerReminderCategory))
        let scheduler: any NotificationScheduler = device.scheduler
        let cycle = LockedCounter()
        let app = device.delivery.onResponse(.category("TIMER_REMINDER")) { message in
            let seconds = min(max(Double(message.response?.userText ?? "") ?? 60, 10), 300)
            let n = cycle.increment()
            try await scheduler.add(
                LocalNotificationRequest(
                    identifier: "timer",
                    content: PushContent(title: "Time's up #\(n + 1)", categoryIdentifier: "TIMER_REMINDER"),
                    trigger: .timeInterval(seconds, repeats: false)))
        }
        device.launch()
        try device.schedule(
            local: LocalNotificationRequest(
                identifier: "timer", content: PushContent(title: "Time's up #1", categoryIdentifier: "TIMER_REMINDER"),
                trigger: .timeInterval(30, repeats: false)))
        device.moveToBackground()

        for (wait, answer) in [(30.0, "120"), (120, "5"), (10, "300")] {
            device.advanceTime(by: wait - 1)
            #expect(device.deliveredNotifications.isEmpty, "not before its time")
            device.advanceTime(by: 1)
            try device.tap("timer", action: "NEXT", text: answer)
            await device.settle()  // the response handler scheduled the next reminder
        }

        #expect(device.messages.compactMap(\.response?.userText) == ["120", "5", "300"])
        #expect(device.scheduler.nextFireDate(ofRequest: "timer") == device.clock.now.addingTimeInterval(300))
        #expect(
            device.scheduler.firedNotifications().map(\.request.content.title) == [
                "Time's up #1", "Time's up #2", "Time's up #3",
            ])
        withExtendedLifetime(app) {}
    }

    // Seed 001: JPush's BusinessLine (1 flight, 2 hotel, 3 train, 4 car) and OrderID become a route.
    @Test func jpushBusinessLineAndOrderIDAreMappedToAnOrderPage() throws {
        let router = PushRouter(schemes: ["app"])
        for page in ["flight", "hotel", "train", "car"] { try router.register("app://\(page)/order/:orderId") { _ in } }
        let pages = [1: "flight", 2: "hotel", 3: "train", 4: "car"]
        let device = SimulatedDevice(router: router)
        let routing = router.attach(
            to: device.center,
            options: .init(link: { message in
                let data = message.content.customData
                guard let line = data["BusinessLine"]?.intValue, let page = pages[line],
                    let order = data["OrderID"]?.stringValue
                else { return nil }
                return PushRouteLink(url: "app://\(page)/order/\(order)")
            }))
        device.launch()
        device.moveToBackground()

        try device.tap(
            device.deliver(remote: [
                "aps": ["alert": "Booking confirmed"], "_j_msgid": 20_190_724, "BusinessLine": 2, "OrderID": "H2024",
            ]))

        #expect(device.routes.opened == ["app://hotel/order/H2024"])
        #expect(device.messages.first?.provider?.name == .jpush)
        withExtendedLifetime(routing) {}
    }

    @Test func aPushReportedThroughTwoPathsReachesSubscribersOnce() async {
        let device = SimulatedDevice()
        let received = LockedCounter()
        let inbox = device.center.subscribe(.kinds([.remote])) { _ in received.increment() }
        device.launch()

        device.deliver(remote: Fixtures.alertWithContent)
        await device.settle()

        #expect(received.value == 1)
        #expect(device.deliveries.map(\.message.path) == [.willPresent, .fetchCompletion])
        #expect(device.deliveries.duplicates.map(\.path) == [.fetchCompletion])
        #expect(device.completions.allCalledOnce)
        withExtendedLifetime(inbox) {}
    }
}

/// Seed 001/004 setups: a push SDK sits beside PushBus and hands notifications over again.
@Suite struct OtherSDKForwardingTests {
    @Test func aTapTheSystemAndAPushSDKBothReportReachesSubscribersOnce() throws {
        let device = SimulatedDevice()
        device.launch()
        device.moveToBackground()
        let push = device.deliver(remote: ["aps": ["alert": "Order update"], "_j_msgid": 77, "OrderID": "A1"])

        try device.tap(push)
        try device.otherSDKs.forward(push, response: PushResponse(action: .open))

        #expect(device.callbacks.names.suffix(3) == [.didReceiveResponse, .sceneDidBecomeActive, .forwardedByOtherSDK])
        #expect(device.messages.map(\.kind) == [.remoteTapped])
        #expect(device.deliveries.duplicates.map(\.path) == [.forwarded])
    }

    @Test func forwardingANotificationNeverReceivedIsRefused() {
        let device = SimulatedDevice()

        #expect(throws: SimulationError.notificationNotDelivered("nope")) { try device.otherSDKs.forward("nope") }
    }

    @Test func theDeviceTokenReachesTheCenterAsLowercaseHex() {
        let device = SimulatedDevice()
        device.launch()

        device.registerForRemoteNotifications(deviceToken: Data([0xAB, 0x01, 0xFF]))

        #expect(device.center.deviceToken?.hexString == "ab01ff")
        #expect(device.callbacks.last?.callback == .didRegisterForRemoteNotifications)
    }
}
