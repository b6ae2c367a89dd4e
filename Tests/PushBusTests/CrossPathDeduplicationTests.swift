import Foundation
import PushBus
import PushBusTestSupport
import Testing

/// One notification reported by several callbacks reaches subscribers once.
@Suite(.timeLimit(.minutes(2))) struct CrossPathDeduplicationTests {
    @Test func coldStartTapReportedByLaunchOptionsAndDidReceiveIsOneTap() throws {
        // Given a cold start from a tap (iOS 10+): launch options, then didReceive, then became active.
        let center = PushCenter()
        let un = UserNotificationAdapter(center: center)
        let app = AppDelegateAdapter(center: center)
        let messages = Recorder<PushMessage>()
        let subscription = center.subscribe { messages.record($0) }
        defer { subscription.cancel() }

        app.didFinishLaunching(launchOptions: [.remoteNotification: Payloads.alert])
        un.didReceive(
            ResponseSnapshot(
                notification: Payloads.snapshot(Payloads.alert),
                actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier"),
            appState: .inactive
        ) {}
        app.applicationDidBecomeActive()

        // Then exactly one tap, from didReceive, which knows the request identifier.
        let message = try #require(messages.values.first)
        #expect(messages.count == 1)
        #expect(message.kind == .remoteTapped)
        #expect(message.response == PushResponse(action: .open))
        #expect(message.path == .didReceiveResponse)
        #expect(message.requestIdentifier == "REQ-1")
    }

    @Test func coldStartTapOnACustomActionCarriesThatAction() throws {
        let fixture = AdapterFixture()

        fixture.appDelegate.didFinishLaunching(launchOptions: [.remoteNotification: Payloads.chat])
        fixture.userNotifications.didReceive(
            ResponseSnapshot(notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "REPLY", userText: "Hi"),
            appState: .inactive
        ) {}
        fixture.appDelegate.applicationDidBecomeActive()

        let message = try #require(fixture.messages.values.first)
        #expect(fixture.messages.count == 1)
        #expect(message.response == PushResponse(action: .custom("REPLY"), userText: "Hi"))
    }

    @Test func launchOptionsAloneBecomeAnOpenTapWhenLaunchIsOver() throws {
        let fixture = AdapterFixture()

        fixture.appDelegate.didFinishLaunching(launchOptions: [.remoteNotification: Payloads.alert])
        #expect(fixture.messages.count == 0)  // held: didReceive may still come with the real action
        fixture.appDelegate.applicationDidBecomeActive()
        fixture.appDelegate.applicationDidBecomeActive()

        let message = try #require(fixture.messages.values.first)
        #expect(fixture.messages.count == 1)
        #expect(message.kind == .remoteTapped)
        #expect(message.response == PushResponse(action: .open))
        #expect(message.path == .launchOptions)
        #expect(message.appState == .notRunning)
    }

    @Test func unclaimedLaunchOptionsArePostedBeforeAnotherNotificationsResponse() throws {
        let fixture = AdapterFixture()

        fixture.appDelegate.didFinishLaunching(launchOptions: [.remoteNotification: Payloads.alert])
        fixture.userNotifications.didReceive(
            ResponseSnapshot(notification: Payloads.snapshot(Payloads.chat, id: "OTHER"), actionIdentifier: "MUTE"),
            appState: .background
        ) {}

        #expect(fixture.messages.values.map(\.path) == [.launchOptions, .didReceiveResponse])
        #expect(fixture.messages.values.map(\.content.categoryIdentifier) == [nil, "CHAT"])
    }

    @Test func sceneConnectionThenDidReceiveOfTheSameResponseIsOneTap() throws {
        let fixture = AdapterFixture()
        let done = Recorder<Void>()
        let response = ResponseSnapshot(
            notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "REPLY", userText: "Yes")

        fixture.appDelegate.didFinishLaunching(launchOptions: [.remoteNotification: Payloads.chat])
        fixture.userNotifications.sceneWillConnect(notificationResponse: response)
        fixture.userNotifications.didReceive(response, appState: .inactive) { done.record() }
        fixture.appDelegate.applicationDidBecomeActive()

        #expect(fixture.messages.count == 1)
        #expect(fixture.messages.values.first?.path == .sceneConnection)
        #expect(done.count == 1)
    }

    @Test func legacyLaunchOptionsThenInactiveFetchOfTheSamePushIsOneTap() throws {
        let fixture = AdapterFixture(mode: .legacy)
        let results = Recorder<BackgroundFetchResult>()

        fixture.appDelegate.didFinishLaunching(launchOptions: [.remoteNotification: Payloads.alert])
        fixture.appDelegate.didReceiveRemoteNotification(Payloads.alert, appState: .inactive) { results.record($0) }

        #expect(fixture.messages.count == 1)
        #expect(fixture.messages.values.first?.path == .launchOptions)
        #expect(results.values == [.noData])
    }

    @Test(arguments: [true, false])
    func foregroundAlertWithContentAvailableIsOneArrivalAndBothHandlersComplete(willPresentFirst: Bool) async {
        // Given an alert + content-available push in the foreground: iOS calls willPresent and the fetch callback.
        let fixture = AdapterFixture()
        let options = Recorder<PresentationOptions>()
        let results = Recorder<BackgroundFetchResult>()
        let backgroundRuns = Recorder<PushMessage.ID>()
        let background = fixture.delivery.onBackgroundMessage { message in
            backgroundRuns.record(message.id)
            return .newData
        }
        defer { background.cancel() }

        let present = {
            fixture.userNotifications.willPresent(Payloads.snapshot(Payloads.alertWithContent)) { options.record($0) }
        }
        let fetch = {
            fixture.appDelegate.didReceiveRemoteNotification(Payloads.alertWithContent, appState: .active) {
                results.record($0)
            }
        }
        if willPresentFirst { present(); fetch() } else { fetch(); present() }
        await eventually { results.count > 0 }
        await fixture.delivery.waitForHandlers()

        // Then one `.remote` message, both handlers called once, the background handler run once.
        #expect(fixture.messages.values.map(\.kind) == [.remote])
        #expect(options.values == [[.banner, .list, .sound, .badge]])
        #expect(results.values == [.newData])
        #expect(backgroundRuns.count == 1)
    }

    @Test func pushForwardedAgainByAnotherSDKReachesSubscribersOnce() async {
        let fixture = AdapterFixture()
        let results = Recorder<BackgroundFetchResult>()
        let runs = Recorder<Void>()
        let background = fixture.delivery.onBackgroundMessage { _ in
            runs.record()
            return .newData
        }
        defer { background.cancel() }

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) { results.record($0) }
        await eventually { results.count == 1 }
        fixture.appDelegate.didReceiveForwardedNotification(Payloads.silent, appState: .background)

        #expect(fixture.messages.count == 1)
        #expect(results.values == [.newData])
        #expect(runs.count == 1)
    }

    @Test func receivingAndLaterTappingAreTwoMessages() {
        let fixture = AdapterFixture()

        fixture.userNotifications.willPresent(Payloads.snapshot(Payloads.alert)) { _ in }
        fixture.userNotifications.didReceive(
            ResponseSnapshot(
                notification: Payloads.snapshot(Payloads.alert),
                actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier"),
            appState: .active
        ) {}

        #expect(fixture.messages.values.map(\.kind) == [.remote, .remoteTapped])
    }
}

/// A push that launches the app into the background is an arrival, never a tap.
@Suite struct CrossPathBackgroundLaunchTests {
    @Test(arguments: [AppDelegateAdapter.Mode.legacy, .userNotifications])
    func silentPushLaunchingTheAppIsOneSilentArrival(mode: AppDelegateAdapter.Mode) async {
        let fixture = AdapterFixture(mode: mode)
        let results = Recorder<BackgroundFetchResult>()

        fixture.appDelegate.didFinishLaunching(launchOptions: [.remoteNotification: Payloads.silent])
        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) { results.record($0) }
        fixture.appDelegate.applicationDidBecomeActive()  // the user opens the app much later

        #expect(fixture.messages.values.map(\.kind) == [.remote])
        #expect(fixture.messages.values.first?.isSilent == true)
        #expect(results.values == [.noData])
    }

    @Test func alertWithContentLaunchingTheAppInTheBackgroundIsNotATap() {
        // iOS 10+: the launch options carry it, the fetch callback reports it, nobody tapped.
        let fixture = AdapterFixture()

        fixture.appDelegate.didFinishLaunching(launchOptions: [.remoteNotification: Payloads.alertWithContent])
        fixture.appDelegate.didReceiveRemoteNotification(Payloads.alertWithContent, appState: .background) { _ in }
        fixture.appDelegate.applicationDidBecomeActive()

        #expect(fixture.messages.values.map(\.kind) == [.remote])
    }

    @Test func legacyBackgroundLaunchStateIsNotATap() {
        let fixture = AdapterFixture(mode: .legacy)

        fixture.appDelegate.didFinishLaunching(
            launchOptions: [.remoteNotification: Payloads.alertWithContent], appState: .background)
        fixture.appDelegate.didReceiveRemoteNotification(Payloads.alertWithContent, appState: .background) { _ in }

        #expect(fixture.messages.values.map(\.kind) == [.remote])
    }

    @Test func launchOptionsWithBothKeysReportBoth() {
        let fixture = AdapterFixture(mode: .legacy)

        fixture.appDelegate.didFinishLaunching(
            launchOptions: [.remoteNotification: Payloads.silent, .localNotification: Payloads.legacyLocal])

        #expect(fixture.messages.values.map(\.kind) == [.localTapped])
    }
}

/// A third-party SDK handing the same push over again does not duplicate it.
@Suite struct CrossPathForwardedTests {
    @Test func forwardedAfterTheSystemCallbackIsDropped() {
        let fixture = AdapterFixture()

        fixture.userNotifications.willPresent(Payloads.snapshot(Payloads.alert)) { _ in }
        fixture.appDelegate.didReceiveForwardedNotification(Payloads.alert, appState: .active)

        #expect(fixture.messages.values.map(\.path) == [.willPresent])
    }

    @Test func forwardedFirstThenTheSystemTapIsOneTap() {
        let fixture = AdapterFixture()
        let done = Recorder<Void>()

        fixture.appDelegate.didReceiveForwardedNotification(
            Payloads.alert, appState: .inactive, response: PushResponse(action: .open))
        fixture.userNotifications.didReceive(
            ResponseSnapshot(
                notification: Payloads.snapshot(Payloads.alert),
                actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier"),
            appState: .inactive
        ) { done.record() }

        #expect(fixture.messages.values.map(\.path) == [.forwarded])
        #expect(done.count == 1)
    }

    @Test func providerMessageIDsMakeDifferentPayloadsOfOnePushAgree() {
        // JPush re-delivers with extra keys; `_j_msgid` identifies it.
        let fixture = AdapterFixture()
        let native: [AnyHashable: Any] = ["aps": ["alert": "Sale"], "_j_msgid": 424_242]
        let forwarded: [AnyHashable: Any] = ["aps": ["alert": "Sale"], "_j_msgid": 424_242, "_j_business": 1]

        fixture.appDelegate.didReceiveRemoteNotification(native, appState: .active)
        fixture.appDelegate.didReceiveForwardedNotification(forwarded, appState: .active)

        #expect(fixture.messages.count == 1)
    }
}
