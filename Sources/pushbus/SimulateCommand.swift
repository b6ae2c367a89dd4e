import ArgumentParser
import Foundation
import PushBusCore
import PushBusTesting
import PushBusValidation

/// `pushbus simulate FILE …` or `pushbus simulate --scenario FILE`: runs the notification lifecycle on a
/// simulated device and prints the timeline.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Show what iOS and PushBus do with a push: callbacks, messages, completion handlers, routes.",
        discussion: """
            Single payload: pushbus simulate payload.json --state not-running --tap
            Scripted sequence: pushbus simulate --scenario Examples/scenarios/cold-start-product-tap.json
            The scenario format is described in Docs/Scenarios.md. Exit status 1 when a scenario step fails or an \
            expectation is not met, 2 when an input cannot be read.
            """
    )

    @Argument(help: "A JSON payload file ('-' reads standard input).")
    var file: String?

    @Option(name: .long, help: "A scenario file (JSON) to run instead of a single payload.")
    var scenario: String?

    @Option(name: .long, help: "The app's state when the push arrives: not-running, background or foreground.")
    var state: String = "not-running"

    @Flag(name: .long, help: "The user taps the notification after it arrives.")
    var tap = false

    @Option(name: .long, help: "The action button the user chooses (implies --tap).")
    var action: String?

    @Option(name: .long, help: "The text the user types into a text-input action (implies --tap).")
    var text: String?

    @Option(name: .long, help: "A routes file: {\"schemes\": [...], \"patterns\": [...], \"linkRules\": [...]}.")
    var routes: String?

    @Flag(name: .long, help: "Imitate iOS 9 (legacy app-delegate callbacks) instead of iOS 13+ with scenes.")
    var legacy = false

    @Flag(name: .long, help: "Print one JSON object instead of text.")
    var json = false

    func validate() throws {
        guard (file == nil) != (scenario == nil) else {
            throw ValidationError("Give either a payload FILE or --scenario FILE.")
        }
        guard ["not-running", "background", "foreground"].contains(state) else {
            throw ValidationError("Unknown state '\(state)' (not-running, background, foreground).")
        }
    }

    func run() async throws {
        let loaded: SimulationScenario
        do {
            if let scenario {
                let data = try Self.read(scenario, limit: InputFile.scenarioLimit)
                do {
                    loaded = try SimulationScenario(
                        json: data, baseDirectory: URL(fileURLWithPath: scenario).deletingLastPathComponent())
                } catch {
                    throw InputFile.Failure(description: "\(scenario): \(ScenarioReport.describe(error))")
                }
            } else {
                loaded = try singlePayloadScenario()
            }
        } catch {
            // One line and status 2 for every input problem, as the discussion above promises.
            Self.fail(ScenarioReport.describe(error))
        }
        let run: ScenarioRun
        do {
            run = try await loaded.run()
        } catch {
            Self.fail("\(error)")
        }
        let report = ScenarioReport(scenario: loaded, run: run)
        print(json ? report.json : report.text)
        if !run.isPassed { throw ExitCode(1) }
    }

    /// Prints `pushbus simulate: MESSAGE` (control characters escaped) and exits with status 2.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("pushbus simulate: \(message.escapingControlCharacters)\n".utf8))
        Self.exit(withError: ExitCode(2))
    }

    /// The bytes of `path`, or a failure that names it.
    static func read(_ path: String, limit: Int) throws(InputFile.Failure) -> Data {
        do {
            return try InputFile.read(path, limit: limit)
        } catch {
            throw InputFile.Failure(description: error.message(for: path))
        }
    }

    /// The sequence `--state`, `--tap`, `--action` and `--text` describe, as a scenario.
    func singlePayloadScenario() throws -> SimulationScenario {
        let path = file ?? "-"
        let data = try Self.read(path, limit: InputFile.payloadLimit)
        let payload = try PushValue(json: data)
        guard case .object = payload else { throw SimulationError.invalidPayload("\(path) is not a JSON object") }
        let content = PushContent(payload: payload)
        var receive = SimulationScenario.Step("receive", id: "push")
        receive.payload = payload
        var steps: [SimulationScenario.Step] = []
        switch state {
        case "foreground": steps += [.init("launch"), .init("ready")]
        case "background": steps += [.init("launch"), .init("ready"), .init("background")]
        default: break
        }
        steps.append(receive)
        let taps = tap || action != nil || text != nil
        if taps {
            var tapStep = SimulationScenario.Step("tap", id: "push")
            tapStep.action = action
            tapStep.text = text
            steps.append(tapStep)
        }
        if state == "not-running" && taps { steps.append(.init("ready")) }

        var categories: [SimulationScenario.CategorySetup] = []
        if let action {
            guard let category = content.categoryIdentifier else {
                throw InputFile.Failure(
                    description: "--action needs a payload with aps.category (the category that holds the action); "
                        + "\(path) has none")
            }
            categories.append(try Self.category(category, action: action, isTextInput: text != nil))
        }
        var routeSetup = try routes.map { path in
            try JSONDecoder().decode(
                SimulationScenario.RouteSetup.self, from: Self.read(path, limit: InputFile.payloadLimit))
        }
        if routeSetup == nil, let link = PushMessage(kind: .remoteTapped, content: content).deepLink,
            let scheme = link.scheme
        {
            // No routes given: accept any link of the payload's scheme, so the route outcome still shows.
            routeSetup = SimulationScenario.RouteSetup(schemes: [scheme], patterns: ["\(scheme)://*path"])
        }
        return SimulationScenario(
            name: "\(path), app \(state)\(taps ? ", user taps\(action.map { " \($0)" } ?? "")" : "")",
            device: .init(generation: legacy ? "legacy" : "scenes"), categories: categories, routes: routeSetup,
            steps: steps)
    }

    static func category(_ identifier: String, action: String, isTextInput: Bool) throws
        -> SimulationScenario.CategorySetup
    {
        let object: [String: Any] = [
            "identifier": identifier,
            "actions": [
                ["identifier": action, "title": action, "foreground": !isTextInput]
                    .merging(isTextInput ? ["textInputButton": "Send"] : [:]) { $1 }
            ],
        ]
        let data = try JSONSerialization.data(withJSONObject: object)
        return try JSONDecoder().decode(SimulationScenario.CategorySetup.self, from: data)
    }
}
