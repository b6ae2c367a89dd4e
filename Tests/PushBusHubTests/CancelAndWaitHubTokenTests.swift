import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
import Testing

/// `cancelAndWait()` waits for a call running on another thread, for each of the hub's tokens: a subscription, a
/// registration subscription, a monitor.
@Suite(.timeLimit(.minutes(1))) struct CancelAndWaitHubTokenTests {
    @Test func aHubSubscription() async {
        let center = HubFixtures.center()
        await CancelAndWaitProbe.waitsForARunningCall(
            register: { callback in center.subscribe(replay: .none) { _ in callback() } },
            trigger: { center.post(HubFixtures.message("a")) })
    }

    @Test func aRegistrationSubscription() async {
        let center = HubFixtures.center()
        await CancelAndWaitProbe.waitsForARunningCall(
            register: { callback in center.subscribeRegistration { _ in callback() } },
            trigger: { center.post(registration: .registered(PushToken(Data([0x01])))) })
    }

    @Test func aMonitor() async {
        let center = HubFixtures.center()
        await CancelAndWaitProbe.waitsForARunningCall(
            register: { callback in center.monitor { _, _ in callback() } },
            trigger: { center.post(HubFixtures.message("a")) })
    }
}

/// `cancelAndWait()` called from inside a hub subscription's or monitor's own callback returns (it cannot wait for the
/// call it is part of) and the callback is not called again.
@Suite(.timeLimit(.minutes(1))) struct CancelAndWaitFromInsideAHubCallbackTests {
    @Test func aHubSubscription() async {
        let center = HubFixtures.center()
        await CancelAndWaitProbe.returnsFromInsideTheCallback(
            register: { callback in center.subscribe(replay: .none) { _ in callback() } },
            trigger: { center.post(HubFixtures.message(UUID().uuidString)) })
    }

    @Test func aMonitor() async {
        let center = HubFixtures.center()
        await CancelAndWaitProbe.returnsFromInsideTheCallback(
            register: { callback in center.monitor { _, _ in callback() } },
            trigger: { center.post(HubFixtures.message(UUID().uuidString)) })
    }
}
