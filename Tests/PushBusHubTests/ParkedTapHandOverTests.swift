import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
import PushBusTesting
import Testing

/// A parked message is handed over once (DESIGN, Cold start): the first matching `replay: .parked` subscription
/// takes it; monitors see everything and take nothing.
@Suite(.timeLimit(.minutes(2))) struct ParkedTapHandOverTests {
    @Test func firstMatchingSubscriberGetsTheParkedTapAndASecondOneDoesNot() {
        // Given a cold-start tap posted before anyone listens
        let center = HubFixtures.center()
        center.post(HubFixtures.message("tap", kind: .remoteTapped))

        // When two subscriptions arrive
        let first = Recorder<PushMessage>()
        let second = Recorder<PushMessage>()
        let a = center.subscribe(.tapped) { first.record($0) }
        let b = center.subscribe(.tapped) { second.record($0) }

        // Then only the first gets it, and it left the lot
        #expect(first.ids == ["tap"])
        #expect(second.ids.isEmpty)
        #expect(center.parkedMessages.isEmpty)
        _ = (a, b)
    }

    @Test func aScreenThatSubscribesOnEveryAppearanceSeesTheColdStartTapOnce() {
        let center = HubFixtures.center()
        center.post(HubFixtures.message("tap", kind: .remoteTapped))
        let navigations = Recorder<PushMessage>()

        // The screen appears, subscribes, disappears (cancels), appears again.
        for _ in 0..<3 {
            let subscription = center.subscribe(.tapped) { navigations.record($0) }
            subscription.cancel()
        }

        #expect(navigations.ids == ["tap"])
    }

    @Test func aSubscriptionWhoseFilterDoesNotMatchLeavesTheTapParked() {
        let center = HubFixtures.center()
        center.post(HubFixtures.message("tap", kind: .remoteTapped))
        let silent = Recorder<PushMessage>()
        let router = Recorder<PushMessage>()

        let a = center.subscribe(.silent) { silent.record($0) }
        let b = center.subscribe(.tapped) { router.record($0) }

        #expect(silent.ids.isEmpty)
        #expect(router.ids == ["tap"])
        _ = (a, b)
    }

    @Test func replayNoneNeverTakesAParkedTap() {
        let center = HubFixtures.center()
        center.post(HubFixtures.message("tap", kind: .remoteTapped))
        let live = center.subscribe(.tapped, replay: .none) { _ in }
        #expect(center.parkedMessages.map(\.id.rawValue) == ["tap"])
        _ = live
    }

    @Test func aMessagesSequenceTakesTheTapWhenMadeAndALaterSequenceDoesNot() async {
        let center = HubFixtures.center()
        center.post(HubFixtures.message("tap", kind: .remoteTapped))

        // A SwiftUI view's `.task { for await … }` that restarts on every appearance
        var firstAppearance = center.messages(.tapped).makeAsyncIterator()
        #expect(await firstAppearance.next()?.id.rawValue == "tap")
        let secondAppearance = center.messages(.tapped)

        #expect(secondAppearance.bufferedCount == 0)
        #expect(center.parkedMessages.isEmpty)
    }

    @Test func aMonitorRegisteredFirstDoesNotStopParking() {
        // Given a monitor made before anything else (analytics in the app delegate)
        let center = HubFixtures.center()
        let seen = Recorder<String>()
        let monitor = center.monitor { message, receipt in seen.record("\(message.id.rawValue) \(receipt)") }

        // When a cold-start tap arrives, then the router subscribes
        center.post(HubFixtures.message("tap", kind: .remoteTapped))
        let router = Recorder<PushMessage>()
        let subscription = center.subscribe(.tapped) { router.record($0) }

        // Then the monitor saw it parked, and the router still got it
        #expect(seen.values == ["tap parked"])
        #expect(router.ids == ["tap"])
        _ = (monitor, subscription)
    }

    @Test func aMonitorSeesEveryPostWithItsReceiptAndTakesNothing() {
        let center = HubFixtures.center()
        let seen = Recorder<String>()
        let monitor = center.monitor { message, receipt in seen.record("\(message.id.rawValue) \(receipt)") }
        let subscription = center.subscribe(.kinds([.remote])) { _ in }

        center.post(HubFixtures.message("s"))
        center.post(HubFixtures.message("s"))
        center.post(HubFixtures.message("t", kind: .remoteTapped))

        #expect(seen.values == ["s delivered(1)", "s duplicate", "t parked"])
        _ = (monitor, subscription)
    }

    @Test func aFilteredMonitorSeesOnlyWhatItsFilterMatches() {
        let center = HubFixtures.center()
        let taps = Recorder<PushMessage>()
        let monitor = center.monitor(.tapped) { message, _ in taps.record(message) }

        center.post(HubFixtures.message("r"))
        center.post(HubFixtures.message("t", kind: .remoteTapped))

        #expect(taps.ids == ["t"])
        monitor.cancel()
        center.post(HubFixtures.message("t2", kind: .remoteTapped))
        #expect(taps.ids == ["t"])
        #expect(monitor.isCancelled)
    }

    @Test func aTapTakenBySubscriptionsIsRememberedWithTheirFilters() {
        // Given analytics subscribed to everything before the router (the mistake issue 17 describes)
        let center = HubFixtures.center()
        let analytics = center.subscribe { _ in }
        let inbox = center.messages(.tapped)

        // When the cold-start tap arrives
        center.post(HubFixtures.message("tap", kind: .remoteTapped))
        center.post(HubFixtures.message("plain"))

        // Then the hub remembers who took it (only taps are remembered)
        let taken = center.recentlyTakenTaps
        #expect(taken.map(\.message.id.rawValue) == ["tap"])
        #expect(taken.first?.takenBy == ["subscribe .all", "messages() .tapped"])
        _ = (analytics, inbox)
    }

    @Test func aMonitorNeverCountsAsHavingTakenATap() {
        let center = HubFixtures.center()
        let monitor = center.monitor { _, _ in }
        center.post(HubFixtures.message("tap", kind: .remoteTapped))
        #expect(center.recentlyTakenTaps.isEmpty)
        _ = monitor
    }

    @Test func aMessageSourceWatcherSeesEveryPostDuplicatesIncludedAndTakesNothing() {
        // `PushMessageSource.watchMessages` is what `PushInbox.attach(to:)` uses: a monitor over everything.
        let center = HubFixtures.center()
        let watched = Recorder<PushMessage>()
        let watching = (center as any PushMessageSource).watchMessages { watched.record($0) }
        center.post(HubFixtures.message("tap", kind: .remoteTapped))
        center.post(HubFixtures.message("tap", kind: .remoteTapped))  // a duplicate

        let router = Recorder<PushMessage>()
        let routing = center.subscribe(.tapped) { router.record($0) }
        #expect(watched.ids == ["tap", "tap"])
        #expect(router.ids == ["tap"])  // still parked for the router
        watching.cancel()
        center.post(HubFixtures.message("later"))
        #expect(watched.ids == ["tap", "tap"])
        _ = routing
    }
}
