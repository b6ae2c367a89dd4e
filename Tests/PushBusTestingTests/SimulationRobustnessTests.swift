import Foundation
import PushBus
import PushBusTestSupport
import Testing

@testable import PushBusTesting

/// A reminder answered with something that is not a usable number of seconds never crashes `pushbus simulate`.
@Suite(.timeLimit(.minutes(2)))
struct ReminderAnswerTests {
    @Test(arguments: ["nan", "inf", "-inf", "1e300", "abc"])
    func anUnusableAnswerIsRejectedOrClampedWithoutCrashing(answer: String) async throws {
        let script = #"""
            sed 's/"text": "120"/"text": "\#(answer)"/' Examples/scenarios/recurring-reminder-text-input.json > "$PUSHBUS_STDERR.json"
            "$PUSHBUS" simulate --scenario "$PUSHBUS_STDERR.json"; status=$?; rm -f "$PUSHBUS_STDERR.json"; exit $status
            """#
        let result = try await PushbusShell.run(script)
        #expect(result.status == 0 || result.status == 1)  // the expectations may fail; the run must not crash
        let isNumber = Double(answer)?.isFinite == true
        #expect(
            result.output.contains(
                isNumber ? "next reminder in 300 s" : "cannot read \"\(answer)\" as a number of seconds"))
    }
}

/// Long simulations cost time in proportion to what happens, and print a bounded report.
@Suite(.timeLimit(.minutes(2))) struct SimulationScaleTests {
    private func scenario(_ steps: [PushValue]) throws -> SimulationScenario {
        let document: PushValue = ["name": "scale", "steps": .array(steps)]
        return try SimulationScenario(json: document.jsonData())
    }

    @Test
    func aRepeatingTriggerAdvancedByABillionSecondsReplacesItselfAndIsCounted() async throws {
        let run = try await scenario([
            ["do": "launch"], ["do": "background"],
            ["do": "schedule", "id": "tick", "title": "Tick", "seconds": 60, "repeats": true],
            ["do": "advance", "seconds": 1e9],
        ]).run()
        let scheduler = run.device.scheduler
        let total = scheduler.firedNotifications().count + (scheduler.collapsedRepetitions()["tick"] ?? 0)
        #expect(total == Int(1e9 / 60))
        #expect(scheduler.firedNotifications().count <= 3)
        #expect(scheduler.deliveredNotifications().map(\.identifier) == ["tick"])
        #expect(run.device.timeline.count < 50)
    }

    @Test func repetitionsInTheForegroundAreEachPresented() async throws {
        let run = try await scenario([
            ["do": "launch"], ["do": "ready"],
            ["do": "schedule", "id": "tick", "title": "Tick", "seconds": 60, "repeats": true],
            ["do": "advance", "seconds": 600],
        ]).run()
        #expect(run.device.scheduler.firedNotifications().count == 10)
        #expect(run.device.scheduler.collapsedRepetitions().isEmpty)
    }

    @Test func aManualClockRunsThousandsOfActionsInDueOrder() {
        let clock = ManualClock()
        let order = Recorder<Int>()
        for index in (0..<5_000).reversed() { clock.schedule(after: Double(index)) { order.record(index) } }
        clock.advance(by: 5_000)
        #expect(order.values == Array(0..<5_000))
    }
}

/// A scenario file is strict: unknown keys are errors that name the nearest known key.
@Suite struct ScenarioStrictKeyTests {
    @Test func aTypoInExpectNamesTheKnownKey() {
        let json = #"{"name":"x","steps":[],"expect":{"routesOpend":["app://a"]}}"#
        #expect {
            try SimulationScenario(json: Data(json.utf8))
        } throws: { error in
            "\(error)" == "unknown key 'routesOpend' in expect; did you mean 'routesOpened'?"
        }
    }

    @Test func aTypoInAStepIsFoundToo() {
        let json = #"{"name":"x","steps":[{"do":"advance","secnds":5}]}"#
        #expect {
            try SimulationScenario(json: Data(json.utf8))
        } throws: { error in
            "\(error)".contains("'secnds' in steps[0]; did you mean 'seconds'?")
        }
    }

    @Test func freeFormPayloadsAndUserInfoAcceptAnyKey() throws {
        let json = #"{"name":"x","steps":[{"do":"receive","payload":{"aps":{"alert":"Hi"},"anything":{"x":1}}}]}"#
        let scenario = try SimulationScenario(json: Data(json.utf8))
        #expect(scenario.steps.first?.payload?["anything"] == ["x": 1])
    }

    @Test func everyExampleScenarioIsStillAccepted() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/scenarios")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        #expect(!files.isEmpty)
        for file in files where file.pathExtension == "json" {
            #expect(throws: Never.self) { try SimulationScenario(contentsOf: file) }
        }
    }
}

/// The timeline tells cause before effect: the message a tap delivered, then the route it opened.
@Suite(.timeLimit(.minutes(2))) struct TimelineOrderTests {
    @Test func theRouteOpenedFollowsTheMessageThatCausedIt() async throws {
        let document: PushValue = [
            "name": "order",
            "routes": ["schemes": ["app"], "patterns": ["app://product/:id"], "ready": true],
            "steps": [
                ["do": "launch"], ["do": "ready"],
                ["do": "receive", "id": "push", "payload": ["aps": ["alert": "New"], "route": "app://product/7"]],
                ["do": "tap", "id": "push"],
            ],
        ]
        let run = try await SimulationScenario(json: document.jsonData()).run()
        let timeline = run.device.timeline
        let tapped = try #require(
            timeline.firstIndex {
                if case .message(let message, _) = $0.event { return message.kind == .remoteTapped }
                return false
            })
        let opened = try #require(
            timeline.firstIndex {
                if case .route(let record) = $0.event { return record.outcome == .opened }
                return false
            })
        #expect(tapped < opened)
    }
}

/// `advance` by any interval finishes, in the foreground as in the background, and its report never traps.
@Suite(.timeLimit(.minutes(2))) struct HugeAdvanceTests {
    @Test(.timeLimit(.minutes(2)), arguments: [1e9, 1e19, 1e300])
    func aForegroundRepeatingTriggerAdvancedFarAheadFinishes(seconds: Double) async throws {
        let document: PushValue = [
            "name": "far",
            "steps": [
                ["do": "launch"],
                ["do": "schedule", "id": "tick", "title": "Tick", "seconds": 60, "repeats": true],
                ["do": "advance", "seconds": .double(seconds)],
            ],
        ]
        let run = try await SimulationScenario(json: document.jsonData()).run()
        let scheduler = run.device.scheduler
        #expect(scheduler.firedNotifications().count <= 101)
        #expect((scheduler.collapsedRepetitions()["tick"] ?? 0) > 100)
        #expect(run.device.timeline.count < 100)
    }

    @Test
    func theReportOfAnAdvanceByOneE300SecondsPrintsTheTimeInsteadOfTrapping() async throws {
        let script = #"""
            cat > "$PUSHBUS_STDERR.json" <<'JSON'
            {"name": "far", "steps": [{"do": "launch"}, {"do": "background"},
              {"do": "schedule", "id": "tick", "title": "Tick", "seconds": 60, "repeats": true},
              {"do": "advance", "seconds": 1e300}]}
            JSON
            "$PUSHBUS" simulate --scenario "$PUSHBUS_STDERR.json"; status=$?; rm -f "$PUSHBUS_STDERR.json"; exit $status
            """#
        let result = try await PushbusShell.run(script)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("t+1e+300s"))
    }
}

/// Scenario inputs that once crashed or misreported: each is a clear message now.
@Suite(.timeLimit(.minutes(2)))
struct ScenarioInputTests {
    @Test func aReminderMinimumBeyondAYearIsClampedNotATrap() async throws {
        let script = #"""
            sed 's/"minimum": 10/"minimum": 1e300/' Examples/scenarios/recurring-reminder.json > "$PUSHBUS_STDERR.json"
            "$PUSHBUS" simulate --scenario "$PUSHBUS_STDERR.json"; status=$?; rm -f "$PUSHBUS_STDERR.json"; exit $status
            """#
        let result = try await PushbusShell.run(script)
        #expect(result.status == 0 || result.status == 1, "\(result.errors)")  // expectations may fail; no trap
    }

    @Test func anEmptyPayloadFileIsNamedNotCalledAPermissionProblem() async throws {
        let script = #"""
            cat > "$PUSHBUS_STDERR.json" <<'JSON'
            {"name": "file", "steps": [{"do": "receive", "id": "a", "file": "/dev/null"}]}
            JSON
            "$PUSHBUS" simulate --scenario "$PUSHBUS_STDERR.json"; status=$?; rm -f "$PUSHBUS_STDERR.json"; exit $status
            """#
        let result = try await PushbusShell.run(script)
        #expect(result.status != 0)
        #expect(!(result.output + result.errors).contains("permission"), "\(result.output)\(result.errors)")
        #expect((result.output + result.errors).contains("/dev/null"))
    }

    @Test func fourThousandReceiveStepsRunAndReportEveryMessage() async throws {
        // The report once read the whole timeline for every line (quadratic: 4,000 steps took over a minute).
        let steps: [PushValue] =
            [["do": "launch"]]
            + (0..<4_000).map { ["do": "receive", "payload": ["aps": ["alert": .string("m\($0)")]]] }
        let document: PushValue = ["name": "many", "steps": .array(steps)]
        let directory = try PushbusShell.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("many.json")
        try document.jsonData().write(to: file)
        let result = try await PushbusShell.run(#""$PUSHBUS" simulate --scenario "\#(file.path)""#)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("messages to subscribers 4000"))
    }
}
