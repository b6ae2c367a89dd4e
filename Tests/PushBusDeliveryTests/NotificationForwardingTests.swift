import Foundation
import PushBusCore
import PushBusDelivery
import PushBusHub
import PushBusTestSupport
import PushBusTesting
import Testing

/// PushBus's delegate forwards each callback to the SDKs that own the push (or to all, in order, when nobody
/// claims it) and answers iOS once with the union of the presentations.
@Suite(.timeLimit(.minutes(1))) struct NotificationForwardingTests {
    /// A stand-in for another SDK's delegate: records what it heard, answers with `options` (or never).
    final class FakeSDK: Sendable {
        let name: String
        let options: PresentationOptions?
        let heard = Recorder<String>()
        init(_ name: String, answering options: PresentationOptions? = []) {
            self.name = name
            self.options = options
        }
    }

    let clock = ManualClock()
    let forwarder = NotificationForwarder<FakeSDK>()
    let adapter: UserNotificationAdapter

    init() {
        let center = PushCenter(configuration: .init(clock: clock))
        let delivery = PushDelivery(center: center)
        delivery.completionClock = clock
        adapter = UserNotificationAdapter(delivery: delivery)
    }

    static let brazePush: PushValue = ["aps": ["alert": "Sale"], "ab": ["c": "x"]]
    static let oneSignalPush: PushValue = ["aps": ["alert": "Hi"], "custom": ["i": "os-1"]]
    static let plainPush: PushValue = ["aps": ["alert": "Plain"]]

    func snapshot(_ payload: PushValue, id: String = "REQ-1", trigger: TriggerKind = .push) -> NotificationSnapshot {
        NotificationSnapshot(requestIdentifier: id, trigger: trigger, content: PushContent(payload: payload))
    }

    func present(_ notification: NotificationSnapshot) -> Recorder<PresentationOptions> {
        let answers = Recorder<PresentationOptions>()
        forwarder.willPresent(
            notification, adapter: adapter,
            forward: { sdk, answer in
                sdk.heard.record("willPresent \(notification.requestIdentifier)")
                if let options = sdk.options { answer(options) }
            }, completionHandler: { answers.record($0) })
        return answers
    }

    @Test func aPushGoesOnlyToTheSDKThatOwnsItsProvider() {
        let braze = FakeSDK("braze")
        let oneSignal = FakeSDK("onesignal")
        forwarder.add(braze, name: "braze", providers: [.braze])
        forwarder.add(oneSignal, name: "onesignal", providers: [.oneSignal])

        _ = present(snapshot(Self.brazePush, id: "B"))
        _ = present(snapshot(Self.oneSignalPush, id: "O"))

        #expect(braze.heard.values == ["willPresent B"])
        #expect(oneSignal.heard.values == ["willPresent O"])
    }

    @Test func aJPushAndARongCloudPushGoToTheirOwnSDKs() {
        let jpush = FakeSDK("jpush")
        let rongCloud = FakeSDK("rongcloud")
        forwarder.add(jpush, name: "jpush", providers: [.jpush])
        forwarder.add(rongCloud, name: "rongcloud", providers: [.rongCloud, .netEaseIM])

        _ = present(snapshot(["aps": ["alert": "Notice"], "_j_msgid": 20_266_199_577], id: "J"))
        _ = present(snapshot(["aps": ["alert": "Chat"], "rc": ["cType": "PR", "fId": "u1", "id": "m-1"]], id: "R"))
        _ = present(snapshot(["aps": ["alert": "Chat"], "nim": 1], id: "N"))

        #expect(jpush.heard.values == ["willPresent J"])
        #expect(rongCloud.heard.values == ["willPresent R", "willPresent N"])
    }

    @Test func anUnclaimedPushAndALocalNotificationGoToEverySDKInOrder() {
        let order = Recorder<String>()
        let first = FakeSDK("first")
        let second = FakeSDK("second")
        forwarder.add(first, name: "first", providers: [])
        forwarder.add(second, name: "second", providers: [.braze])

        for (id, notification) in [
            ("P", snapshot(Self.plainPush, id: "P")), ("L", snapshot(Self.brazePush, id: "L", trigger: .calendar)),
        ] {
            forwarder.openSettings(for: notification) { order.record("\($0.name) \(id)") }
        }
        forwarder.openSettings(for: nil) { order.record("\($0.name) settings") }

        #expect(order.values == ["first P", "second P", "first L", "second L", "first settings", "second settings"])
    }

    @Test func iOSGetsTheUnionOfPushBusAndTheSDKsAnswers() {
        adapter.delivery.presentationPolicy = .hidden
        forwarder.add(FakeSDK("a", answering: [.sound]), name: "a", providers: [])
        forwarder.add(FakeSDK("b", answering: [.banner, .list]), name: "b", providers: [])

        let answers = present(snapshot(Self.plainPush))

        #expect(answers.values == [[.sound, .banner, .list]])
    }

    @Test func anSDKThatNeverAnswersDelaysIOSOnlyUntilThePresentationDeadline() {
        forwarder.presentationDeadline = 0.5
        forwarder.add(FakeSDK("silent", answering: nil), name: "silent", providers: [])

        let answers = present(snapshot(Self.plainPush))
        #expect(answers.count == 0)
        clock.advance(by: 0.5)

        #expect(answers.values == [.all])
    }

    @Test func didReceiveFinishesOnceWhenAnSDKAnswersTwiceAndWaitsForOneThatIsLate() {
        let done = Recorder<Bool>()
        forwarder.add(FakeSDK("twice"), name: "twice", providers: [])
        forwarder.add(FakeSDK("late"), name: "late", providers: [])
        let response = ResponseSnapshot(notification: snapshot(Self.plainPush), actionIdentifier: "LIKE")

        forwarder.didReceive(
            response, appState: .active, adapter: adapter,
            forward: { [clock] sdk, finish in
                if sdk.name == "twice" {
                    finish()
                    finish()
                } else {
                    clock.schedule(after: 2, finish)
                }
            }, completionHandler: { done.record(true) })
        #expect(done.count == 0)
        clock.advance(by: 2)

        #expect(done.count == 1)
        clock.advance(by: 10)
        #expect(done.count == 1)
    }

    @Test func withoutForwardeesWillPresentAnswersAtOnceAsBefore() {
        let answers = present(snapshot(Self.plainPush))
        #expect(answers.values == [.all])
    }

    @Test func removedForwardeesHearNothingAndTheOthersKeepTheirOrder() {
        let a = FakeSDK("a")
        let b = FakeSDK("b")
        let c = FakeSDK("c")
        let first = forwarder.add(a, name: "a", providers: [])
        forwarder.add(b, name: "b", providers: [])
        forwarder.add(c, name: "c", providers: [])

        forwarder.remove(first.id)
        forwarder.removeAll { $0.name == "c" }

        #expect(forwarder.forwardees.map(\.name) == ["b"])
    }
}
