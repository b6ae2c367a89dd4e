import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
import Testing

/// Cancelling lets go of the handler and everything it captured, like Combine's `AnyCancellable`, so an observer
/// that captures its owner cannot leak.
@Suite struct SubscriptionReleaseTests {
    final class Probe: Sendable {}

    @Test func cancelReleasesTheHandlersCaptures() {
        let center = HubFixtures.center()
        weak var weakProbe: Probe?
        let subscription: PushCancellable = {
            let probe = Probe()
            weakProbe = probe
            return center.subscribe { _ in _ = probe }
        }()
        #expect(weakProbe != nil)

        subscription.cancel()

        #expect(weakProbe == nil)
    }

    @Test func releasingTheSubscriptionReleasesTheHandlersCaptures() {
        let center = HubFixtures.center()
        weak var weakProbe: Probe?
        var subscription: PushCancellable? = {
            let probe = Probe()
            weakProbe = probe
            return center.subscribe { _ in _ = probe }
        }()
        #expect(weakProbe != nil)

        subscription = nil

        #expect(weakProbe == nil)
        #expect(subscription == nil)
    }

    @Test func cancelFromInsideTheHandlerReleasesItOnceTheDeliveryEnds() {
        let center = HubFixtures.center()
        weak var weakProbe: Probe?
        let holder = LockedBox<PushCancellable?>(nil)
        do {
            let probe = Probe()
            weakProbe = probe
            holder.withValue {
                $0 = center.subscribe { _ in
                    _ = probe; holder.value?.cancel()
                }
            }
        }
        #expect(weakProbe != nil)

        center.post(HubFixtures.message("a"))

        #expect(weakProbe == nil)
        #expect(holder.value?.isCancelled == true)
    }

    @Test func releasingTheCenterReleasesEveryHandler() {
        var center: PushCenter? = HubFixtures.center()
        weak var weakProbe: Probe?
        let subscription: PushCancellable = {
            let probe = Probe()
            weakProbe = probe
            return center!.subscribe { _ in _ = probe }
        }()

        center = nil

        #expect(weakProbe == nil)
        #expect(subscription.isCancelled)
    }
}
