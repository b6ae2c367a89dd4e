import Foundation
import PushBus
import PushBusTesting
import Testing

/// `presentationAnswers` on the simulated device: the same choice the Apple glue's `PushNotificationDelegate`
/// makes, so another SDK's `willPresent` answer joins PushBus's (`.union`) or is ignored (`.pushBusOnly`), while
/// the SDK's delegate runs either way.
@Suite(.timeLimit(.minutes(1))) struct PresentationAnswersSimulationTests {
    static var jpushPush: [String: Any] { ["aps": ["alert": "停课通知"], "_j_msgid": 20_266_199_577] }

    func device(_ answers: PresentationAnswers?) -> (SimulatedDevice, SimulatedSDK) {
        let device = SimulatedDevice()
        device.delivery.presentationPolicy = .always([])
        let jpush = SimulatedSDK(name: "jpush", providers: [.jpush], presentation: [.alert, .badge, .sound])
        device.otherSDKs.install(jpush)
        if let answers { device.presentationAnswers = answers }
        device.launch()
        return (device, jpush)
    }

    @Test func byDefaultTheSDKsAnswerJoinsAQuietPolicy() async {
        let (device, jpush) = device(nil)
        let push = device.deliver(remote: Self.jpushPush)
        await device.settle()

        #expect(device.presentationAnswers == .union)
        #expect(device.completions.values(of: .willPresent) == ["[alert, sound, badge]"])
        #expect(jpush.callbacks.map(\.notification) == [push])
    }

    @Test func pushBusOnlyShowsWhatThePolicySaysAndStillCallsTheSDK() async {
        let (device, jpush) = device(.pushBusOnly)
        let push = device.deliver(remote: Self.jpushPush)
        await device.settle()

        #expect(device.completions.values(of: .willPresent) == ["[]"])
        #expect(jpush.callbacks.map(\.name) == ["willPresent"])
        #expect(jpush.callbacks.map(\.notification) == [push])
    }

    @Test func pushBusOnlyDoesNotWaitForAnSDKThatNeverAnswers() {
        let device = SimulatedDevice()
        device.otherSDKs.install(SimulatedSDK(name: "stuck", answers: .never))
        device.presentationAnswers = .pushBusOnly
        device.launch()

        device.deliver(remote: ["aps": ["alert": "Hi"]])

        #expect(device.completions.of(.willPresent).map(\.callCount) == [1])
    }

    @Test func theScenarioKeyIsReadAndAnUnknownValueRefused() async throws {
        func run(_ answers: String) async throws -> ScenarioRun {
            try await SimulationScenario(
                json: Data(
                    """
                    { "name": "answers",
                      "app": { "presentation": [], "presentationAnswers": "\(answers)",
                               "otherSDKs": [{ "name": "jpush", "providers": ["jpush"], "presentation": ["alert"] }] },
                      "steps": [{ "do": "launch" },
                                { "do": "receive", "id": "n", "payload": { "aps": { "alert": "x" }, "_j_msgid": 1 } }],
                      "expect": { "presentations": ["[]"] } }
                    """.utf8)
            ).run()
        }
        #expect(try await run("pushBusOnly").failures == [])
        #expect(try await run("union").failures == ["expected presentations [\"[]\"], got [\"[alert]\"]"])
        await #expect(throws: (any Error).self) { try await run("jpushOnly") }
    }
}

/// A push SDK whose server counts badges (JPush's "+1"): its pushes carry the count the app last reported plus
/// one, and a `SimulatedSDKBadge` reports the inbox's unread count to it.
@Suite(.timeLimit(.minutes(1))) struct ServerBadgeSimulationTests {
    static func jpushPush(_ id: Int) -> [String: Any] { ["aps": ["alert": "通知 \(id)"], "_j_msgid": id] }

    @Test func theServerCountsFromTheLastReportedCount() {
        let device = SimulatedDevice()
        let jpush = SimulatedSDK(name: "jpush", providers: [.jpush], countsBadge: true)
        device.otherSDKs.install(jpush)
        device.launch()
        device.moveToBackground()

        device.deliver(remote: Self.jpushPush(1))
        #expect(device.badgeCount == 1)
        jpush.setBadge(5)
        device.deliver(remote: Self.jpushPush(2))

        #expect(device.badgeCount == 6)
        #expect(jpush.nextServerBadge == 6)
    }

    @Test func anSDKThatDoesNotCountLeavesThePayloadAlone() {
        let device = SimulatedDevice()
        let jpush = SimulatedSDK(name: "jpush", providers: [.jpush])
        device.otherSDKs.install(jpush)
        device.launch()
        device.moveToBackground()
        jpush.setBadge(5)

        device.deliver(remote: Self.jpushPush(3))
        device.deliver(remote: ["aps": ["alert": "plain", "badge": 2]])

        #expect(jpush.nextServerBadge == nil)
        #expect(device.badgeCount == 2)
    }

    @Test func simulatedSDKBadgeSetsTheIconAndTellsTheSDK() throws {
        let device = SimulatedDevice()
        let jpush = SimulatedSDK(name: "jpush", providers: [.jpush], countsBadge: true)
        device.otherSDKs.install(jpush)
        device.launch()
        let badge = SimulatedSDKBadge(device: device, tells: [jpush])

        try badge.apply(.set(2))
        #expect(jpush.reportedBadges == [2])
        #expect(device.badgeCount == 2)
        device.moveToBackground()
        device.deliver(remote: Self.jpushPush(4))

        #expect(device.badgeCount == 3)
    }

    @Test func aNegativeCountIsRefusedAndNotReported() {
        let device = SimulatedDevice()
        let jpush = SimulatedSDK(name: "jpush", countsBadge: true)
        let badge = SimulatedSDKBadge(device: device, tells: [jpush])

        #expect(throws: BadgeError.self) { try badge.apply(.set(-1)) }
        #expect(jpush.reportedBadges == [])
    }
}

/// `Examples/scenarios/jpush-and-rongcloud-beside-pushbus.json`, issue 43's must-show: it passes, and it fails
/// when any of its points does not hold (a policy that is not quiet, the union of answers, a badge JPush is not
/// told), so it can fail.
@Suite(.timeLimit(.minutes(2))) struct JPushAndRongCloudScenarioTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/scenarios/jpush-and-rongcloud-beside-pushbus.json")

    /// The scenario file, with `change` applied to its `app` object.
    func run(changingApp change: (inout [String: Any]) -> Void = { _ in }) async throws -> ScenarioRun {
        var root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.file)) as? [String: Any])
        var app = try #require(root["app"] as? [String: Any])
        change(&app)
        root["app"] = app
        return try await SimulationScenario(json: JSONSerialization.data(withJSONObject: root)).run()
    }

    @Test func itPasses() async throws {
        let run = try await run()
        #expect(run.failures == [])
        #expect(run.device.routes.opened == ["app://notices", "app://chat/teacher_wang"])
    }

    @Test func itFailsWhenThePresentationPolicyIsNotQuiet() async throws {
        let run = try await run { $0["presentation"] = ["banner", "list"] }
        #expect(run.failures.contains { $0.hasPrefix("expected presentations") })
    }

    @Test func itFailsWhenTheSDKsAnswersAreJoined() async throws {
        let run = try await run { $0["presentationAnswers"] = "union" }
        #expect(run.failures.contains { $0.hasPrefix("expected presentations") })
    }

    @Test func itFailsWhenTheAppDoesNotTellJPushItsBadge() async throws {
        let run = try await run { app in
            var sdks = app["otherSDKs"] as? [[String: Any]] ?? []
            sdks[0]["appReportsBadge"] = false
            app["otherSDKs"] = sdks
        }
        #expect(run.failures.contains("expected the badge 4, got 1"))
    }
}
