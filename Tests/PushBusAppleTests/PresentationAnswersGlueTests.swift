#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import Testing
import PushBusTestSupport

/// Beside another SDK's delegate that answers `willPresent` too (a kept JPush `willPresent` answering an alert), the
/// app chooses what iOS is told: the union of every answer (the default), or PushBus's presentation policy alone.
@Suite(.timeLimit(.minutes(2))) struct PresentationAnswersGlueTests {
    let center = PushCenter()
    /// Another SDK's delegate, installed before PushBus; it answers `[.sound]`.
    let jpush = PreviousDelegate(callsCompletion: true)
    let delegate: PushNotificationDelegate
    let presented = Recorder<UInt>()

    init() {
        PushDelivery.shared(for: center).presentationPolicy = .always([])  // a quiet app: show nothing
        delegate = PushNotificationDelegate(adapter: UserNotificationAdapter(center: center), previous: jpush) {
            .active
        }
    }

    func present() {
        let presented = presented
        let push = StubNotifications.remote(["aps": ["alert": "Notice"], "_j_msgid": 1002], identifier: "JPUSH-1")
        delegate.userNotificationCenter(UNUserNotificationCenter(stubbed: ()), willPresent: push) {
            presented.record($0.rawValue)
        }
    }

    @Test func byDefaultIOSGetsTheUnionSoTheOtherSDKsAnswerIsShown() {
        #expect(delegate.presentationAnswers == .union)

        present()

        #expect(jpush.presented.values == ["JPUSH-1"])
        #expect(presented.values == [UNNotificationPresentationOptions.sound.rawValue])
    }

    @Test func pushBusOnlyAnswersWithThePolicyAloneAndStillCallsTheOtherSDK() {
        delegate.presentationAnswers = .pushBusOnly

        present()

        #expect(jpush.presented.values == ["JPUSH-1"])  // its statistics still run
        #expect(presented.values == [UNNotificationPresentationOptions([]).rawValue])
    }

    @Test func pushBusOnlyDoesNotWaitForAnSDKThatNeverAnswers() {
        let silent = PreviousDelegate(callsCompletion: false)
        delegate.forward(to: silent, name: "silent")
        delegate.presentationAnswers = .pushBusOnly

        present()

        // Answered before `present()` returned: no deadline was waited for.
        #expect(silent.presented.values == ["JPUSH-1"])
        #expect(presented.count == 1)
    }
}
#endif

#if PUSHBUS_APPLE_STUBS
/// Docs/Coexistence.md's code, compiled: the app lets PushBus's policy alone decide, after `PushBusApp.install()`.
@MainActor func letPushBusDecideWhatIsShown() {
    PushBusApp.delegate?.presentationAnswers = .pushBusOnly  // the other SDKs' willPresent still runs
}
#endif
