import Foundation
import PushBus
import PushBusTesting
import Testing

/// Live Activities on the simulated device: ActivityKit's state outlives the app, the app hears about it at
/// launch, and pushes start, update and end activities.
@Suite(.timeLimit(.minutes(2))) struct LiveActivitySimulationTests {
    private static let start: PushValue = [
        "aps": [
            "event": "start", "timestamp": 1_767_225_600, "attributes-type": "DeliveryAttributes",
            "attributes": ["orderID": "17"], "content-state": ["stopsAway": 5],
            "alert": ["title": "On its way", "body": "5 stops away"],
        ]
    ]

    private static func update(_ stops: Int) -> PushValue {
        ["aps": ["event": "update", "timestamp": 1_767_225_900, "content-state": ["stopsAway": .int(stops)]]]
    }

    private static let end: PushValue = ["aps": ["event": "end", "timestamp": 1_767_226_500]]

    @Test func aRemoteStartWhileTheAppIsNotRunningYieldsTheUpdateTokenAtTheNextLaunch() throws {
        let device = SimulatedDevice()
        device.launch()
        device.liveActivities.observe("DeliveryAttributes")
        device.terminate()

        let id = try device.liveActivities.receive(Self.start, id: "order-17")

        let issued = try #require(device.liveActivities.all.first { $0.identity.id == id })
        #expect(issued.startedByPush)
        #expect(device.center.liveActivities.state.token(forActivity: id) == nil)  // the app has not heard yet
        device.launch()
        #expect(device.center.liveActivities.state.token(forActivity: id) == issued.token)
        #expect(
            device.liveActivities.events.map(\.scenarioName).suffix(2) == ["started order-17", "updateToken order-17"])
    }

    @Test func updatesAndEndArriveByPushAndTheEndInvalidatesTheToken() throws {
        let device = SimulatedDevice()
        device.launch()
        device.liveActivities.observe("DeliveryAttributes")
        let id = try device.liveActivities.receive(Self.start)
        let token = try #require(device.center.liveActivities.state.token(forActivity: id))
        try device.liveActivities.receive(Self.update(3), activity: id)
        try device.liveActivities.receive(Self.update(1), activity: id)
        #expect(device.liveActivities.all.first?.contentState == ["stopsAway": 1])
        #expect(device.liveActivities.all.first?.updateCount == 2)

        try device.liveActivities.receive(Self.end, activity: id)

        #expect(device.center.liveActivities.state.token(forActivity: id) == nil)
        #expect(
            device.liveActivities.events.last
                == .ended(
                    LiveActivityIdentity(id: id, attributesType: "DeliveryAttributes"), reason: .ended,
                    invalidatedToken: token))
        #expect(throws: LiveActivitySimulationError.unknownActivity(id)) {
            try device.liveActivities.receive(Self.update(0), activity: id)
        }
    }

    @Test func localStartsNeedTheForegroundAndTokensRotate() throws {
        let device = SimulatedDevice()
        #expect(throws: LiveActivitySimulationError.appNotInForeground) {
            try device.liveActivities.start("ScoreAttributes")
        }
        device.launch()
        let id = try device.liveActivities.start("ScoreAttributes", id: "match")
        let first = device.center.liveActivities.state.token(forActivity: id)
        let rotated = try device.liveActivities.rotateToken(id)
        #expect(first != rotated)
        #expect(device.center.liveActivities.state.token(forActivity: id) == rotated)
        #expect(rotated.hexString == rotated.hexString.lowercased())
        try device.liveActivities.dismiss(id)
        #expect(device.liveActivities.all.isEmpty)
        #expect(
            device.liveActivities.events.map(\.scenarioName) == [
                "started match", "updateToken match", "updateToken match", "ended match",
            ])
    }

    @Test func pushesAPNsWouldRejectAreRefused() {
        let device = SimulatedDevice()
        device.launch()
        // No push-to-start token: the app never observed the type.
        #expect(throws: LiveActivitySimulationError.noPushToStartToken("DeliveryAttributes")) {
            try device.liveActivities.receive(Self.start)
        }
        device.liveActivities.observe("DeliveryAttributes")
        let milliseconds: PushValue = [
            "aps": ["event": "update", "timestamp": 1_767_225_600_000, "content-state": [:]]
        ]
        #expect(throws: LiveActivitySimulationError.self) { try device.liveActivities.receive(milliseconds) }
    }

    @Test func thePushToStartScenarioReconcilesAtLaunchAndTellsTheStory() async throws {
        let scenario = try SimulationScenario(
            contentsOf: ScenarioFileTests.directory.appendingPathComponent("live-activity-push-to-start.json"))

        let run = try await scenario.run()

        #expect(run.failures == [])
        let reconciliations = run.device.liveActivities.reconciliations
        #expect(reconciliations.count == 2)
        #expect(reconciliations.first?.isEmpty == true)
        #expect(reconciliations.last?.toRegister.map(\.activityID) == ["order-17"])
        #expect(reconciliations.last?.toRetract == [])
        let story = run.device.timeline.map(\.description)
        #expect(story.contains { $0.contains("the app is not running: its observer gets the update token") })
        #expect(story.contains { $0.hasPrefix("· ◇ app: update token") })
    }
}
