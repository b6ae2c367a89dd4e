#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import PushBusTestSupport
import Testing

// Each test uses its own attributes type: the stub keeps ActivityKit's state per type, process-wide.
private struct SilentStreamAttributes: ActivityAttributes, Sendable {
    struct ContentState: Codable, Hashable, Sendable { var stopsAway: Int }
    var orderID: String
}

private struct EndedOnceAttributes: ActivityAttributes, Sendable {
    struct ContentState: Codable, Hashable, Sendable { var stopsAway: Int }
    var orderID: String
}

private struct ForegroundAttributes: ActivityAttributes, Sendable {
    struct ContentState: Codable, Hashable, Sendable { var stopsAway: Int }
    var orderID: String
}

private struct ChannelAttributes: ActivityAttributes, Sendable {
    struct ContentState: Codable, Hashable, Sendable { var score: String }
    var match: String
}

private struct ScheduledAttributes: ActivityAttributes, Sendable {
    struct ContentState: Codable, Hashable, Sendable { var minutes: Int }
    var show: String
}

/// The events a channel delivered after `subscribe` (the replay of the state held then included).
private final class Received: Sendable {
    let events = LockedBox<[LiveActivityEvent]>([])
    var all: [LiveActivityEvent] { events.withValue { $0 } }
}

private func record(_ tokens: LiveActivityTokens) -> (Received, PushCancellable) {
    let received = Received()
    let subscription = tokens.subscribe { event in received.events.withValue { $0.append(event) } }
    return (received, subscription)
}

/// Push-to-start and update tokens stay fresh when ActivityKit's update streams are silent: `refresh()` (called at
/// each foreground) reads the synchronous tokens and posts what changed, once; ended activities stay ended.
@Suite(.timeLimit(.minutes(2))) struct LiveActivityFreshnessGlueTests {
    @Test func aPushToStartTokenRotatedBehindASilentStreamIsPostedAtRefreshOnce() async throws {
        Activity<SilentStreamAttributes>.stubIssuePushToStartToken(Data([0xA1]))
        let activity = Activity<SilentStreamAttributes>.stubStart(
            id: "order-1", attributes: SilentStreamAttributes(orderID: "1"), pushToken: Data([0xB1]))
        let tokens = LiveActivityTokens()
        let observer = LiveActivityObserver<SilentStreamAttributes>(
            tokens: tokens, attributesType: "Silent", notificationCenter: NotificationCenter())
        observer.start()
        // Once both streams are observed (a yielded rotation arrives), they go silent while the tokens change.
        Activity<SilentStreamAttributes>.stubIssuePushToStartToken(Data([0xA2]))
        activity.stubIssuePushToken(Data([0xB2]))
        try await TestDeadline.race("the observed streams") {
            while tokens.state.pushToStartToken(for: "Silent") != PushToken(Data([0xA2]))
                || tokens.state.token(forActivity: "order-1") != PushToken(Data([0xB2]))
            {
                try await Task.sleep(nanoseconds: 1_000_000)
            }
        }
        let (received, subscription) = record(tokens)
        defer { subscription.cancel() }
        let replayed = received.all.count
        Activity<SilentStreamAttributes>.stubSetPushToStartTokenSilently(Data([0xA3]))
        activity.stubSetPushTokenSilently(Data([0xB3]))
        #expect(tokens.state.pushToStartToken(for: "Silent") == PushToken(Data([0xA2])))
        observer.refresh()
        observer.refresh()  // nothing new: not posted twice
        let identity = LiveActivityIdentity(id: "order-1", attributesType: "Silent")
        #expect(
            Array(received.all.dropFirst(replayed)) == [
                .updateToken(PushToken(Data([0xB3])), activity: identity),
                .pushToStartToken(PushToken(Data([0xA3])), attributesType: "Silent"),
            ])
        #expect(tokens.state.pushToStartToken(for: "Silent") == PushToken(Data([0xA3])))
        #expect(tokens.state.token(forActivity: "order-1") == PushToken(Data([0xB3])))
        observer.stop()
    }

    @Test func anEndedActivityStillListedIsNeverReportedAgain() throws {
        let activity = Activity<EndedOnceAttributes>.stubStart(
            id: "order-2", attributes: EndedOnceAttributes(orderID: "2"), pushToken: Data([0xB3]))
        activity.stubSetState(.ended)  // ended, still on the Lock Screen: Activity.activities lists it
        let tokens = LiveActivityTokens()
        let observer = LiveActivityObserver<EndedOnceAttributes>(
            tokens: tokens, attributesType: "EndedOnce", notificationCenter: NotificationCenter())
        observer.start()
        let (received, subscription) = record(tokens)
        defer { subscription.cancel() }
        let identity = LiveActivityIdentity(id: "order-2", attributesType: "EndedOnce")
        #expect(received.all == [.ended(identity, reason: .ended, invalidatedToken: PushToken(Data([0xB3])))])
        activity.stubSetPushTokenSilently(Data([0xB4]))  // a late token of an ended activity
        observer.refresh()
        observer.refresh()
        #expect(received.all.count == 1)
        #expect(tokens.state.activities.isEmpty)
        observer.stop()
    }

    @Test func theForegroundNotificationRefreshesTheTokens() async throws {
        let center = NotificationCenter()
        Activity<ForegroundAttributes>.stubIssuePushToStartToken(Data([0xC1]))
        let tokens = LiveActivityTokens()
        let observer = LiveActivityObserver<ForegroundAttributes>(
            tokens: tokens, attributesType: "Foreground", notificationCenter: center)
        observer.start()
        // Once the stream is observed (a yielded rotation arrives), it goes silent while the token changes.
        Activity<ForegroundAttributes>.stubIssuePushToStartToken(Data([0xC2]))
        try await TestDeadline.race("the observed stream") {
            while tokens.state.pushToStartToken(for: "Foreground") != PushToken(Data([0xC2])) {
                try await Task.sleep(nanoseconds: 1_000_000)
            }
        }
        Activity<ForegroundAttributes>.stubSetPushToStartTokenSilently(Data([0xC3]))
        let rotated = PushToken(Data([0xC3]))
        // The observation is made on the main actor after start(); post until it answers (a post it hears twice
        // changes nothing).
        try await TestDeadline.race("the foreground refresh") {
            while tokens.state.pushToStartToken(for: "Foreground") != rotated {
                await MainActor.run {
                    center.post(name: UIApplication.willEnterForegroundNotification, object: nil)
                }
                try await Task.sleep(nanoseconds: 1_000_000)
            }
        }
        #expect(tokens.state.pushToStartToken(for: "Foreground") == rotated)
        observer.stop()
    }

    @Test func aChannelActivityIsPostedWithItsChannelAndNoToken() throws {
        let tokens = LiveActivityTokens()
        let observer = LiveActivityObserver<ChannelAttributes>(
            tokens: tokens, attributesType: "Match", notificationCenter: NotificationCenter())
        let (received, subscription) = record(tokens)
        defer { subscription.cancel() }
        let id = try observer.request(
            attributes: ChannelAttributes(match: "final"),
            content: ActivityContent(state: ChannelAttributes.ContentState(score: "0:0"), staleDate: nil),
            channel: "dHN1L3Rlc3Q=")
        let identity = LiveActivityIdentity(id: id, attributesType: "Match")
        #expect(received.all == [.started(identity), .channelSubscription("dHN1L3Rlc3Q=", activity: identity)])
        #expect(tokens.state.activities.first?.channelID == "dHN1L3Rlc3Q=")
        #expect(tokens.state.activities.first?.token == nil)
        observer.stop()
    }

    @Test func aScheduledActivityIsPendingThenStartsWithItsToken() async throws {
        let tokens = LiveActivityTokens()
        let observer = LiveActivityObserver<ScheduledAttributes>(
            tokens: tokens, attributesType: "Show", notificationCenter: NotificationCenter())
        observer.start()
        let events = tokens.events()
        let id = try observer.schedule(
            attributes: ScheduledAttributes(show: "news"),
            content: ActivityContent(state: ScheduledAttributes.ContentState(minutes: 30), staleDate: nil),
            alertConfiguration: AlertConfiguration(title: "News", body: "Starts now", sound: .default),
            start: Date(timeIntervalSince1970: 1_767_229_200))
        let identity = LiveActivityIdentity(id: id, attributesType: "Show")
        #expect(tokens.state.activities == [.init(identity: identity, isPending: true)])
        let activity = try #require(Activity<ScheduledAttributes>.activities.first { $0.id == id })
        var iterator = events.makeAsyncIterator()
        func take(_ count: Int) async throws -> [LiveActivityEvent] {
            var taken: [LiveActivityEvent] = []
            while taken.count < count, let event = await iterator.next() { taken.append(event) }
            return taken
        }
        #expect(try await take(1) == [.scheduled(identity)])
        activity.stubSetState(.active)
        observer.refresh()  // the state stream may not be observed yet; either posts the start, once
        #expect(try await take(1) == [.started(identity)])
        activity.stubIssuePushToken(Data([0xE1]))
        #expect(try await take(1) == [.updateToken(PushToken(Data([0xE1])), activity: identity)])
        #expect(tokens.state.activities.first?.isPending == false)
        observer.stop()
    }
}
#endif
