import Foundation
import PushBus
import PushBusTesting
import Testing

/// iOS 9 (no UNUserNotificationCenter): the simulator uses the app-delegate callbacks, in iOS 9's order.
///
/// The spec is Docs/DeliveryPaths.md, "Callback orders › iOS 8–9 (`.legacy`)", and the table rows "same, `.legacy` mode (iOS < 10) — inactive",
/// "legacy didReceive(UILocalNotification)", "legacy handleActionWithIdentifier…", "launch options"; and
/// /work/shared/apple-api-reference.md §6 (fetch variant "foreground or background; invoked even when
/// launched/resumed by the push"; handleAction forms; typed-text key) and §7 (launch option keys).
@Suite(.timeLimit(.minutes(2))) struct LegacyCallbackOrderTests {
    func legacyDevice(categories: CategoryRegistry = .empty) -> SimulatedDevice {
        SimulatedDevice(configuration: .init(generation: .legacy, categories: categories))
    }

    // Rows "launch options .remoteNotification — not running" + "legacy, inactive → .remoteTapped" (§6, §7).
    @Test func coldStartTapRunsLaunchOptionsThenInactiveFetchCallbackAsOneTap() async throws {
        let device = legacyDevice()
        let push = device.deliver(remote: Fixtures.productPush)

        try device.tap(push)
        await device.settle()

        #expect(device.callbacks.names == [.didFinishLaunching, .didReceiveRemoteNotification, .didBecomeActive])
        #expect(device.callbacks[1].state.appState == .inactive)
        #expect(device.messages.map(\.kind) == [.remoteTapped])
        #expect(device.messages.first?.path == .launchOptions)
        #expect(device.deliveries.duplicates.map(\.path) == [.fetchCompletion])
        #expect(device.completions.allCalledOnce)
    }

    // Row "same, `.legacy` mode (iOS < 10) — inactive → .remoteTapped": the brief's "tap in background".
    @Test func backgroundTapIsTheFetchCallbackWhileInactive() async throws {
        let device = legacyDevice()
        device.launch()
        device.moveToBackground()
        let push = device.deliver(remote: Fixtures.productPush)
        let before = device.callbacks.count

        try device.tap(push)
        await device.settle()

        let tail = Array(device.callbacks.dropFirst(before))
        #expect(tail.names == [.willEnterForeground, .didReceiveRemoteNotification, .didBecomeActive])
        #expect(tail[1].state.appState == .inactive)
        #expect(device.messages.map(\.kind) == [.remoteTapped])
    }

    // Row "app delegate didReceiveRemoteNotification — active → .remote"; iOS 9 shows nothing in the foreground.
    @Test func foregroundPushIsTheActiveFetchCallbackAndIsNeverShown() async {
        let device = legacyDevice()
        device.launch()

        let push = device.deliver(remote: Fixtures.productPush)
        await device.settle()

        #expect(device.callbacks.last?.callback == .didReceiveRemoteNotification)
        #expect(device.callbacks.last?.state == .active)
        #expect(device.messages.map(\.kind) == [.remote])
        #expect(throws: SimulationError.notificationNotDelivered(push)) { try device.tap(push) }
    }

    // Row "legacy handleActionWithIdentifier… forRemoteNotification (withResponseInfo)": text from the typed-text key.
    @Test func actionWithTextIsHandleActionWithTheTypedTextInResponseInfo() throws {
        let device = legacyDevice(categories: Fixtures.chatCategory)
        device.launch()
        device.moveToBackground()
        let push = device.deliver(remote: Fixtures.chatPush)

        try device.tap(push, action: "REPLY", text: "On my way")

        #expect(device.callbacks.last?.callback == .handleActionForRemoteNotification)
        #expect(device.callbacks.last?.state == .background)
        #expect(device.messages.map(\.response?.userText) == ["On my way"])
        #expect(device.messages.first?.path == .handleAction)
        #expect(device.completions.of(.handleActionForRemoteNotification).map(\.callCount) == [1])
    }

    // Row "legacy didReceive(UILocalNotification) — inactive → .localTapped".
    @Test func localTapFromTheBackgroundIsDidReceiveLocalNotificationWhileInactive() throws {
        let device = legacyDevice()
        device.launch()
        try device.schedule(
            local: LocalNotificationRequest(
                identifier: "stand", content: PushContent(title: "Stand up"), trigger: .timeInterval(60, repeats: false)
            ))
        device.moveToBackground()
        device.advanceTime(by: 60)

        try device.tap("stand")

        #expect(
            Array(device.callbacks.suffix(3)).names == [
                .willEnterForeground, .didReceiveLocalNotification, .didBecomeActive,
            ])
        #expect(device.messages.map(\.kind) == [.localTapped])
    }

    // Row "legacy didReceive(UILocalNotification) — active → .local": fired in the foreground, never shown.
    @Test func localNotificationFiringInTheForegroundIsDidReceiveLocalNotificationWhileActive() throws {
        let device = legacyDevice()
        device.launch()
        try device.schedule(local: LocalNotificationRequest(identifier: "now", content: PushContent(title: "Now")))

        device.advanceTime(by: 0)

        #expect(device.callbacks.last?.callback == .didReceiveLocalNotification)
        #expect(device.messages.map(\.kind) == [.local])
        #expect(device.deliveredNotifications.isEmpty)
    }

    // Row "launch options .localNotification — not running": iOS 9 hands a launching local tap over only there.
    @Test func coldStartFromALocalNotificationUsesOnlyTheLaunchOptions() throws {
        let device = legacyDevice()
        try device.schedule(
            local: LocalNotificationRequest(
                identifier: "wake", content: PushContent(title: "Wake"), trigger: .timeInterval(60, repeats: false)))
        device.advanceTime(by: 60)

        try device.tap("wake")

        #expect(device.callbacks.names == [.didFinishLaunching, .didBecomeActive])
        #expect(device.messages.map(\.kind) == [.localTapped])
        #expect(device.messages.first?.path == .launchOptions)
    }

    // Ref §2/§11.9: the dismiss action exists only with UNUserNotificationCenter (iOS 10+).
    @Test func dismissingSendsNothingOnIOS9() throws {
        let device = legacyDevice(categories: Fixtures.chatCategory)
        let push = device.deliver(remote: Fixtures.chatPush)

        try device.dismiss(push)

        #expect(device.callbacks.isEmpty)
        #expect(device.messages.isEmpty)
    }
}
