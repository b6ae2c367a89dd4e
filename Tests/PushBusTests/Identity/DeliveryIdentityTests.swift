import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// Which reports are one delivery, through the real adapters (DESIGN, "Identity and de-duplication"): the
/// same push may be delivered again on purpose, and one delivery may be reported by several callbacks.
@Suite(.timeLimit(.minutes(2))) struct DeliveryIdentityTests {
    static let defaultAction = PushResponse.Action.defaultActionIdentifier
    static var plainAlert: [AnyHashable: Any] { ["aps": ["alert": "You have a new message"]] }

    func snapshot(
        _ payload: [AnyHashable: Any], id: String, at date: Date, trigger: TriggerKind = .push
    ) -> NotificationSnapshot {
        NotificationSnapshot(
            requestIdentifier: id, date: date, trigger: trigger, content: PushContent(userInfo: payload))
    }

    func tap(_ notification: NotificationSnapshot, action: String = defaultAction) -> ResponseSnapshot {
        ResponseSnapshot(notification: notification, actionIdentifier: action)
    }

    @Test func onePlainAlertSentTwiceAMinuteApartAndTappedTwiceIsTwoTaps() {
        // Given the same alert text, no provider id, sent twice: APNs gives each its own request identifier.
        let fixture = AdapterFixture()
        let first = snapshot(Self.plainAlert, id: "0A1B", at: fixture.clock.now)
        fixture.userNotifications.didReceive(tap(first), appState: .inactive) {}

        fixture.clock.advance(by: 60)
        let second = snapshot(Self.plainAlert, id: "9F8E", at: fixture.clock.now)
        fixture.userNotifications.didReceive(tap(second), appState: .inactive) {}

        // Then both taps reach subscribers, with one id (the payload digest).
        #expect(fixture.messages.values.map(\.requestIdentifier) == ["0A1B", "9F8E"])
        #expect(Set(fixture.messages.values.map(\.id)).count == 1)
    }

    @Test func onePlainAlertTappedTwiceAMinuteApartOnTheLegacyPathIsTwoTaps() {
        // iOS < 10 reports neither request identifier nor date: only the correlation window (30 s) can tell.
        let fixture = AdapterFixture(mode: .legacy)
        fixture.appDelegate.didReceiveRemoteNotification(Self.plainAlert, appState: .inactive)
        fixture.clock.advance(by: 60)
        fixture.appDelegate.didReceiveRemoteNotification(Self.plainAlert, appState: .inactive)

        #expect(fixture.messages.values.map(\.kind) == [.remoteTapped, .remoteTapped])
    }

    @Test func aMissingIdentifierAndDateFallBackToTheCorrelationWindow() {
        let fixture = AdapterFixture(mode: .legacy)
        fixture.appDelegate.didReceiveRemoteNotification(Self.plainAlert, appState: .active)
        fixture.clock.advance(by: 10)
        fixture.appDelegate.didReceiveForwardedNotification(Self.plainAlert, appState: .active)  // another SDK
        #expect(fixture.messages.count == 1, "10 s later, nothing proves them apart: one delivery")

        fixture.clock.advance(by: 31)
        fixture.appDelegate.didReceiveRemoteNotification(Self.plainAlert, appState: .active)
        #expect(fixture.messages.count == 2, "41 s after the first: a new delivery")
    }

    @Test func aSceneConnectionAndDidReceiveWhoseIdentifiersDifferOnlyInCaseAreOneTap() {
        // iOS 18 has been seen to report one delivery with upper- and lower-case identifiers.
        let fixture = AdapterFixture()
        let date = fixture.clock.now.addingTimeInterval(-5)
        fixture.userNotifications.sceneWillConnect(
            notificationResponse: tap(snapshot(Payloads.alert, id: "5F1C2B7A-AB", at: date)))
        fixture.userNotifications.didReceive(
            tap(snapshot(Payloads.alert, id: "5f1c2b7a-ab", at: date)), appState: .inactive
        ) {}

        #expect(fixture.messages.values.map(\.path) == [.sceneConnection])
    }

    @Test func launchOptionsSceneAndDidReceiveOfOneColdStartTapAreOneTap() {
        let fixture = AdapterFixture()
        let notification = snapshot(Payloads.alert, id: "REQ-7", at: fixture.clock.now.addingTimeInterval(-20))

        fixture.appDelegate.didFinishLaunching(launchOptions: [.remoteNotification: Payloads.alert])
        fixture.userNotifications.sceneWillConnect(notificationResponse: tap(notification))
        fixture.clock.advance(by: 1)
        fixture.userNotifications.didReceive(tap(notification), appState: .inactive) {}
        fixture.appDelegate.applicationDidBecomeActive()

        #expect(fixture.messages.values.map(\.path) == [.sceneConnection])
        #expect(fixture.messages.last?.notificationDate == notification.date)
    }

    @Test func aCollapseIDUpdateWithNewContentIsDelivered() {
        // apns-collapse-id becomes the request identifier: the update keeps it, with new content.
        let fixture = AdapterFixture()
        let score1: [AnyHashable: Any] = ["aps": ["alert": "1 : 0"], "match": 9]
        let score2: [AnyHashable: Any] = ["aps": ["alert": "2 : 0"], "match": 9]
        fixture.userNotifications.willPresent(snapshot(score1, id: "match-9", at: fixture.clock.now)) { _ in }
        fixture.clock.advance(by: 5)
        fixture.userNotifications.willPresent(snapshot(score2, id: "match-9", at: fixture.clock.now)) { _ in }

        #expect(fixture.messages.values.map(\.content.body) == ["1 : 0", "2 : 0"])
    }

    @Test func theSameRequestIdentifierWithDifferentContentIsTwoDeliveries() {
        // Contradicting reports (one identifier, two payloads, one date) are two deliveries, never a crash.
        let fixture = AdapterFixture()
        let date = fixture.clock.now
        fixture.userNotifications.willPresent(snapshot(["aps": ["alert": "A"]], id: "R", at: date)) { _ in }
        fixture.userNotifications.willPresent(snapshot(["aps": ["alert": "B"]], id: "R", at: date)) { _ in }

        #expect(fixture.messages.values.map(\.content.body) == ["A", "B"])
    }

    @Test func theSameRequestIdentifierAndContentAtANewDateIsANewDelivery() {
        // The same collapse id and content sent again: the notification's own date tells them apart.
        let fixture = AdapterFixture()
        fixture.userNotifications.willPresent(snapshot(Self.plainAlert, id: "R", at: fixture.clock.now)) { _ in }
        fixture.clock.advance(by: 10)
        fixture.userNotifications.willPresent(snapshot(Self.plainAlert, id: "R", at: fixture.clock.now)) { _ in }

        #expect(fixture.messages.count == 2)
    }

    @Test func aRepeatingReminderAnsweredWithTheSameIntervalThreeTimesFiresFourTimes() async {
        // Given a reminder whose response handler schedules the next one, with the same content every time.
        let fixture = AdapterFixture()
        let scheduled = Recorder<TimeInterval>()
        let handler = fixture.delivery.onResponse { message in
            if case .custom("SNOOZE")? = message.response?.action { scheduled.record(30) }
        }
        defer { handler.cancel() }
        let reminder = PushContent(title: "Drink water", categoryIdentifier: "REMINDER")

        // When it fires four times, 30 s apart, and the user answers "in 30 s" to the first three.
        for cycle in 0..<4 {
            let fired = NotificationSnapshot(
                requestIdentifier: "water", date: fixture.clock.now, trigger: .timeInterval, content: reminder)
            fixture.userNotifications.willPresent(fired) { _ in }
            if cycle < 3 {
                await fixture.userNotifications.didReceive(tap(fired, action: "SNOOZE"), appState: .active)
            }
            fixture.clock.advance(by: 30)
        }

        // Then every firing and every answer is a message, and the handler scheduled three times.
        let kinds: [PushMessage.Kind] = [.local, .localTapped, .local, .localTapped, .local, .localTapped, .local]
        #expect(fixture.messages.values.map(\.kind) == kinds)
        #expect(scheduled.count == 3)
    }

    /// A background handler that records each run and answers `.newData`.
    func recordingBackgroundRuns(_ fixture: AdapterFixture, into runs: Recorder<PushMessage.ID>) -> PushCancellable {
        fixture.delivery.onBackgroundMessage { message in
            runs.record(message.id)
            return .newData
        }
    }

    @Test func backgroundHandlersRunOncePerDelivery() async {
        let (fixture, runs, results) = (AdapterFixture(), Recorder<PushMessage.ID>(), Recorder<BackgroundFetchResult>())
        let handler = recordingBackgroundRuns(fixture, into: runs)
        defer { handler.cancel() }

        // The same silent push reported by the system, then handed over by another SDK within the window…
        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) {
            results.record($0)
        }
        await eventually { results.count == 1 }
        fixture.clock.advance(by: 5)
        fixture.appDelegate.didReceiveForwardedNotification(Payloads.silent, appState: .background)
        #expect(runs.count == 1)
        #expect(fixture.messages.count == 1)

        // …and sent again a minute later: a new delivery, so the handlers run again.
        fixture.clock.advance(by: 60)
        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) {
            results.record($0)
        }
        await eventually { results.count == 2 }
        #expect(runs.count == 2)
        #expect(results.values == [.newData, .newData])
    }

    @Test func anIdenticalSilentPushThirtySecondsLaterIsANewDelivery() async {
        // iOS reports a silent push on one callback only: nothing proves a later identical one the same push.
        let (fixture, runs, results) = (AdapterFixture(), Recorder<PushMessage.ID>(), Recorder<BackgroundFetchResult>())
        let handler = recordingBackgroundRuns(fixture, into: runs)
        defer { handler.cancel() }

        for expected in 1...3 {
            fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) {
                results.record($0)
            }
            await eventually { results.count == expected }
            fixture.clock.advance(by: expected == 1 ? 30 : 1)
        }

        #expect(runs.count == 3)
        #expect(results.values == [.newData, .newData, .newData])
        #expect(fixture.messages.values.map(\.isSilent) == [true, true, true])
    }

    @Test func theLaunchOptionsAndFetchCallbackOfABackgroundLaunchAreOneSilentDelivery() async {
        // Two callbacks report one push: the launch report gives way to the fetch callback's.
        let fixture = AdapterFixture(mode: .legacy)
        let results = Recorder<BackgroundFetchResult>()
        fixture.appDelegate.didFinishLaunching(launchOptions: [.remoteNotification: Payloads.silent])
        fixture.clock.advance(by: 2)
        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) {
            results.record($0)
        }
        await eventually { results.count == 1 }

        // A new identical push on the fetch callback later is a new delivery, though the first was seen twice.
        fixture.clock.advance(by: 10)
        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) {
            results.record($0)
        }
        await eventually { results.count == 2 }
        #expect(fixture.messages.values.map(\.path) == [.fetchCompletion, .fetchCompletion])
        #expect(results.values == [.noData, .noData])
    }
}
