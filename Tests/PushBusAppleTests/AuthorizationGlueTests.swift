#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import PushBusRouting
import Testing
import PushBusTestSupport

private typealias Snapshot = NotificationSettingsSnapshot

/// Builds stub settings from the defaults of an app that asked for alert, sound and badge.
private func settings(
    _ status: UNAuthorizationStatus, _ change: (inout UNNotificationSettings.StubbedValues) -> Void = { _ in }
) -> UNNotificationSettings {
    var values = UNNotificationSettings.StubbedValues(status: status)
    change(&values)
    return UNNotificationSettings(stubbedValues: values)
}

/// `UNNotificationSettings` → `NotificationSettingsSnapshot`, field by field, through the stubs
/// (UNNotificationSettings.h availability: previews 11, critical 12, announcement 13, ephemeral 14, focus 15).
@Suite struct SettingsSnapshotMappingTests {
    @Test func criticalAlertsNotSupportedMeanTheEntitlementIsMissingNotARefusal() {
        let snapshot = Snapshot(settings(.authorized) { $0.criticalAlert = .notSupported }, features: .iOS(17))
        #expect(snapshot.criticalAlert == .notSupported)
        #expect(snapshot.criticalAlerts == .entitlementMissing)
    }

    @Test func criticalAlertsDisabledAfterAskingAreARefusal() {
        var snapshot = Snapshot(settings(.authorized) { $0.criticalAlert = .disabled }, features: .iOS(17))
        snapshot.isCriticalAlertRequested = true
        #expect(snapshot.criticalAlerts == .denied)
    }

    @Test func criticalAlertsDisabledWithoutAskingAreNotRequested() {
        var snapshot = Snapshot(settings(.authorized) { $0.criticalAlert = .disabled }, features: .iOS(17))
        snapshot.isCriticalAlertRequested = false
        #expect(snapshot.criticalAlerts == .notRequested)
    }

    @Test func settingsTheOSLacksAreUnavailableNotOff() {
        let allOff = settings(.authorized) {
            $0.timeSensitive = .disabled
            $0.scheduledDelivery = .disabled
            $0.directMessages = .disabled
            $0.announcement = .disabled
            $0.criticalAlert = .disabled
        }
        let onIOS12 = Snapshot(allOff, features: .iOS(12))
        #expect(onIOS12.timeSensitive == .unavailable)
        #expect(onIOS12.scheduledDelivery == .unavailable)
        #expect(onIOS12.directMessages == .unavailable)
        #expect(onIOS12.announcement == .unavailable)
        #expect(onIOS12.criticalAlert == .disabled)

        let onIOS15 = Snapshot(allOff, features: .iOS(15))
        #expect(onIOS15.timeSensitive == .disabled)
        #expect(onIOS15.scheduledDelivery == .disabled)
        #expect(onIOS15.directMessages == .disabled)
        #expect(onIOS15.announcement == .disabled)

        let onIOS11 = Snapshot(allOff, features: .iOS(11))
        #expect(onIOS11.criticalAlert == .unavailable)
        #expect(onIOS11.criticalAlerts == .unavailable)
        #expect(Snapshot(allOff, features: .iOS(10)).showPreviews == .unavailable)
    }

    @Test func eachSettingMapsToItsField() {
        let snapshot = Snapshot(
            settings(.authorized) {
                $0.alert = .enabled
                $0.sound = .disabled
                $0.badge = .notSupported
                $0.lockScreen = .disabled
                $0.notificationCenter = .enabled
                $0.carPlay = .enabled
                $0.timeSensitive = .enabled
                $0.alertStyle = .alert
                $0.showPreviews = .whenAuthenticated
                $0.providesAppNotificationSettings = true
            }, features: .iOS(17))
        #expect(snapshot.status == .authorized)
        #expect(snapshot.alert == .enabled)
        #expect(snapshot.sound == .disabled)
        #expect(snapshot.badge == .notSupported)
        #expect(snapshot.lockScreen == .disabled)
        #expect(snapshot.notificationCenter == .enabled)
        #expect(snapshot.carPlay == .enabled)
        #expect(snapshot.timeSensitive == .enabled)
        #expect(snapshot.allowsTimeSensitive)
        #expect(snapshot.alertStyle == .alert)
        #expect(snapshot.showPreviews == .whenAuthenticated)
        #expect(snapshot.providesAppNotificationSettings)
    }

    @Test func provisionalAndEphemeralStatusesNeedTheirOS() {
        #expect(Snapshot(settings(.provisional), features: .iOS(12)).status == .provisional)
        #expect(Snapshot(settings(.ephemeral), features: .iOS(14)).status == .ephemeral)
        #expect(Snapshot(settings(.denied), features: .iOS(14)).status == .denied)
        #expect(Snapshot(settings(.notDetermined), features: .iOS(14)).status == .notDetermined)
    }

    @Test func requestedOptionsKeepOnlyWhatTheOSKnows() {
        let asked: AuthorizationOptions = [.alert, .provisional, .criticalAlert, .announcement, .timeSensitive]
        #expect(NotificationSettingsFeatures.iOS(13).authorizationOptions(asked).rawValue == 4 + 16 + 64 + 128)
        #expect(NotificationSettingsFeatures.iOS(15).authorizationOptions(asked).rawValue == 4 + 16 + 64 + 256)
        #expect(NotificationSettingsFeatures.iOS(11).authorizationOptions(asked).rawValue == 4)
    }
}

/// Records the system calls the one-call registration makes, across the center and the application.
final class LoggingCenter: UNUserNotificationCenter, @unchecked Sendable {
    // Safe: `log` is a locked recorder; the rest is the stub's own locked state.
    let log = Recorder<String>()

    override func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        log.record("requestAuthorization")
        super.requestAuthorization(options: options, completionHandler: completionHandler)
    }

    override func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
        log.record("getNotificationSettings")
        super.getNotificationSettings(completionHandler: completionHandler)
    }

    override func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        log.record("setNotificationCategories")
        super.setNotificationCategories(categories)
    }
}

@MainActor final class LoggingApplication: UIApplication {
    let log: Recorder<String>
    init(log: Recorder<String>) {
        self.log = log
        super.init(stubbed: ())
    }
    override func registerForRemoteNotifications() {
        log.record("registerForRemoteNotifications")
        super.registerForRemoteNotifications()
    }
}

/// The one call runs the system calls in the order iOS wants them, on iOS 10+ and on the iOS 9 settings path.
@MainActor @Suite(.serialized, .timeLimit(.minutes(2))) struct OneCallRegistrationTests {
    let categories = try! CategoryRegistry([PushCategory("CHAT") { PushAction.button("READ", title: "Read") }])

    init() {
        PushBusApp.notificationSettings = NotificationSettingsChannel()  // not the machine's UserDefaults
    }

    @Test func onIOS10AndLaterItAuthorizesReadsRegistersCategoriesThenRemote() async {
        let center = LoggingCenter(stubbed: ())
        let application = LoggingApplication(log: center.log)

        let report = await PushBusApp.registerForNotifications(
            options: [.alert, .sound, .badge], categories: categories, notificationCenter: center,
            application: application)

        #expect(
            center.log.values == [
                "requestAuthorization", "getNotificationSettings", "getNotificationSettings",
                "setNotificationCategories", "registerForRemoteNotifications",
            ])
        #expect(report.steps == NotificationAuthorizationFlow.Step.allCases)
        #expect(report.isGranted)
        #expect(report.settings.status == .authorized)
        #expect(center.stubbedCategories.map(\.identifier) == ["CHAT"])
        #expect(center.stubbedAuthorizationRequests == [[.alert, .sound, .badge]])
        #expect(PushBusApp.notificationSettings.current?.status == .authorized)
    }

    @Test func provisionalIsGrantedWithoutAPromptAndEscalationAsksAgain() async {
        let center = UNUserNotificationCenter(stubbed: ())
        center.stubbedGrant = false  // the user will say no when finally asked
        let application = UIApplication(stubbed: ())

        let report = await PushBusApp.registerForNotifications(
            options: [.alert, .provisional], notificationCenter: center, application: application)
        #expect(report.settings.status == .provisional)

        let escalation = await PushBusApp.escalateAuthorization(
            options: [.alert, .sound], notificationCenter: center, application: application)
        #expect(!escalation.isGranted)
        #expect(escalation.settings.status == .denied)
        #expect(escalation.authorizationError == nil)
    }

    @Test func aFailedRequestIsReportedAndTheLaterStepsStillRun() async {
        let center = UNUserNotificationCenter(stubbed: ())
        center.stubbedAuthorizationError = RegistrationError(domain: "UNErrorDomain", code: 1, message: "not allowed")
        let application = UIApplication(stubbed: ())

        let report = await PushBusApp.registerForNotifications(notificationCenter: center, application: application)

        #expect(report.authorizationError != nil)
        #expect(!report.isGranted)
        #expect(application.stubbedRemoteRegistrations == 1)
    }

    @Test func onIOS9ItRegistersSettingsWaitsForDidRegisterThenRegistersRemote() async throws {
        let center = LoggingCenter(stubbed: ())
        let application = UIApplication(stubbed: ())
        let authorizer = UserNotificationAuthorizer(
            notificationCenter: center, application: application, delivery: nil, api: .legacy,
            categories: categories, features: .iOS(9))

        async let running = PushBusApp.registerForNotifications(
            with: authorizer, options: .standard, categories: categories)
        var spins = 0
        while !authorizer.isWaitingForLegacyRegistration && spins < 10_000 {
            await Task.yield()
            spins += 1
        }
        #expect(application.stubbedCallLog == ["registerUserNotificationSettings"])
        authorizer.didRegisterLegacySettings(allowedTypes: 0b101)  // what application(_:didRegister:) forwards
        let report = await running

        #expect(application.stubbedCallLog == ["registerUserNotificationSettings", "registerForRemoteNotifications"])
        #expect(center.log.values.isEmpty)  // no UNUserNotificationCenter call on iOS 9
        #expect(report.steps == NotificationAuthorizationFlow.Step.allCases)
        #expect(report.isGranted)
        #expect(report.settings.status == .authorized)
        #expect(report.settings.alert == .enabled)
        #expect(report.settings.sound == .disabled)
        #expect(report.settings.criticalAlert == .unavailable)
    }
}

/// Returning to the foreground re-reads the settings; the channel posts only a change.
@MainActor @Suite(.timeLimit(.minutes(2))) struct SettingsChangeGlueTests {
    @Test func aChangeMadeInTheBackgroundIsPostedOnReturnAndNothingOtherwise() async throws {
        let center = LoggingCenter(stubbed: ())
        center.stubbedAuthorizationStatus = .authorized
        let channel = NotificationSettingsChannel()
        let changes = Recorder<NotificationSettingsChange>()
        let subscription = channel.subscribe { changes.record($0) }
        let authorizer = UserNotificationAuthorizer(notificationCenter: center, application: UIApplication(stubbed: ()))
        let flow = NotificationAuthorizationFlow(authorizer: authorizer, settings: channel)
        await flow.refreshSettings()
        #expect(changes.count == 1)  // the first reading
        let foreground = NotificationCenter()
        let observer = NotificationSettingsObserver(flow: flow, notificationCenter: foreground)
        let readsBefore = center.log.values.count { $0 == "getNotificationSettings" }

        // Given nothing changed, when the app returns, then the settings are read again...
        foreground.post(name: UIApplication.willEnterForegroundNotification, object: nil)
        try await center.log.wait(for: "the settings read on return") {
            $0.count { $0 == "getNotificationSettings" } == readsBefore + 1
        }

        // ...and given the user then turned notifications off in Settings, when the app returns, then the one
        // change posted after the first reading is that one (a change posted for the unchanged return would be
        // the second, or a third).
        center.stubbedAuthorizationStatus = .denied
        foreground.post(name: UIApplication.willEnterForegroundNotification, object: nil)
        let posted = try await changes.wait(for: "the change to denied") {
            $0.contains { $0.current.status == .denied }
        }
        #expect(posted.count == 2)
        #expect(posted.last?.isStatusChange == true)
        #expect(posted.last?.current.status == .denied)

        observer.cancel()
        withExtendedLifetime(subscription) {}
    }
}

/// `userNotificationCenter(_:openSettingsFor:)` reaches the app as an event, and a router opens a route for it.
@Suite(.timeLimit(.minutes(2))) struct OpenSettingsGlueTests {
    @Test func theDelegatePostsTheRequestAndTheRouterOpensItWithTheSettingsSource() throws {
        let channel = NotificationSettingsChannel()
        let delegate = PushNotificationDelegate(
            adapter: UserNotificationAdapter(center: PushCenter()), settings: channel)
        let router = PushRouter(schemes: ["myapp"])
        let opened = Recorder<RouteRequest>()
        try router.register("myapp://settings/notifications") { opened.record($0) }
        let link = router.notifications.routeSettingsRequests(from: channel, to: "myapp://settings/notifications")

        delegate.userNotificationCenter(
            UNUserNotificationCenter(stubbed: ()),
            openSettingsFor: StubNotifications.remote(StubNotifications.chatPayload))

        #expect(opened.values.map(\.source) == [.settings])
        let request =
            opened.values.first?.context[PushRouter.NotificationRoutes.settingsRequestKey] as? OpenSettingsRequest
        #expect(request?.notification?.requestIdentifier == "REQ-1")
        withExtendedLifetime(link) {}
    }

    @Test func aRequestFromSettingsBeforeTheRouterAttachesIsRoutedWhenItDoes() throws {
        let channel = NotificationSettingsChannel()
        let delegate = PushNotificationDelegate(
            adapter: UserNotificationAdapter(center: PushCenter()), settings: channel)
        // Launched from Settings.
        delegate.userNotificationCenter(UNUserNotificationCenter(stubbed: ()), openSettingsFor: nil)

        let router = PushRouter(schemes: ["myapp"])
        let opened = Recorder<RouteSource>()
        try router.register("myapp://settings/notifications") { opened.record($0.source) }
        let link = router.notifications.routeSettingsRequests(from: channel, to: "myapp://settings/notifications")

        #expect(opened.values == [.settings])
        withExtendedLifetime(link) {}
    }

    @MainActor @Test func openSettingsOpensTheNotificationSettingsURLOnTheMainActor() async {
        let application = UIApplication(stubbed: ())
        let opened = await PushBusApp.openSettings(.notifications, application: application)
        #expect(opened)
        #expect(
            application.stubbedOpenedURLs.map(\.absoluteString) == [UIApplication.openNotificationSettingsURLString])
        _ = await PushBusApp.openSettings(.app, application: application)
        #expect(application.stubbedOpenedURLs.last?.absoluteString == UIApplication.openSettingsURLString)
    }
}

/// `UIApplication.openSettingsURLString` is an imported C constant (nonisolated) and `NSUserActivity` is
/// Foundation's: both are usable off the main actor (the stubs must not be stricter here than the SDK).
/// `openNotificationSettingsURLString` is not: the iOS 17.4 SDK declares it main-actor isolated, and
/// `.ci/steps/41-apple-stub-isolation.sh` checks that the stub rejects a nonisolated read of it.
nonisolated func settingsURLStringsAndActivitiesAreNonisolated() -> [String] {
    let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
    return [UIApplication.openSettingsURLString, activity.activityType]
}

/// URL-scheme and universal-link opens reach the router with the source their arrival names.
@MainActor @Suite struct IncomingURLGlueTests {
    func makeRouter(_ sources: Recorder<String>) throws -> PushRouter {
        let router = PushRouter(configuration: .init(schemes: ["myapp", "https"], host: nil, isReady: true))
        try router.register("myapp://product/:id") { sources.record("\($0.source) \($0.parameters["id"] ?? "")") }
        try router.register("https://example.com/product/:id") {
            sources.record("\($0.source) \($0.parameters["id"] ?? "")")
        }
        try router.register("myapp://admin", access: .internal) { _ in sources.record("admin") }
        return router
    }

    @Test func settingsURLStringsAreReadableOffTheMainActor() {
        #expect(settingsURLStringsAndActivitiesAreNonisolated().count == 2)
    }

    @Test func sceneURLContextsOpenAsURLScheme() throws {
        let sources = Recorder<String>()
        let router = try makeRouter(sources)
        let contexts: Set<UIOpenURLContext> = [
            UIOpenURLContext(stubbedURL: URL(string: "myapp://product/7")!, sourceApplication: "com.apple.mobilesafari")
        ]

        let incoming = PushBusApp.incomingURLs(contexts)
        for url in incoming { router.open(url) }

        #expect(incoming.first?.sourceApplication == "com.apple.mobilesafari")
        #expect(sources.values == ["urlScheme 7"])
    }

    @Test func aColdStartsConnectionOptionsCarryBothKindsOfLinks() throws {
        let web = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        web.webpageURL = URL(string: "https://example.com/product/9")
        let options = UIScene.ConnectionOptions(
            stubbedNotificationResponse: nil,
            urlContexts: [UIOpenURLContext(stubbedURL: URL(string: "myapp://product/7")!)],
            userActivities: [web, NSUserActivity(activityType: "com.example.reading")])

        let incoming = PushBusApp.incomingURLs(options)

        #expect(incoming.map(\.kind) == [.urlScheme, .universalLink])
        #expect(incoming.map(\.url.absoluteString) == ["myapp://product/7", "https://example.com/product/9"])
    }

    @Test func aBrowsingWebActivityOpensAsUniversalLinkAndOthersAreIgnored() throws {
        let sources = Recorder<String>()
        let router = try makeRouter(sources)
        let web = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        web.webpageURL = URL(string: "https://example.com/product/9")
        let handoff = NSUserActivity(activityType: "com.example.reading")
        handoff.webpageURL = URL(string: "https://example.com/product/10")

        if let link = PushBusApp.incomingURL(web) { router.open(link) }
        #expect(PushBusApp.incomingURL(handoff) == nil)

        #expect(sources.values == ["universalLink 9"])
    }

    @Test func appDelegateOpenURLCarriesTheSourceApplicationAndCannotReachInternalRoutes() throws {
        let sources = Recorder<String>()
        let router = try makeRouter(sources)

        let product = PushBusApp.incomingURL(
            URL(string: "myapp://product/3")!, options: [.sourceApplication: "com.example.other"])
        router.open(product)
        let admin = router.open(PushBusApp.incomingURL(URL(string: "myapp://admin")!))

        #expect(product.kind == .urlScheme)
        #expect(product.sourceApplication == "com.example.other")
        #expect(sources.values == ["urlScheme 3"])
        #expect(admin.match == nil)
    }
}
#endif
