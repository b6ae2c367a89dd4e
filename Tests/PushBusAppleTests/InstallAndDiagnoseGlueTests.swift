#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import Testing
import PushBusTestSupport

/// `PushBusApp.install()` keeps the delegate another SDK installed, and `diagnose()` says what is misconfigured.
@MainActor @Suite(.serialized, .timeLimit(.minutes(2))) struct InstallAndDiagnoseGlueTests {
    @Test func installKeepsAndForwardsToThePreviousDelegate() throws {
        defer { PushBusApp.uninstall() }
        let center = PushCenter()
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        let previous = PreviousDelegate(callsCompletion: false)
        notificationCenter.delegate = previous

        let delegate = PushBusApp.install(center: center, notificationCenter: notificationCenter)

        #expect(notificationCenter.delegate === delegate)
        #expect(delegate.previous === previous)
        #expect(PushDelivery.shared(for: center).deliveryDiagnostics.isNotificationDelegateInstalled)
        #expect(PushDelivery.shared(for: center).deliveryDiagnostics.wasDelegateInstalledDuringLaunch)
    }

    @Test func installingTwiceDoesNotForwardToItself() throws {
        defer { PushBusApp.uninstall() }
        let center = PushCenter()
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        let previous = PreviousDelegate(callsCompletion: false)
        notificationCenter.delegate = previous

        PushBusApp.install(center: center, notificationCenter: notificationCenter)
        let second = PushBusApp.install(center: center, notificationCenter: notificationCenter)

        #expect(second.previous === previous)
    }

    @Test func reinstallingAfterAnotherSDKTookOverForwardsToItAndKeepsTheEarlierForwardees() {
        defer { PushBusApp.uninstall() }
        let center = PushCenter()
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        let braze = PreviousDelegate(callsCompletion: false)
        let intruder = PreviousDelegate(callsCompletion: false)
        PushBusApp.install(center: center, notificationCenter: notificationCenter)
            .forward(to: braze, name: "braze", providers: [.braze])
        notificationCenter.delegate = intruder  // another SDK installs itself later

        let delegate = PushBusApp.install(center: center, notificationCenter: notificationCenter)

        #expect(delegate.previous === intruder)
        #expect(delegate.forwardees.map(\.name) == [NotificationForwardee.previousDelegateName, "braze"])
        #expect(delegate.forwardees.last?.providers == [.braze])
    }

    @Test func uninstallRestoresThePreviousDelegate() {
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        let previous = PreviousDelegate(callsCompletion: false)
        notificationCenter.delegate = previous

        PushBusApp.install(center: PushCenter(), notificationCenter: notificationCenter)
        PushBusApp.uninstall()

        #expect(notificationCenter.delegate === previous)
        #expect(PushBusApp.delegate == nil)
    }

    @Test func diagnoseReportsAReplacedDelegateAndDeniedAuthorization() async {
        defer { PushBusApp.uninstall() }
        let center = PushCenter()
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        notificationCenter.stubbedAuthorizationStatus = .denied
        PushBusApp.install(center: center, notificationCenter: notificationCenter)
        let intruder = PreviousDelegate(callsCompletion: false)
        notificationCenter.delegate = intruder  // another SDK installs itself later

        let codes = await PushBusApp.diagnose(center: center, notificationCenter: notificationCenter).map(\.code)

        #expect(codes.contains("delegate.replaced"))
        #expect(codes.contains("authorization.denied"))
        #expect(codes.contains("token.missing"))
    }

    @Test func diagnoseReportsAMissingDelegateAfterLaunch() async {
        let center = PushCenter()
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        notificationCenter.stubbedAuthorizationStatus = .authorized
        AppDelegateAdapter(center: center).applicationDidBecomeActive()

        let codes = await PushBusApp.diagnose(center: center, notificationCenter: notificationCenter).map(\.code)

        #expect(codes.contains("delegate.missing"))
        #expect(!codes.contains("authorization.denied"))
    }

    @Test func aWellWiredAppHasNoFindings() async throws {
        defer { PushBusApp.uninstall() }
        let center = PushCenter()
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        PushBusApp.install(center: center, notificationCenter: notificationCenter)
        let granted = try await PushBusApp.requestAuthorization(notificationCenter: notificationCenter, center: center)
        PushBusApp.appDelegate.application(
            UIApplication(stubbed: ()), didRegisterForRemoteNotificationsWithDeviceToken: Data([1, 2]))
        PushDelivery.shared(for: center).recordDiagnostics { $0.areCategoriesRegistered = true }
        PushBusApp.appDelegate.applicationDidBecomeActive(UIApplication(stubbed: ()))

        let findings = await PushBusApp.diagnose(center: center, notificationCenter: notificationCenter)

        #expect(granted)
        #expect(notificationCenter.stubbedAuthorizationRequests == [[.alert, .sound, .badge]])
        #expect(findings.isEmpty, "\(findings)")
        #expect(center.deviceToken?.hexString == "0102")
    }
}

/// The `UIApplicationDelegate` shapes reach the neutral adapter with UIKit's types converted.
@MainActor @Suite struct AppDelegateGlueTests {
    let center = PushCenter()
    let messages = Recorder<PushMessage>()
    let subscription: PushCancellable

    init() {
        let messages = messages
        subscription = center.subscribe { messages.record($0) }
    }

    @available(*, deprecated, message: "exercises the iOS 4–10 UIKit API")
    @Test func aLocalNotificationInTheLaunchOptionsIsConverted() throws {
        let adapter = AppDelegateAdapter(center: center, mode: .legacy)
        let local = UILocalNotification()
        local.alertBody = "Stand up"
        local.soundName = UILocalNotificationDefaultSoundName
        local.category = "REMIND"
        local.userInfo = ["reminder": 7]

        adapter.application(UIApplication(stubbed: ()), didFinishLaunchingWithOptions: [.localNotification: local])

        let message = try #require(messages.values.first)
        #expect(message.kind == .localTapped)
        #expect(message.content.body == "Stand up")
        #expect(message.content.sound == .default)
        #expect(message.content.customData["reminder"] == 7)
    }

    @Test func coldStartThroughTheGlueIsOneTapWithTheChosenAction() throws {
        let app = AppDelegateAdapter(center: center)
        let delegate = PushNotificationDelegate(adapter: UserNotificationAdapter(center: center)) { .inactive }
        let notification = StubNotifications.remote(StubNotifications.chatPayload)

        app.application(
            UIApplication(stubbed: ()),
            didFinishLaunchingWithOptions: [.remoteNotification: StubNotifications.chatPayload])
        delegate.userNotificationCenter(
            UNUserNotificationCenter(stubbed: ()),
            didReceive: UNTextInputNotificationResponse(
                stubbedNotification: notification, actionIdentifier: "REPLY", userText: "ok")
        ) {}
        app.applicationDidBecomeActive(UIApplication(stubbed: ()))

        #expect(messages.count == 1)
        #expect(messages.values.first?.response == PushResponse(action: .custom("REPLY"), userText: "ok"))
    }

    @Test func sceneConnectionOptionsReportTheResponse() throws {
        let adapter = UserNotificationAdapter(center: center)
        let response = UNNotificationResponse(
            stubbedNotification: StubNotifications.remote(StubNotifications.chatPayload), actionIdentifier: "LIKE")

        adapter.scene(willConnectWith: UIScene.ConnectionOptions(stubbedNotificationResponse: response))
        adapter.scene(willConnectWith: UIScene.ConnectionOptions(stubbedNotificationResponse: nil))

        #expect(messages.values.map(\.path) == [.sceneConnection])
        #expect(messages.values.first?.response?.action == .custom("LIKE"))
    }

    @Test func theFetchHandlerGetsUIKitsResultOnce() async {
        let adapter = AppDelegateAdapter(center: center)
        let application = UIApplication(stubbed: ())
        application.stubbedApplicationState = .background
        let results = Recorder<UInt>()

        adapter.application(application, didReceiveRemoteNotification: ["aps": ["content-available": 1]]) {
            results.record($0.rawValue)
        }

        #expect(results.values == [UIBackgroundFetchResult.noData.rawValue])
        #expect(messages.values.first?.isSilent == true)
        #expect(messages.values.first?.appState == .background)
    }

    @available(*, deprecated, message: "exercises the iOS 4–10 UIKit API")
    @Test func legacyActionsCarryTypedTextFromResponseInfo() throws {
        let adapter = AppDelegateAdapter(center: center, mode: .legacy)
        let done = Recorder<Bool>()
        let local = UILocalNotification()
        local.alertBody = "Note?"

        adapter.application(
            UIApplication(stubbed: ()), handleActionWithIdentifier: "NOTE", for: local,
            withResponseInfo: [UIUserNotificationActionResponseTypedTextKey: "milk"]
        ) { done.record(true) }
        adapter.application(
            UIApplication(stubbed: ()), handleActionWithIdentifier: nil,
            forRemoteNotification: StubNotifications.chatPayload
        ) { done.record(true) }

        #expect(messages.values.map(\.kind) == [.localTapped, .remoteTapped])
        #expect(
            messages.values.map(\.response) == [
                PushResponse(action: .custom("NOTE"), userText: "milk"), PushResponse(action: .open),
            ])
        #expect(done.count == 2)
    }

    @Test func registrationFailureIsForwarded() {
        let adapter = AppDelegateAdapter(center: center)
        let events = Recorder<RegistrationEvent>()
        let registration = center.subscribeRegistration { events.record($0) }
        defer { registration.cancel() }

        adapter.application(
            UIApplication(stubbed: ()),
            didFailToRegisterForRemoteNotificationsWithError: NSError(domain: "APNs", code: 3000))

        guard case .failed(let error)? = events.values.first else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.domain == "APNs")
        #expect(error.code == 3000)
    }
}
#endif
