#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import Testing

// Each test uses its own attributes type: the stub keeps ActivityKit's state per type, process-wide.
private struct KilledAppAttributes: ActivityAttributes, Sendable {
    struct ContentState: Codable, Hashable, Sendable { var stopsAway: Int }
    var orderID: String
}

private struct RunningAppAttributes: ActivityAttributes, Sendable {
    struct ContentState: Codable, Hashable, Sendable { var score: String }
    var match: String
}

/// Takes the next `count` events from a token stream, giving up after `seconds` (the glue's tasks are async).
private func next(
    _ count: Int, from iterator: inout AsyncStream<LiveActivityEvent>.Iterator, seconds: Double = 5
) async -> [LiveActivityEvent] {
    var events: [LiveActivityEvent] = []
    let deadline = Date().addingTimeInterval(seconds)
    while events.count < count, Date() < deadline {
        if let event = await iterator.next() { events.append(event) } else { break }
    }
    return events
}

/// `LiveActivityObserver` turns ActivityKit's sequences into the neutral token events.
@Suite struct LiveActivityGlueTests {
    @Test func anActivityStartedByPushWhileTheAppWasKilledReportsItsTokenAtLaunch() async {
        // Before launch: ActivityKit holds a push-to-start token and a pushed-started activity with its token.
        Activity<KilledAppAttributes>.stubIssuePushToStartToken(Data([0xA1]))
        let pushed = Activity<KilledAppAttributes>.stubStart(
            id: "order-17", attributes: KilledAppAttributes(orderID: "17"), pushToken: Data([0xB1]))
        let tokens = LiveActivityTokens()
        var iterator = tokens.events().makeAsyncIterator()
        // Launch: the app starts the observer.
        let observer = LiveActivityObserver<KilledAppAttributes>(tokens: tokens)
        observer.start()
        let identity = LiveActivityIdentity(id: "order-17", attributesType: "KilledAppAttributes")
        #expect(tokens.state.token(forActivity: "order-17") == LiveActivityToken(Data([0xB1])))
        #expect(tokens.state.pushToStartToken(for: "KilledAppAttributes") == LiveActivityToken(Data([0xA1])))
        let launch = await next(3, from: &iterator)
        #expect(
            launch == [
                .started(identity), .updateToken(LiveActivityToken(Data([0xB1])), activity: identity),
                .pushToStartToken(LiveActivityToken(Data([0xA1])), attributesType: "KilledAppAttributes"),
            ])
        // Rotation, then the end pushed by the server.
        pushed.stubIssuePushToken(Data([0xB2]))
        #expect(await next(1, from: &iterator) == [.updateToken(LiveActivityToken(Data([0xB2])), activity: identity)])
        pushed.stubSetState(.ended)
        #expect(
            await next(1, from: &iterator) == [
                .ended(identity, reason: .ended, invalidatedToken: LiveActivityToken(Data([0xB2])))
            ])
        observer.stop()
    }

    @Test func activitiesStartedWhileRunningAndRotatedPushToStartTokensArePosted() async {
        let tokens = LiveActivityTokens()
        var iterator = tokens.events().makeAsyncIterator()
        let observer = LiveActivityObserver<RunningAppAttributes>(tokens: tokens, attributesType: "Score")
        observer.start()
        Activity<RunningAppAttributes>.stubIssuePushToStartToken(Data([0xC1]))
        #expect(
            await next(1, from: &iterator) == [
                .pushToStartToken(LiveActivityToken(Data([0xC1])), attributesType: "Score")
            ])
        let activity = Activity<RunningAppAttributes>.stubStart(id: "m1", attributes: RunningAppAttributes(match: "x"))
        let identity = LiveActivityIdentity(id: "m1", attributesType: "Score")
        #expect(await next(1, from: &iterator) == [.started(identity)])
        activity.stubIssuePushToken(Data([0xD1]))
        #expect(await next(1, from: &iterator) == [.updateToken(LiveActivityToken(Data([0xD1])), activity: identity)])
        activity.stubSetState(.dismissed)
        #expect(
            await next(1, from: &iterator) == [
                .ended(identity, reason: .dismissed, invalidatedToken: LiveActivityToken(Data([0xD1])))
            ])
        observer.stop()
    }
}
#endif
