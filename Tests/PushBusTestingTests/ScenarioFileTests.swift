import Foundation
import PushBus
import PushBusTesting
import Testing

/// Every scenario in Examples/scenarios runs and meets its own expectations: what `pushbus simulate --scenario`
/// prints is what these tests check.
@Suite(.timeLimit(.minutes(2))) struct ScenarioFileTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/scenarios")

    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func theSeedScenariosAreAllThere() {
        #expect(
            Set(Self.files).isSuperset(of: [
                "cold-start-product-tap.json", "background-tap.json", "foreground-banner-then-tap.json",
                "silent-push-background-fetch.json", "action-text-reply.json", "recurring-reminder.json",
                "jpush-business-line.json", "duplicate-two-paths.json",
            ]))
    }

    @Test(arguments: files)
    func scenarioMeetsItsExpectations(file: String) async throws {
        let scenario = try SimulationScenario(contentsOf: Self.directory.appendingPathComponent(file))
        #expect(scenario.expect != nil, "a scenario without expectations proves nothing")

        let run = try await scenario.run()

        let story = run.device.timeline.map(\.description).joined(separator: "\n")
        #expect(run.failures == [], "\(file):\n\(story)")
        // Everything came through an adapter path: the simulator never posts `.direct` messages itself.
        #expect(run.device.deliveries.allSatisfy { $0.message.path != .direct })
    }

    @Test func aFailedExpectationIsReported() async throws {
        let scenario = SimulationScenario(
            name: "wrong", steps: [SimulationScenario.Step("launch")],
            expect: try JSONDecoder().decode(
                SimulationScenario.Expectations.self, from: Data(#"{"finalState": "background"}"#.utf8)))

        let run = try await scenario.run()

        #expect(run.failures == ["expected final state background, got active"])
    }

    @Test func aStepTheUserCouldNotTakeStopsTheRun() async throws {
        let scenario = SimulationScenario(name: "tap nothing", steps: [SimulationScenario.Step("tap", id: "missing")])

        let run = try await scenario.run()

        #expect(run.failures.count == 1)
        #expect(run.failures.first?.contains("no notification 'missing'") == true)
    }
}
