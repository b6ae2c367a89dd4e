import Foundation
import PushBus
import PushBusTestSupport
import Testing

/// The `UIApplicationDelegate` rows of the delivery-path table, per mode and app state.
@Suite struct DeliveryPathAppDelegateTests {
    @Test(arguments: [AppDelegateAdapter.Mode.legacy, .userNotifications])
    func remoteNotificationInTheForegroundIsAnArrival(mode: AppDelegateAdapter.Mode) throws {
        let fixture = AdapterFixture(mode: mode)

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.alert, appState: .active)

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .remote)
        #expect(message.path == .remoteNotification)
        #expect(message.appState == .active)
        #expect(!message.isSilent)
    }

    @Test func legacyInactiveRemoteNotificationIsATap() throws {
        let fixture = AdapterFixture(mode: .legacy)

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.alert, appState: .inactive)

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .remoteTapped)
        #expect(message.response == PushResponse(action: .open))
        #expect(message.appState == .inactive)
    }

    @Test func legacyInactiveFetchCallbackIsATapAndCompletes() throws {
        let fixture = AdapterFixture(mode: .legacy)
        let results = Recorder<BackgroundFetchResult>()

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.alert, appState: .inactive) { results.record($0) }

        #expect(fixture.messages.values.map(\.kind) == [.remoteTapped])
        #expect(results.values == [.noData])
    }

    @Test(arguments: [PushAppState.active, .inactive, .background, .notRunning])
    func userNotificationsModeFetchCallbackIsNeverATap(appState: PushAppState) throws {
        // The O2SPushKit bug: a content-available alert arriving while `inactive` must not read as tapped.
        let fixture = AdapterFixture(mode: .userNotifications)
        let results = Recorder<BackgroundFetchResult>()

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.alertWithContent, appState: appState) {
            results.record($0)
        }

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .remote)
        #expect(message.path == .fetchCompletion)
        #expect(message.appState == appState)
        #expect(!message.isSilent)
        #expect(results.values == [.noData])
    }

    @Test(arguments: [PushAppState.inactive, .background])
    func userNotificationsModeReceiveWithoutFetchIsNeverATap(appState: PushAppState) throws {
        let fixture = AdapterFixture(mode: .userNotifications)

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.alert, appState: appState)

        #expect(fixture.messages.values.map(\.kind) == [.remote])
    }

    @Test(arguments: [AppDelegateAdapter.Mode.legacy, .userNotifications])
    func silentPushInTheBackgroundIsASilentArrival(mode: AppDelegateAdapter.Mode) throws {
        let fixture = AdapterFixture(mode: mode)
        let results = Recorder<BackgroundFetchResult>()

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) {
            results.record($0)
        }

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .remote)
        #expect(message.isSilent)
        #expect(message.appState == .background)
        #expect(results.values == [.noData])
    }

    @Test func legacyLocalNotificationIsAnArrivalWhenActiveAndATapWhenInactive() throws {
        let active = AdapterFixture(mode: .legacy)
        active.appDelegate.didReceive(Payloads.legacyLocal, appState: .active)
        let inactive = AdapterFixture(mode: .legacy)
        inactive.appDelegate.didReceive(Payloads.legacyLocal, appState: .inactive)

        let arrival = try #require(active.messages.values.first)
        #expect(arrival.kind == .local)
        #expect(arrival.path == .localNotification)
        #expect(arrival.content.title == "Stand up")
        #expect(arrival.content.categoryIdentifier == "REMIND")
        #expect(arrival.content.customData["reminder"] == 7)
        let tap = try #require(inactive.messages.values.first)
        #expect(tap.kind == .localTapped)
        #expect(tap.response == PushResponse(action: .open))
    }

    @Test func legacyRemoteActionWithANilIdentifierIsTheDefaultAction() throws {
        let fixture = AdapterFixture(mode: .legacy)
        let done = Recorder<Void>()

        fixture.appDelegate.handleAction(withIdentifier: nil, forRemoteNotification: Payloads.chat) { done.record() }

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .remoteTapped)
        #expect(message.response == PushResponse(action: .open))
        #expect(message.path == .handleAction)
        #expect(done.count == 1)
    }

    @Test func legacyRemoteActionWithResponseInfoCarriesTypedText() throws {
        let fixture = AdapterFixture(mode: .legacy)
        let done = Recorder<Void>()

        fixture.appDelegate.handleAction(
            withIdentifier: "REPLY", forRemoteNotification: Payloads.chat,
            withResponseInfo: ["UIUserNotificationActionResponseTypedTextKey": "On my way"]
        ) { done.record() }

        let message = try #require(fixture.messages.values.first)
        #expect(message.response == PushResponse(action: .custom("REPLY"), userText: "On my way"))
        #expect(done.count == 1)
    }

    @Test func legacyLocalActionWithoutResponseInfoIsACustomTap() throws {
        let fixture = AdapterFixture(mode: .legacy)
        let done = Recorder<Void>()

        fixture.appDelegate.handleAction(withIdentifier: "SNOOZE", for: Payloads.legacyLocal) { done.record() }

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .localTapped)
        #expect(message.response == PushResponse(action: .custom("SNOOZE")))
        #expect(done.count == 1)
    }

    @Test func legacyLocalActionWithResponseInfoCarriesTypedText() throws {
        let fixture = AdapterFixture(mode: .legacy)

        fixture.appDelegate.handleAction(
            withIdentifier: "NOTE", for: Payloads.legacyLocal,
            withResponseInfo: [AppDelegateAdapter.typedTextKey: "Buy milk"], appState: .inactive
        ) {}

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .localTapped)
        #expect(message.response == PushResponse(action: .custom("NOTE"), userText: "Buy milk"))
        #expect(message.appState == .inactive)
    }

    @Test func legacyLaunchOptionsPostATapAtOnce() throws {
        let fixture = AdapterFixture(mode: .legacy)

        fixture.appDelegate.didFinishLaunching(launchOptions: [.remoteNotification: Payloads.alert])

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .remoteTapped)
        #expect(message.response == PushResponse(action: .open))
        #expect(message.path == .launchOptions)
        #expect(message.appState == .notRunning)
    }

    @Test func legacyLocalLaunchOptionIsALocalTap() throws {
        let fixture = AdapterFixture(mode: .legacy)

        fixture.appDelegate.didFinishLaunching(launchOptions: [.localNotification: Payloads.legacyLocal])

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .localTapped)
        #expect(message.content.title == "Stand up")
    }

    @Test func localLaunchOptionIsHeldUntilLaunchEndsInUserNotificationsMode() throws {
        let fixture = AdapterFixture()

        fixture.appDelegate.didFinishLaunching(launchOptions: [.localNotification: Payloads.legacyLocal])
        #expect(fixture.messages.count == 0)
        fixture.appDelegate.applicationDidBecomeActive()

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .localTapped)
        #expect(message.path == .launchOptions)
    }

    @Test func legacyLocalNotificationInTheBackgroundIsAnArrival() {
        let fixture = AdapterFixture(mode: .legacy)

        fixture.appDelegate.didReceive(Payloads.legacyLocal, appState: .background)

        #expect(fixture.messages.values.map(\.kind) == [.local])
    }

    @Test func launchWithoutANotificationPostsNothing() {
        let fixture = AdapterFixture()

        fixture.appDelegate.didFinishLaunching(launchOptions: nil)
        fixture.appDelegate.didFinishLaunching(launchOptions: [
            LaunchOptionKey(rawValue: "UIApplicationLaunchOptionsURLKey"): "x"
        ])
        fixture.appDelegate.applicationDidBecomeActive()

        #expect(fixture.messages.count == 0)
    }

    @Test func malformedLaunchOptionValueIsDeliveredWithAnIssue() throws {
        let fixture = AdapterFixture(mode: .legacy)

        fixture.appDelegate.didFinishLaunching(launchOptions: [.remoteNotification: 42])

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .remoteTapped)
        #expect(message.content.issues.contains { $0.keyPath == "launchOptions.remoteNotification" })
    }
}

/// The contract's shapes can be called from async code (tests are often `async`) without ambiguity.
@Suite(.timeLimit(.minutes(2))) struct DeliveryPathAsyncCallerTests {
    @Test func receiveWithoutFetchHandlerIsCallableFromAsyncCode() async {
        let fixture = AdapterFixture()

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.alert, appState: .active)
        fixture.appDelegate.didReceive(Payloads.legacyLocal, appState: .active)
        await fixture.delivery.waitForHandlers()

        #expect(fixture.messages.values.map(\.kind) == [.remote, .local])
    }
}
