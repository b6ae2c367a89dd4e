#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import PushBusTestSupport
import Testing

// Its own attributes type: the stub keeps ActivityKit's state per type, process-wide.
private struct TokenReportingAttributes: ActivityAttributes, Sendable {
    struct ContentState: Codable, Hashable, Sendable { var stopsAway: Int }
    var orderID: String
}

/// `PushBusApp.reportTokens(to:)` feeds the registry from the app delegate's device token and from
/// `LiveActivityObserver`; a relaunch on the same file reports nothing that was reported already.
@MainActor @Suite(.serialized, .timeLimit(.minutes(1))) struct TokenReportingGlueTests {
    @Test func theDeviceTokenAndLiveActivityTokensAreReportedOnceAcrossALaunch() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        Activity<TokenReportingAttributes>.stubIssuePushToStartToken(Data([0xA1]))
        let activity = Activity<TokenReportingAttributes>.stubStart(
            id: "order-5", attributes: TokenReportingAttributes(orderID: "5"), pushToken: Data([0xB1]))
        let learned = Recorder<String>()

        // First launch: the device token from the app delegate, the activity's token and the push-to-start token.
        func launch() throws -> (LiveActivityObserver<TokenReportingAttributes>, PushTokenRegistry) {
            let center = PushCenter()
            let registry = try PushTokenRegistry(directory: directory)
            PushBusApp.reportTokens(to: registry, center: center) { changes in
                for change in changes where (try? registry.markReported(change)) != nil {
                    learned.record(change.key.description + (change.value == nil ? " removed" : ""))
                }
            }
            AppDelegateAdapter(center: center).didRegisterForRemoteNotifications(deviceToken: Data([1, 2, 3]))
            let observer = LiveActivityObserver<TokenReportingAttributes>(tokens: center.liveActivities)
            observer.start()
            return (observer, registry)
        }
        var (observer, registry) = try launch()
        try await learned.wait(for: "three tokens") { $0.count == 3 }
        #expect(
            learned.values.sorted() == ["activityUpdate order-5", "device", "pushToStart TokenReportingAttributes"])
        #expect(registry.tokens()[.device] == "010203")
        observer.stop()

        // The app is killed; ActivityKit rotates the activity's token; the app launches again.
        activity.stubIssuePushToken(Data([0xB2]))
        (observer, registry) = try launch()
        try await learned.wait(for: "the rotated token") { $0.count == 4 }
        #expect(learned.values.last == "activityUpdate order-5")
        #expect(registry.tokens()[.activityUpdate(activityID: "order-5")] == "b2")

        // The activity ends: its token is retracted.
        activity.stubSetState(.ended)
        try await learned.wait(for: "the retraction") { $0.count == 5 }
        #expect(learned.values.last == "activityUpdate order-5 removed")
        observer.stop()
        PushBusApp.stopReportingTokens()
        #expect(learned.values.count == 5)
    }
}
#endif
