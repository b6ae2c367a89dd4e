import Foundation
import PushBus
import PushBusTesting
import Testing

private let channel = "bWF0Y2gvZmluYWw="

/// The simulated ActivityKit's channels, scheduled activities and silent token streams refuse what iOS and APNs
/// refuse, and reach only what they should.
@Suite(.timeLimit(.minutes(2))) struct LiveActivityChannelAndScheduleSimulationTests {
    @Test func aBroadcastReachesOnlyTheChannelsActivitiesAndRefusesAStart() throws {
        let device = SimulatedDevice()
        device.launch()
        try device.liveActivities.start("MatchAttributes", id: "on-channel", channel: channel)
        try device.liveActivities.start("MatchAttributes", id: "other", channel: "b3RoZXI=")
        try device.liveActivities.start("MatchAttributes", id: "by-token")
        let update: PushValue = ["aps": ["event": "update", "timestamp": 1_767_227_400, "content-state": ["home": 1]]]
        #expect(try device.liveActivities.broadcast(update, channel: channel) == ["on-channel"])
        #expect(device.liveActivities.all.map(\.updateCount) == [1, 0, 0])
        let start: PushValue = [
            "aps": [
                "event": "start", "timestamp": 1_767_227_400, "content-state": [:],
                "attributes-type": "MatchAttributes",
                "attributes": [:], "alert": ["title": "t", "body": "b"],
            ]
        ]
        #expect(throws: LiveActivitySimulationError.self) {
            try device.liveActivities.broadcast(start, channel: channel)
        }
        #expect(device.liveActivities.events.contains { $0.scenarioName == "channel on-channel \(channel)" })
    }

    @Test func aPendingActivityTakesNoPushUntilTheClockStartsIt() throws {
        let device = SimulatedDevice()
        device.launch()
        try device.liveActivities.schedule("KickoffAttributes", id: "kickoff", startingIn: 600)
        #expect(device.liveActivities.all.map(\.state) == [.pending])
        let update: PushValue = ["aps": ["event": "update", "timestamp": 1_767_226_000, "content-state": [:]]]
        #expect(throws: LiveActivitySimulationError.unknownActivity("kickoff")) {
            try device.liveActivities.receive(update, activity: "kickoff")
        }
        device.advanceTime(by: 599)
        #expect(device.liveActivities.all.map(\.state) == [.pending])
        device.advanceTime(by: 1)
        #expect(device.liveActivities.all.map(\.state) == [.active])
        try device.liveActivities.receive(update, activity: "kickoff")
        #expect(
            device.liveActivities.events.map(\.scenarioName) == [
                "scheduled kickoff", "started kickoff", "updateToken kickoff",
            ])
    }

    @Test func aScheduledActivityNeedsTheForeground() {
        let device = SimulatedDevice()
        device.launch()
        device.moveToBackground()
        #expect(throws: LiveActivitySimulationError.appNotInForeground) {
            try device.liveActivities.schedule("KickoffAttributes", startingIn: 60)
        }
    }

    @Test func aSilentRotationReachesTheAppOnlyAtTheNextForeground() throws {
        let device = SimulatedDevice()
        device.launch()
        let first = device.liveActivities.observe("DeliveryAttributes")
        device.liveActivities.silenceTokenUpdates()
        let rotated = try device.liveActivities.rotatePushToStartToken("DeliveryAttributes")
        #expect(device.center.liveActivities.state.pushToStartToken(for: "DeliveryAttributes") == first)
        device.moveToBackground()
        device.bringToForeground()
        #expect(device.center.liveActivities.state.pushToStartToken(for: "DeliveryAttributes") == rotated)
        #expect(device.liveActivities.events.count == 2)
    }
}
