import Dispatch
import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// `cancelAndWait()` waits for a call running on another thread, whatever the subscription is: a closure
/// subscription, an inbox, settings or Live Activity observer (the hub's own tokens: `CancelAndWaitHubTokenTests`).
@Suite(.timeLimit(.minutes(1))) struct CancelAndWaitEveryTokenTests {
    @Test func aClosureSubscriptionWhoseCancelRunsOnAnotherThread() async {
        // The "call" is the closure's run, started by a cancel() on another thread.
        let box = LockedBox<PushCancellable?>(nil)
        await CancelAndWaitProbe.waitsForARunningCall(
            register: { callback in
                let subscription = PushCancellable(onCancel: callback)
                box.withValue { $0 = subscription }
                return subscription
            },
            trigger: { box.value?.cancel() })
    }

    @Test func anInboxObserver() async throws {
        let clock = ManualClock()
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        await CancelAndWaitProbe.waitsForARunningCall(
            register: { callback in inbox.observe { _ in callback() } },
            trigger: { _ = try? inbox.add(InboxFixture.alert("a", date: clock.now)) })
    }

    @Test func aSettingsSubscriber() async {
        let channel = NotificationSettingsChannel()
        await CancelAndWaitProbe.waitsForARunningCall(
            register: { callback in channel.subscribe { _ in callback() } },
            trigger: { channel.update(NotificationSettingsSnapshot(status: .denied)) })
    }

    @Test func anOpenSettingsHandler() async {
        let channel = NotificationSettingsChannel()
        await CancelAndWaitProbe.waitsForARunningCall(
            register: { callback in channel.onOpenSettings { _ in callback() } },
            trigger: { channel.requestOpenSettings(OpenSettingsRequest()) })
    }

    @Test func aLiveActivityTokenSubscriber() async {
        let tokens = LiveActivityTokens()
        await CancelAndWaitProbe.waitsForARunningCall(
            register: { callback in tokens.subscribe { _ in callback() } },
            trigger: {
                tokens.post(.pushToStartToken(PushToken(hexString: "a1")!, attributesType: "Delivery"))
            })
    }
}

/// `cancelAndWait()` called from inside the subscription's own callback returns (it cannot wait for the call it
/// is part of) and the callback is not called again (the hub's own tokens: `CancelAndWaitFromInsideAHubCallbackTests`).
@Suite(.timeLimit(.minutes(1))) struct CancelAndWaitFromInsideTheCallbackTests {
    @Test func anInboxObserver() async {
        let clock = ManualClock()
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        await CancelAndWaitProbe.returnsFromInsideTheCallback(
            register: { callback in inbox.observe { _ in callback() } },
            trigger: { _ = try? inbox.add(InboxFixture.alert(UUID().uuidString, date: clock.now)) })
    }

    @Test func aSettingsSubscriber() async {
        let channel = NotificationSettingsChannel()
        let flip = LockedBox(false)
        await CancelAndWaitProbe.returnsFromInsideTheCallback(
            register: { callback in channel.subscribe { _ in callback() } },
            trigger: {
                let denied = flip.withValue { flip in
                    defer { flip.toggle() }; return flip
                }
                channel.update(NotificationSettingsSnapshot(status: denied ? .denied : .authorized))
            })
    }

    @Test func aLiveActivityTokenSubscriber() async {
        let tokens = LiveActivityTokens()
        let next = LockedCounter()
        await CancelAndWaitProbe.returnsFromInsideTheCallback(
            register: { callback in tokens.subscribe { _ in callback() } },
            trigger: {
                let hex = String(format: "%02x", next.increment())
                tokens.post(.pushToStartToken(PushToken(hexString: hex)!, attributesType: "Delivery"))
            })
    }
}
