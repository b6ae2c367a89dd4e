#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import PushBusTestSupport
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

/// Takes the next `count` events from a token stream (the glue's tasks are async); gives up at the deadline.
private func next(_ count: Int, from events: AsyncStream<LiveActivityEvent>) async throws -> [LiveActivityEvent] {
    try await TestDeadline.race("\(count) Live Activity events") {
        var iterator = events.makeAsyncIterator()
        var taken: [LiveActivityEvent] = []
        while taken.count < count, let event = await iterator.next() { taken.append(event) }
        return taken
    }
}

/// `LiveActivityObserver` turns ActivityKit's sequences into the neutral token events.
@Suite(.timeLimit(.minutes(2))) struct LiveActivityGlueTests {
    @Test func anActivityStartedByPushWhileTheAppWasKilledReportsItsTokenAtLaunch() async throws {
        // Before launch: ActivityKit holds a push-to-start token and a pushed-started activity with its token.
        Activity<KilledAppAttributes>.stubIssuePushToStartToken(Data([0xA1]))
        let pushed = Activity<KilledAppAttributes>.stubStart(
            id: "order-17", attributes: KilledAppAttributes(orderID: "17"), pushToken: Data([0xB1]))
        let tokens = LiveActivityTokens()
        let events = tokens.events()
        // Launch: the app starts the observer.
        let observer = LiveActivityObserver<KilledAppAttributes>(tokens: tokens)
        observer.start()
        let identity = LiveActivityIdentity(id: "order-17", attributesType: "KilledAppAttributes")
        #expect(tokens.state.token(forActivity: "order-17") == PushToken(Data([0xB1])))
        #expect(tokens.state.pushToStartToken(for: "KilledAppAttributes") == PushToken(Data([0xA1])))
        let launch = try await next(3, from: events)
        #expect(
            launch == [
                .started(identity), .updateToken(PushToken(Data([0xB1])), activity: identity),
                .pushToStartToken(PushToken(Data([0xA1])), attributesType: "KilledAppAttributes"),
            ])
        // Rotation, then the end pushed by the server.
        pushed.stubIssuePushToken(Data([0xB2]))
        #expect(try await next(1, from: events) == [.updateToken(PushToken(Data([0xB2])), activity: identity)])
        pushed.stubSetState(.ended)
        #expect(
            try await next(1, from: events) == [
                .ended(identity, reason: .ended, invalidatedToken: PushToken(Data([0xB2])))
            ])
        observer.stop()
    }

    @Test func activitiesStartedWhileRunningAndRotatedPushToStartTokensArePosted() async throws {
        let tokens = LiveActivityTokens()
        let events = tokens.events()
        let observer = LiveActivityObserver<RunningAppAttributes>(tokens: tokens, attributesType: "Score")
        observer.start()
        Activity<RunningAppAttributes>.stubIssuePushToStartToken(Data([0xC1]))
        #expect(
            try await next(1, from: events) == [
                .pushToStartToken(PushToken(Data([0xC1])), attributesType: "Score")
            ])
        let activity = Activity<RunningAppAttributes>.stubStart(id: "m1", attributes: RunningAppAttributes(match: "x"))
        let identity = LiveActivityIdentity(id: "m1", attributesType: "Score")
        #expect(try await next(1, from: events) == [.started(identity)])
        activity.stubIssuePushToken(Data([0xD1]))
        #expect(try await next(1, from: events) == [.updateToken(PushToken(Data([0xD1])), activity: identity)])
        activity.stubSetState(.dismissed)
        #expect(
            try await next(1, from: events) == [
                .ended(identity, reason: .dismissed, invalidatedToken: PushToken(Data([0xD1])))
            ])
        observer.stop()
    }
}
#endif
