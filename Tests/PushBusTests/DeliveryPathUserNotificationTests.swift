import Foundation
import PushBus
import PushBusTestSupport
import Testing

/// The `UNUserNotificationCenterDelegate` rows of the delivery-path table.
@Suite struct DeliveryPathUserNotificationTests {
    @Test func willPresentOfARemoteNotificationIsARemoteArrival() throws {
        let fixture = AdapterFixture()
        let options = Recorder<PresentationOptions>()

        fixture.userNotifications.willPresent(Payloads.snapshot(Payloads.alert)) { options.record($0) }

        let message = try #require(fixture.messages.values.first)
        #expect(fixture.messages.count == 1)
        #expect(message.kind == .remote)
        #expect(message.path == .willPresent)
        #expect(message.appState == .active)
        #expect(message.requestIdentifier == "REQ-1")
        #expect(message.response == nil)
        #expect(message.deepLink == URL(string: "myapp://order/42"))
        #expect(options.values == [[.banner, .list, .sound, .badge]])
    }

    @Test(arguments: [TriggerKind.timeInterval, .calendar, .location])
    func willPresentOfALocalNotificationIsALocalArrival(trigger: TriggerKind) throws {
        let fixture = AdapterFixture()
        let options = Recorder<PresentationOptions>()

        fixture.userNotifications.willPresent(Payloads.localSnapshot(trigger: trigger)) { options.record($0) }

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .local)
        #expect(message.provider == nil)
        #expect(message.content.title == "Stand up")
        #expect(options.count == 1)
    }

    @Test(arguments: [PushAppState.active, .inactive, .background, .notRunning])
    func didReceiveWithTheDefaultActionIsAnOpenTap(appState: PushAppState) throws {
        let fixture = AdapterFixture()
        let done = Recorder<Void>()
        let response = ResponseSnapshot(
            notification: Payloads.snapshot(Payloads.alert),
            actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier")

        fixture.userNotifications.didReceive(response, appState: appState) { done.record() }

        let message = try #require(fixture.messages.values.first)
        #expect(fixture.messages.count == 1)
        #expect(message.kind == .remoteTapped)
        #expect(message.response == PushResponse(action: .open))
        #expect(message.appState == appState)
        #expect(message.path == .didReceiveResponse)
        #expect(done.count == 1)
    }

    @Test(arguments: [PushAppState.active, .inactive, .background])
    func didReceiveWithACustomActionCarriesTheActionAndText(appState: PushAppState) throws {
        let fixture = AdapterFixture()
        let done = Recorder<Void>()
        let response = ResponseSnapshot(
            notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "REPLY", userText: "Sure, 12:30")

        fixture.userNotifications.didReceive(response, appState: appState) { done.record() }

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .remoteTapped)
        #expect(message.response?.action == .custom("REPLY"))
        #expect(message.response?.userText == "Sure, 12:30")
        #expect(message.content.categoryIdentifier == "CHAT")
        #expect(done.count == 1)
    }

    @Test func didReceiveWithACustomActionWithoutTextHasNoText() throws {
        let fixture = AdapterFixture()
        let response = ResponseSnapshot(notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "MUTE")

        fixture.userNotifications.didReceive(response, appState: .background) {}

        let message = try #require(fixture.messages.values.first)
        #expect(message.response == PushResponse(action: .custom("MUTE"), userText: nil))
    }

    @Test func didReceiveWithTheDismissActionIsADismissTap() throws {
        let fixture = AdapterFixture()
        let response = ResponseSnapshot(
            notification: Payloads.snapshot(Payloads.chat),
            actionIdentifier: "com.apple.UNNotificationDismissActionIdentifier")

        fixture.userNotifications.didReceive(response, appState: .background) {}

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .remoteTapped)
        #expect(message.response?.action == .dismiss)
    }

    @Test(arguments: [
        ("com.apple.UNNotificationDefaultActionIdentifier", PushResponse.Action.open, nil as String?),
        ("com.apple.UNNotificationDismissActionIdentifier", .dismiss, nil),
        ("SNOOZE", .custom("SNOOZE"), nil),
        ("NOTE", .custom("NOTE"), "Buy milk"),
    ])
    func didReceiveOfALocalNotificationIsALocalTap(identifier: String, action: PushResponse.Action, text: String?)
        throws
    {
        let fixture = AdapterFixture()
        let response = ResponseSnapshot(
            notification: Payloads.localSnapshot(trigger: .calendar, category: "REMIND"),
            actionIdentifier: identifier, userText: text)

        fixture.userNotifications.didReceive(response, appState: .inactive) {}

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .localTapped)
        #expect(message.response == PushResponse(action: action, userText: text))
        #expect(message.requestIdentifier == "LOCAL-1")
    }

    @Test(arguments: [PushAppState.active, .inactive, .background, .notRunning])
    func didReceiveOfALocalNotificationIsALocalTapInEveryState(appState: PushAppState) throws {
        let fixture = AdapterFixture()
        let done = Recorder<Void>()
        let response = ResponseSnapshot(
            notification: Payloads.localSnapshot(trigger: .timeInterval, category: "REMIND"),
            actionIdentifier: "NOTE", userText: "later")

        fixture.userNotifications.didReceive(response, appState: appState) { done.record() }

        let message = try #require(fixture.messages.values.first)
        #expect(message.kind == .localTapped)
        #expect(message.appState == appState)
        #expect(message.response == PushResponse(action: .custom("NOTE"), userText: "later"))
        #expect(done.count == 1)
    }

    @Test func emptyTypedTextIsCarriedAsEmptyNotDropped() throws {
        let fixture = AdapterFixture()
        let response = ResponseSnapshot(
            notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "REPLY", userText: "")

        fixture.userNotifications.didReceive(response, appState: .background) {}

        #expect(fixture.messages.values.first?.response?.userText == "")
    }

    @Test func sceneConnectionResponseIsATapOfAColdStart() throws {
        let fixture = AdapterFixture()
        let response = ResponseSnapshot(
            notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "REPLY", userText: "Yes")

        fixture.userNotifications.sceneWillConnect(notificationResponse: response)
        fixture.userNotifications.sceneWillConnect(notificationResponse: nil)

        let message = try #require(fixture.messages.values.first)
        #expect(fixture.messages.count == 1)
        #expect(message.kind == .remoteTapped)
        #expect(message.path == .sceneConnection)
        #expect(message.appState == .notRunning)
        #expect(message.response == PushResponse(action: .custom("REPLY"), userText: "Yes"))
    }
}
