#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import Testing
import PushBusTestSupport

/// The notification-center delegate turns UserNotifications objects into the right messages and completes once.
@Suite(.timeLimit(.minutes(2))) struct NotificationDelegateGlueTests {
    let center = PushCenter()
    let messages = Recorder<PushMessage>()
    let subscription: PushCancellable

    init() {
        let messages = messages
        subscription = center.subscribe { messages.record($0) }
    }

    func makeDelegate(previous: (any UNUserNotificationCenterDelegate)? = nil) -> PushNotificationDelegate {
        PushNotificationDelegate(adapter: UserNotificationAdapter(center: center), previous: previous) { .inactive }
    }

    @Test func aStubResponseWithTheDefaultActionBecomesAnOpenTap() throws {
        let delegate = makeDelegate()
        let done = Recorder<Bool>()
        let response = UNNotificationResponse(
            stubbedNotification: StubNotifications.remote(StubNotifications.chatPayload),
            actionIdentifier: UNNotificationDefaultActionIdentifier)

        delegate.userNotificationCenter(UNUserNotificationCenter(stubbed: ()), didReceive: response) {
            done.record(true)
        }

        let message = try #require(messages.values.first)
        #expect(messages.count == 1)
        #expect(message.kind == .remoteTapped)
        #expect(message.response == PushResponse(action: .open))
        #expect(message.requestIdentifier == "REQ-1")
        #expect(message.appState == .inactive)
        #expect(message.content.categoryIdentifier == "CHAT")
        #expect(message.provider?.name == .fcm)
        #expect(done.count == 1)
    }

    @Test func aTextInputResponseCarriesTheActionAndTheTypedText() throws {
        let delegate = makeDelegate()
        let response = UNTextInputNotificationResponse(
            stubbedNotification: StubNotifications.remote(StubNotifications.chatPayload), actionIdentifier: "REPLY",
            userText: "12:30?")

        delegate.userNotificationCenter(UNUserNotificationCenter(stubbed: ()), didReceive: response) {}

        let message = try #require(messages.values.first)
        #expect(message.response == PushResponse(action: .custom("REPLY"), userText: "12:30?"))
    }

    @Test func theDismissActionBecomesADismissTap() throws {
        let delegate = makeDelegate()
        let response = UNNotificationResponse(
            stubbedNotification: StubNotifications.remote(StubNotifications.chatPayload),
            actionIdentifier: UNNotificationDismissActionIdentifier)

        delegate.userNotificationCenter(UNUserNotificationCenter(stubbed: ()), didReceive: response) {}

        #expect(messages.values.first?.response?.action == .dismiss)
    }

    @Test func aLocalNotificationResponseIsALocalTapWithItsFields() throws {
        let delegate = makeDelegate()
        let trigger = UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 9), repeats: true)
        let response = UNNotificationResponse(
            stubbedNotification: StubNotifications.local(trigger: trigger), actionIdentifier: "SNOOZE")

        delegate.userNotificationCenter(UNUserNotificationCenter(stubbed: ()), didReceive: response) {}

        let message = try #require(messages.values.first)
        #expect(message.kind == .localTapped)
        #expect(message.response?.action == .custom("SNOOZE"))
        #expect(message.content.title == "Stand up")
        #expect(message.content.badge == 2)
        #expect(message.content.sound == .default)
        #expect(message.content.categoryIdentifier == "REMIND")
        #expect(message.content.customData["reminder"] == 7)
        #expect(message.provider == nil)
    }

    @Test func triggerKindsComeFromTheTriggerClass() {
        #expect(TriggerKind(UNPushNotificationTrigger(stubbedRepeats: false)) == .push)
        #expect(TriggerKind(UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)) == .timeInterval)
        #expect(TriggerKind(UNCalendarNotificationTrigger(dateMatching: DateComponents(), repeats: false)) == .calendar)
        #expect(
            TriggerKind(UNLocationNotificationTrigger(region: CLRegion(stubbedIdentifier: "home"), repeats: false))
                == .location)
        #expect(TriggerKind(nil) == .timeInterval)
    }

    @Test func willPresentAnswersWithThePolicyInApplesRawValues() throws {
        let delegate = makeDelegate()
        let options = Recorder<UInt>()

        delegate.userNotificationCenter(
            UNUserNotificationCenter(stubbed: ()), willPresent: StubNotifications.remote(StubNotifications.chatPayload)
        ) { options.record($0.rawValue) }

        #expect(messages.values.map(\.kind) == [.remote])
        #expect(options.values == [UNNotificationPresentationOptions([.banner, .list, .sound, .badge]).rawValue])
    }

    @Test func thePreviousDelegateIsStillCalledAndTheSystemHandlerRunsOnce() throws {
        // Given another SDK's delegate that also calls the completion handlers (twice, even).
        let previous = PreviousDelegate(callsCompletion: true)
        let delegate = makeDelegate(previous: previous)
        let presented = Recorder<UInt>()
        let done = Recorder<Bool>()
        let notification = StubNotifications.remote(StubNotifications.chatPayload)

        delegate.userNotificationCenter(UNUserNotificationCenter(stubbed: ()), willPresent: notification) {
            presented.record($0.rawValue)
        }
        delegate.userNotificationCenter(
            UNUserNotificationCenter(stubbed: ()),
            didReceive: UNNotificationResponse(stubbedNotification: notification, actionIdentifier: "LIKE")
        ) { done.record(true) }
        delegate.userNotificationCenter(UNUserNotificationCenter(stubbed: ()), openSettingsFor: nil)

        // Then both saw every callback, and the system handlers ran exactly once each.
        #expect(previous.presented.values == ["REQ-1"])
        #expect(previous.responses.values == ["LIKE"])
        #expect(previous.settingsRequests.values == [true])
        #expect(presented.count == 1)
        #expect(done.count == 1)
        #expect(messages.values.map(\.kind) == [.remote, .remoteTapped])
    }

    @Test func thePreviousDelegateFinishingFirstStillMeansOnce() async throws {
        // The previous delegate completes at once; PushBus's response handler finishes later.
        let previous = PreviousDelegate(callsCompletion: true)
        let delegate = makeDelegate(previous: previous)
        let handlerFinished = Recorder<Bool>()
        let handler = PushDelivery.shared(for: center).onResponse { _ in handlerFinished.record(true) }
        defer { handler.cancel() }
        let done = Recorder<Bool>()

        delegate.userNotificationCenter(
            UNUserNotificationCenter(stubbed: ()),
            didReceive: UNNotificationResponse(
                stubbedNotification: StubNotifications.remote(StubNotifications.chatPayload), actionIdentifier: "LIKE")
        ) { done.record(true) }
        await PushDelivery.shared(for: center).waitForHandlers()

        #expect(handlerFinished.count == 1)
        #expect(done.count == 1)
    }

    @Test func aPushGoesToTheDelegateOfTheSDKThatOwnsItAndIOSHearsOnce() throws {
        // Given the delegate installed before PushBus, and an FCM SDK's delegate that answers twice.
        let previous = PreviousDelegate(callsCompletion: false)
        let fcm = PreviousDelegate(callsCompletion: true)
        let delegate = makeDelegate(previous: previous)
        let forwardee = delegate.forward(to: fcm, name: "firebase", providers: [.fcm])
        let presented = Recorder<UInt>()
        let done = Recorder<Bool>()
        let fcmPush = StubNotifications.remote(StubNotifications.chatPayload, identifier: "FCM-1")
        let plainPush = StubNotifications.remote(["aps": ["alert": "Hi"]], identifier: "PLAIN-1")

        // When an FCM push and a plain push arrive, and the FCM one is tapped.
        delegate.userNotificationCenter(UNUserNotificationCenter(stubbed: ()), willPresent: fcmPush) {
            presented.record($0.rawValue)
        }
        delegate.userNotificationCenter(UNUserNotificationCenter(stubbed: ()), willPresent: plainPush) { _ in }
        delegate.userNotificationCenter(
            UNUserNotificationCenter(stubbed: ()),
            didReceive: UNNotificationResponse(stubbedNotification: fcmPush, actionIdentifier: "LIKE")
        ) { done.record(true) }

        // Then the FCM push reached only the FCM SDK, the plain one both, in order; iOS heard once each.
        #expect(delegate.forwardees.map(\.name) == [NotificationForwardee.previousDelegateName, "firebase"])
        #expect(forwardee.providers == [.fcm])
        #expect(fcm.presented.values == ["FCM-1", "PLAIN-1"])
        #expect(previous.presented.values == ["PLAIN-1"])
        #expect(fcm.responses.values == ["LIKE"])
        #expect(previous.responses.values == [])
        #expect(presented.values == [UNNotificationPresentationOptions([.banner, .list, .sound, .badge]).rawValue])
        #expect(done.count == 1)
    }

    @Test func forwardingToTheSameDelegateTwiceKeepsOneEntryAndStopForwardingRemovesIt() {
        let sdk = PreviousDelegate(callsCompletion: true)
        let delegate = makeDelegate()

        let first = delegate.forward(to: sdk, name: "braze", providers: [.braze])
        let again = delegate.forward(to: sdk, name: "braze again")
        #expect(first == again)
        delegate.stopForwarding(first)

        #expect(delegate.forwardees.isEmpty)
    }

    @Test func aReleasedPreviousDelegateIsNotKeptAlive() {
        var previous: PreviousDelegate? = PreviousDelegate(callsCompletion: false)
        let delegate = makeDelegate(previous: previous)
        weak var weakPrevious: PreviousDelegate?  // `weak var`: `weak let` needs Swift 6.2
        weakPrevious = previous

        previous = nil

        #expect(weakPrevious == nil)
        #expect(delegate.previous == nil)
    }

    @Test func presentationOptionsConvertByRawValue() {
        #expect(UNNotificationPresentationOptions(PresentationOptions.badge) == .badge)
        #expect(UNNotificationPresentationOptions(PresentationOptions.banner) == .banner)
        #expect(UNNotificationPresentationOptions([]) == [])
    }
}
#endif
