import Foundation
import PushBusTestSupport
import Testing

/// `pushbus simulate` and `pushbus apns` run as processes: what Docs/Scenarios.md promises on the command line.
///
/// Runs the `pushbus` binary that `swift build` / `swift test` put next to the test bundle.
@Suite(.timeLimit(.minutes(2))) struct SimulateCommandTests {
    static let binary = BuiltBinary.pushbus

    static let root = BuiltBinary.packageRoot

    private func run(_ arguments: [String], input: Data? = nil) async throws -> (status: Int32, output: String) {
        try await BuiltBinary.run(Self.binary, arguments, input: input)
    }

    @Test
    func theMainScenarioPrintsTheTimelineAndPasses() async throws {
        let result = try await run(["simulate", "--scenario", "Examples/scenarios/cold-start-product-tap.json"])

        #expect(result.status == 0)
        #expect(result.output.contains("→ scene(_:willConnectTo:options:)"))
        #expect(result.output.contains("route opened app://product/12345"))
        #expect(result.output.contains("✓ PASSED"))
    }

    @Test
    func aSinglePayloadFromStandardInputGivesMachineReadableJSON() async throws {
        let payload = Data(#"{"aps": {"alert": "Hi"}, "route": "app://product/1"}"#.utf8)

        let result = try await run(["simulate", "-", "--state", "background", "--tap", "--json"], input: payload)

        #expect(result.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let callbacks = (report["callbacks"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(callbacks?.suffix(3) == ["sceneWillEnterForeground", "didReceiveResponse", "sceneDidBecomeActive"])
        let routes = report["routes"] as? [[String: Any]]
        #expect(routes?.first { $0["outcome"] as? String == "opened" }?["url"] as? String == "app://product/1")
    }

    @Test
    func exitStatusesSayWhatWentWrong() async throws {
        await #expect(try run(["simulate", "-"], input: Data("[1]".utf8)).status == 2)
        await #expect(try run(["simulate", "--scenario", "/nonexistent.json"]).status == 2)
        let failing = FileManager.default.temporaryDirectory.appendingPathComponent("pushbus-failing-scenario.json")
        try Data(#"{"name": "x", "steps": [{"do": "launch"}], "expect": {"finalState": "background"}}"#.utf8)
            .write(to: failing)
        await #expect(try run(["simulate", "--scenario", failing.path]).status == 1)
    }

    @Test
    func apnsAddsTheSimulatorTargetBundle() async throws {
        let result = try await run(
            ["apns", "-", "--bundle-id", "com.example.shop", "--output", "-"],
            input: Data(#"{"aps": {"alert": "Hi"}}"#.utf8))

        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(document["Simulator Target Bundle"] as? String == "com.example.shop")
        #expect((document["aps"] as? [String: Any])?["alert"] as? String == "Hi")
        await #expect(try run(["apns", "-", "--bundle-id", "x", "--output", "-"], input: Data("[]".utf8)).status == 1)
    }
    @Test
    func liveActivityPayloadsNameTheirTopicSuffix() async throws {
        let update = Data(#"{"aps":{"event":"update","timestamp":1767225600,"content-state":{"n":1}}}"#.utf8)
        let apns = try await run(
            ["apns", "-", "--bundle-id", "com.example.shop", "-o", "apns-test-output.apns"], input: update)
        try? FileManager.default.removeItem(at: Self.root.appendingPathComponent("apns-test-output.apns"))
        #expect(apns.status == 0)
        #expect(apns.output.contains("apns-topic: com.example.shop.push-type.liveactivity"))

        let validate = try await run(["validate", "--push-type", "liveactivity", "-"], input: update)
        #expect(validate.status == 0)
        #expect(validate.output.contains("apns-topic: <bundle-id>.push-type.liveactivity"))
        let json = try await run(["validate", "--push-type", "liveactivity", "--json", "-"], input: update)
        let reports = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(reports?.first?["apnsTopicSuffix"] as? String == ".push-type.liveactivity", "\(json.output)")
        let milliseconds = Data(#"{"aps":{"event":"end","timestamp":1767225600000}}"#.utf8)
        let rejected = try await run(["validate", "--push-type", "liveactivity", "-"], input: milliseconds)
        #expect(rejected.status == 1)
        #expect(rejected.output.contains("milliseconds"))
    }
}
