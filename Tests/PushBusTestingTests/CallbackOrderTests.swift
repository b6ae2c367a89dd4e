import Foundation
import PushBus
import PushBusTesting
import Testing

/// The simulator calls the adapters in the order iOS 10+ does, per app state.
///
/// The spec is Docs/DeliveryPaths.md, "Callback orders › iOS 10+ (`.userNotifications`)" (cold start from a
/// tap, background tap, foreground arrival, action with text) and its table rows; Apple's side is
/// /work/shared/apple-api-reference.md §1 (UNUserNotificationCenterDelegate), §7 (launch and scene entry
/// points), §11 (gotchas 2–4).
@Suite(.timeLimit(.minutes(2))) struct CallbackOrderTests {
    // DeliveryPaths.md "Cold start from a tap" steps 1–4 (rows "launch options .remoteNotification — held",
    // "scene connectionOptions.notificationResponse", "didReceive, push, default action"); ref §7 and §11.3.
    @Test func coldStartTapWithScenesRunsLaunchOptionsSceneConnectionDidReceiveThenBecomeActive() throws {
        let device = SimulatedDevice()
        let push = device.deliver(remote: Fixtures.productPush)

        try device.tap(push)

        #expect(
            device.callbacks.names == [
                .didFinishLaunching, .sceneWillConnect, .didReceiveResponse, .sceneDidBecomeActive,
            ])
        #expect(device.callbacks.map(\.state) == [.launching, .inactive, .inactive, .active])
        #expect(device.state == .active)
        // One tap is one message, whichever of the three reports reached the hub first.
        #expect(device.messages.count == 1)
        #expect(device.messages.first?.kind == .remoteTapped)
        #expect(device.deliveries.duplicates.count == 1)
        // Every report names the same payload, the id the message carries.
        #expect(Set(device.callbacks.about(push).compactMap(\.payloadID)) == [device.messages[0].id])
    }

    // Same rows on iOS 10–12: no scene, applicationDidBecomeActive ends launch (ref §7).
    @Test func coldStartTapWithoutScenesRunsLaunchOptionsDidReceiveThenDidBecomeActive() throws {
        let device = SimulatedDevice(configuration: .init(generation: .notificationCenter))
        let push = device.deliver(remote: Fixtures.productPush)

        try device.tap(push)

        #expect(device.callbacks.names == [.didFinishLaunching, .didReceiveResponse, .didBecomeActive])
        #expect(device.callbacks[1].state.appState == .inactive)
        #expect(device.messages.map(\.kind) == [.remoteTapped])
        #expect(device.messages.first?.path == .didReceiveResponse)
    }

    // DeliveryPaths.md "Background tap" ("app suspended"): the same order from both background states.
    @Test(arguments: [SimulatedDevice.LifecycleState.background, .suspended])
    func backgroundAndSuspendedTapsRunTheSameOrder(state: SimulatedDevice.LifecycleState) throws {
        let device = SimulatedDevice(configuration: .init(generation: .notificationCenter))
        device.launch()
        device.moveToBackground()
        if state == .suspended { device.suspend() }
        #expect(device.state == state)
        let push = device.deliver(remote: Fixtures.productPush)
        let before = device.callbacks.count

        try device.tap(push)

        #expect(
            Array(device.callbacks.dropFirst(before)).names == [
                .willEnterForeground, .didReceiveResponse, .didBecomeActive,
            ])
    }

    // DeliveryPaths.md "Local notifications" + table row "launch options .localNotification" (iOS 4–10 only):
    // on iOS 10+ a cold start from a local tap has no launch-option payload; didReceive carries it.
    @Test func coldStartFromALocalTapHasNoLaunchOptionPayload() throws {
        let device = SimulatedDevice()
        try device.schedule(
            local: LocalNotificationRequest(
                identifier: "tea", content: PushContent(title: "Tea"), trigger: .timeInterval(60, repeats: false)))
        device.advanceTime(by: 60)

        try device.tap("tea")

        #expect(
            device.callbacks.names == [
                .didFinishLaunching, .sceneWillConnect, .didReceiveResponse, .sceneDidBecomeActive,
            ])
        #expect(device.callbacks.first?.notification == nil, "no launch options")
        #expect(device.messages.map(\.kind) == [.localTapped])
        #expect(device.messages.first?.requestIdentifier == "tea")
    }

    // DeliveryPaths.md "Background tap": a tap on a backgrounded app runs didReceive while inactive,
    // between entering the foreground and becoming active.
    @Test func backgroundTapEntersForegroundThenDidReceiveInactiveThenBecomesActive() throws {
        let device = SimulatedDevice()
        device.launch()
        device.moveToBackground()
        let push = device.deliver(remote: Fixtures.productPush)
        let before = device.callbacks.count

        try device.tap(push)

        let tail = Array(device.callbacks.dropFirst(before))
        #expect(tail.names == [.sceneWillEnterForeground, .didReceiveResponse, .sceneDidBecomeActive])
        #expect(tail[1].state.appState == .inactive)
        #expect(device.messages.last?.appState == .inactive)
    }

    // Row "willPresent(notification) remote trigger — active": ref §1 and §11.2 (willPresent only in foreground).
    @Test func foregroundAlertRunsWillPresentOnlyAndIsListedWhenThePolicySaysList() throws {
        let device = SimulatedDevice()
        device.launch()
        let before = device.callbacks.count

        let push = device.deliver(remote: Fixtures.productPush)

        #expect(Array(device.callbacks.dropFirst(before)).names == [.willPresent])
        #expect(device.completions.values(of: .willPresent) == ["[banner, list, sound, badge]"])
        #expect(device.deliveredNotifications.map(\.identifier) == [push])
        #expect(device.messages.last?.kind == .remote)
        #expect(device.messages.last?.path == .willPresent)
    }

    // Docs/DeliveryPaths.md "Callback orders › iOS 10+ › Foreground arrival": willPresent, then the fetch callback
    // right after; one message, both handlers once (ref §6 fetch variant "foreground or background").
    @Test func foregroundAlertWithContentAvailableRunsWillPresentThenTheFetchCallbackAsOneMessage() async {
        let device = SimulatedDevice()
        device.launch()
        let before = device.callbacks.count

        device.deliver(remote: Fixtures.alertWithContent)
        await device.settle()

        #expect(Array(device.callbacks.dropFirst(before)).names == [.willPresent, .didReceiveRemoteNotification])
        #expect(device.messages.filter { $0.kind == .remote }.count == 1)
        #expect(device.deliveries.duplicates.count == 1)
        #expect(device.completions.allCalledOnce)
    }

    // Ref §11.2: in the background iOS presents the alert itself; the app is not called.
    @Test func backgroundAlertIsListedWithoutAnyCallback() {
        let device = SimulatedDevice()
        device.launch()
        device.moveToBackground()
        let before = device.callbacks.count

        let push = device.deliver(remote: Fixtures.productPush)

        #expect(device.callbacks.count == before)
        #expect(device.deliveredNotifications.map(\.identifier) == [push])
        #expect(device.messages.isEmpty)
    }

    // Row "didReceive(response) remote, custom action" for an action without .foreground: the app handles it
    // in the background and stays there.
    @Test func backgroundActionOnARunningBackgroundAppStaysInBackground() throws {
        let device = SimulatedDevice(configuration: .init(categories: Fixtures.chatCategory))
        device.launch()
        device.moveToBackground()
        let push = device.deliver(remote: Fixtures.chatPush)

        try device.tap(push, action: "LIKE")

        #expect(device.callbacks.last?.callback == .didReceiveResponse)
        #expect(device.callbacks.last?.state == .background)
        #expect(device.state == .background)
        #expect(device.messages.last?.response?.action == .custom("LIKE"))
        #expect(
            device.messages.last?.response?.pushAction?.title == "Like", "the adapters read the device's categories")
    }

    // Action on a stopped app without .foreground: a background launch (no launch options, no scene), then
    // didReceive in the background.
    @Test func backgroundActionOnAStoppedAppLaunchesItInTheBackground() throws {
        let device = SimulatedDevice(configuration: .init(categories: Fixtures.chatCategory))
        let push = device.deliver(remote: Fixtures.chatPush)

        try device.tap(push, action: "REPLY", text: "On my way")

        #expect(device.callbacks.names == [.didFinishLaunching, .didReceiveResponse])
        #expect(device.state == .background)
        #expect(device.messages.map(\.response?.userText) == ["On my way"])
    }

    // Row "didReceive(response) remote, custom action" with .foreground on a stopped app: cold start; the
    // launch options carry no payload (only the default action does), the scene connection carries the action.
    @Test func foregroundActionOnAStoppedAppIsAColdStartCarryingTheAction() throws {
        let device = SimulatedDevice(configuration: .init(categories: Fixtures.chatCategory))
        let push = device.deliver(remote: Fixtures.chatPush)

        try device.tap(push, action: "OPEN")

        #expect(
            device.callbacks.names == [
                .didFinishLaunching, .sceneWillConnect, .didReceiveResponse, .sceneDidBecomeActive,
            ])
        #expect(device.messages.map(\.response?.action) == [.custom("OPEN")])
    }
}
