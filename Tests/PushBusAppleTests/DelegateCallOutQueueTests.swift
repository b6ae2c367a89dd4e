#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import PushBusTestSupport
import Testing

/// UserNotifications calls its delegate on its own queue (`…UNUserNotificationServiceConnection.call-out`), not on the
/// main thread. PushBus's delegate is nonisolated (this suite compiles only because it is: the calls below are made
/// from nonisolated code on a background queue), answers iOS once, and hands the app `Sendable` messages.
@Suite(.timeLimit(.minutes(1))) struct DelegateCallOutQueueTests {
    /// Stands for UserNotifications' call-out queue.
    static let callOut = DispatchQueue(
        label: "com.apple.usernotifications.UNUserNotificationServiceConnection.call-out")

    /// Runs `body` on the call-out queue and waits for it.
    static func onCallOutQueue(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            callOut.async {
                body()
                continuation.resume()
            }
        }
    }

    @Test func willPresentAndDidReceiveFromTheCallOutQueueAnswerOnceOffTheMainThread() async {
        // Given PushBus's delegate, with the hub's subscriber recording on which thread it ran.
        let center = PushCenter()
        let kinds = Recorder<PushMessage.Kind>()
        let onMain = Recorder<Bool>()
        let subscription = center.subscribe { message in
            kinds.record(message.kind)
            onMain.record(Thread.isMainThread)
        }
        defer { subscription.cancel() }
        let delegate = PushNotificationDelegate(adapter: UserNotificationAdapter(center: center)) { .inactive }
        let presented = Recorder<UInt>()
        let completed = Recorder<Bool>()

        // When UserNotifications reports a foreground push and then its tap, from its own queue.
        await Self.onCallOutQueue {
            let notification = StubNotifications.remote(StubNotifications.chatPayload)
            delegate.userNotificationCenter(.current(), willPresent: notification) { presented.record($0.rawValue) }
            delegate.userNotificationCenter(
                .current(),
                didReceive: UNNotificationResponse(stubbedNotification: notification, actionIdentifier: "LIKE")
            ) { completed.record(true) }
        }

        // Then each system handler ran once, and the app got both messages on that queue (not the main thread).
        #expect(presented.count == 1)
        #expect(completed.count == 1)
        #expect(kinds.values == [.remote, .remoteTapped])
        #expect(onMain.values == [false, false])
    }
}
#endif
