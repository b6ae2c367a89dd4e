import Foundation
import PushBus
import PushBusRouting
import PushBusTesting
import Testing

/// The permission prompt answers as scripted; provisional needs no prompt; escalation prompts once.
@Suite(.timeLimit(.minutes(2))) struct PromptAnswerSimulationTests {
    @Test(arguments: [
        (SimulatedDevice.PromptAnswer.allow, SimulatedDevice.Authorization.authorized),
        (.dontAllow, .denied), (.provisional, .provisional),
    ])
    func theUsersAnswerDecidesTheAuthorization(
        answer: SimulatedDevice.PromptAnswer, expected: SimulatedDevice.Authorization
    )
        async
    {
        let device = SimulatedDevice(configuration: .init(authorization: .notDetermined))
        device.settings.promptAnswer = answer
        device.launch()

        let report = await device.registerForNotifications()

        #expect(device.authorization == expected)
        #expect(report.settings.status.rawValue == expected.rawValue)
        #expect(report.steps == NotificationAuthorizationFlow.Step.allCases)
        #expect(device.callbacks.names.last == .didRegisterForRemoteNotifications)
    }

    @Test func provisionalIsGrantedWithoutAPromptAndEscalationShowsIt() async {
        let device = SimulatedDevice(configuration: .init(authorization: .notDetermined))
        device.settings.promptAnswer = .allow
        device.launch()

        let report = await device.registerForNotifications(options: [.alert, .sound, .provisional])
        #expect(report.settings.status == .provisional)
        #expect(!device.timeline.contains { $0.description.contains("permission prompt") })

        let escalation = await device.escalateAuthorization()
        #expect(escalation.isGranted)
        #expect(device.authorization == .authorized)
        #expect(device.settings.changes.map(\.current.status) == [.provisional, .authorized])
    }

    @Test func anEphemeralAppClipIsShownLikeAnAuthorizedApp() {
        let device = SimulatedDevice(configuration: .init(authorization: .ephemeral))
        device.deliver(remote: ["aps": ["alert": "Hi"]])
        #expect(device.deliveredNotifications.count == 1)
        #expect(device.settings.current.status == .ephemeral)
    }

    @Test func onIOS9TheLegacySettingsPathRunsBeforeRemoteRegistration() async {
        let device = SimulatedDevice(configuration: .init(generation: .legacy, authorization: .notDetermined))
        device.launch()

        await device.registerForNotifications()

        #expect(
            device.callbacks.names == [
                .didFinishLaunching, .didBecomeActive, .didRegisterUserNotificationSettings,
                .didRegisterForRemoteNotifications,
            ])
        #expect(device.settings.current.criticalAlert == .unavailable)
    }
}

/// Settings changed while the app is away reach it as one event on return; an unchanged return posts nothing.
@Suite(.timeLimit(.minutes(2))) struct SettingsChangeSimulationTests {
    @Test func aChangeInTheBackgroundIsOneEventOnReturn() async {
        let device = SimulatedDevice()
        device.launch()
        await device.registerForNotifications()
        device.moveToBackground()
        device.bringToForeground()
        #expect(device.settings.changes.count == 1)  // the first reading only

        device.moveToBackground()
        device.settings.change { $0.sound = .disabled }
        device.bringToForeground()

        #expect(device.settings.changes.count == 2)
        #expect(device.settings.changes.last?.changedFields == [.sound])
        #expect(device.timeline.contains { if case .settingsChanged = $0.event { true } else { false } })
    }

    @Test func withoutRegistrationTheAppDoesNotReadSettingsOnReturn() {
        let device = SimulatedDevice()
        device.launch()
        device.moveToBackground()
        device.settings.change { $0.status = .denied }
        device.bringToForeground()

        #expect(device.settings.changes.isEmpty)
        #expect(device.authorization == .denied)
    }

    @Test func aChangeWhileKilledIsPostedByTheNextProcess() async {
        let device = SimulatedDevice()
        device.launch()
        await device.registerForNotifications()
        device.terminate()
        device.settings.change { $0.status = .denied }
        device.launch()

        await device.registerForNotifications()

        #expect(device.settings.changes.map(\.current.status) == [.authorized, .denied])
        #expect(device.settings.changes.last?.previous?.status == .authorized)
    }
}

/// Settings' link to the app's own screen launches it and reaches the router with the settings source.
@Suite(.timeLimit(.minutes(2))) struct OpenSettingsSimulationTests {
    @Test func aTapOnTheLinkLaunchesTheAppAndRoutesWithTheSettingsSource() async throws {
        let router = PushRouter(schemes: ["app"], isReady: true)
        try router.register("app://settings/notifications") { _ in }
        let device = SimulatedDevice(router: router) { process in
            process.keep(
                process.router!.notifications.routeSettingsRequests(
                    from: process.notificationSettings, to: "app://settings/notifications"))
        }
        device.launch()
        await device.registerForNotifications(options: [.alert, .providesAppNotificationSettings])
        device.terminate()

        try device.settings.openAppSettings()

        #expect(
            device.callbacks.names.suffix(4) == [
                .didFinishLaunching, .sceneWillConnect, .openSettingsFor, .sceneDidBecomeActive,
            ])
        #expect(device.settings.openSettingsRequestCount == 1)
        #expect(device.routes.map(\.source) == [.settings])
    }
}

/// URL-scheme and universal-link opens reach the router with their sources.
@Suite struct LinkOpenSimulationTests {
    func makeDevice(generation: SimulatedDevice.Generation = .scenes) throws -> SimulatedDevice {
        let router = PushRouter(schemes: ["app", "https"], isReady: true)
        try router.register("app://product/:id") { _ in }
        try router.register("https://example.com/product/:id") { _ in }
        return SimulatedDevice(configuration: .init(generation: generation), router: router)
    }

    @Test func aRunningSceneAppGetsOpenURLContextsAndContinueUserActivity() throws {
        let device = try makeDevice()
        device.launch()

        device.openURL(URL(string: "app://product/1")!)
        device.openUniversalLink(URL(string: "https://example.com/product/2")!)

        #expect(device.callbacks.names.suffix(2) == [.sceneOpenURLContexts, .sceneContinueUserActivity])
        #expect(device.routes.map(\.source) == [.urlScheme, .universalLink])
        #expect(device.routes.opened == ["app://product/1", "https://example.com/product/2"])
    }

    @Test func anAppWithoutScenesGetsTheAppDelegateCallbacks() throws {
        let device = try makeDevice(generation: .notificationCenter)
        device.launch()

        device.openURL(URL(string: "app://product/1")!)
        device.openUniversalLink(URL(string: "https://example.com/product/2")!)

        #expect(device.callbacks.names.suffix(2) == [.openURL, .continueUserActivity])
        #expect(device.routes.map(\.source) == [.urlScheme, .universalLink])
    }
}

/// Critical alerts: a missing entitlement, a refusal and "never asked" read as three different answers.
@Suite(.timeLimit(.minutes(2))) struct CriticalAlertSimulationTests {
    @Test func withoutTheEntitlementCriticalAlertsAreEntitlementMissing() async {
        let device = SimulatedDevice(configuration: .init(authorization: .notDetermined))
        device.launch()
        let report = await device.registerForNotifications(options: [.alert, .criticalAlert])
        #expect(report.settings.criticalAlerts == .entitlementMissing)
    }

    @Test func anEntitledAppTheUserRefusedIsDenied() async {
        let device = SimulatedDevice(configuration: .init(authorization: .notDetermined))
        device.settings.hasCriticalAlertEntitlement = true
        device.settings.promptAnswer = .dontAllow
        device.launch()
        let report = await device.registerForNotifications(options: [.alert, .criticalAlert])
        #expect(report.settings.criticalAlerts == .denied)
    }

    @Test func anEntitledAppThatNeverAskedIsNotRequested() async {
        let device = SimulatedDevice(configuration: .init(authorization: .notDetermined))
        device.settings.hasCriticalAlertEntitlement = true
        device.launch()
        let report = await device.registerForNotifications(options: .standard)
        #expect(report.settings.criticalAlerts == .notRequested)
    }

    @Test func anEntitledAppAllowedGetsThem() async {
        let device = SimulatedDevice(configuration: .init(authorization: .notDetermined))
        device.settings.hasCriticalAlertEntitlement = true
        device.launch()
        let report = await device.registerForNotifications(options: [.alert, .criticalAlert])
        #expect(report.settings.criticalAlerts == .enabled)
    }
}
