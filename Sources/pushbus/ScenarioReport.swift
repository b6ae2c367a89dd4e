import Foundation
import PushBusCore
import PushBusHub
import PushBusTesting
import PushBusValidation

/// A scenario run written for a person (`text`) or a program (`json`).
struct ScenarioReport {
    let scenario: SimulationScenario
    let run: ScenarioRun
    /// The timeline, read once: the recorder copies it on every read, and a report reads it per entry.
    private let timeline: [SimulatedDevice.TimelineEntry]
    private let start: Date

    init(scenario: SimulationScenario, run: ScenarioRun) {
        self.scenario = scenario
        self.run = run
        timeline = run.device.timeline
        start = timeline.first?.date ?? run.device.clock.now
    }

    private var device: SimulatedDevice { run.device }

    // MARK: Text

    var text: String {
        var lines: [String] = []
        lines.append("▶ \(scenario.name)")
        if let description = scenario.description { lines += wrap(description, width: 100, indent: "  ") }
        lines.append(
            "  device: \(device.generation) · authorization \(device.authorization.rawValue)"
                + (device.capabilities.contains(.remoteNotificationsBackgroundMode)
                    ? " · remote-notifications background mode" : ""))
        lines.append("")
        lines.append("Timeline")
        let width = max(8, timeline.last.map { offset($0.date).count } ?? 0)
        for entry in timeline {
            lines.append("  \(offset(entry.date).padding(toLength: width, withPad: " ", startingAt: 0)) \(entry)")
        }
        lines.append("")
        lines.append("Summary")
        lines.append(
            "  callbacks iOS made      \(device.callbacks.count)" + (device.callbacks.isEmpty ? "" : ": ")
                + device.callbacks.names.map(\.shortName).joined(separator: " → "))
        let accepted = device.messages
        lines.append(
            "  messages to subscribers \(accepted.count)" + (accepted.isEmpty ? "" : ": ")
                + accepted.map { "\($0.kind) via \($0.path)" + ($0.response.map { " (\($0.action))" } ?? "") }.joined(
                    separator: ", "))
        let duplicates = device.deliveries.duplicates.count
        if duplicates > 0 {
            lines.append("  duplicates dropped      \(duplicates) (same push reported by another path)")
        }
        let completions = device.completions
        lines.append(
            "  completion handlers     \(completions.count)"
                + (completions.isEmpty ? "" : ": " + completions.map(completionSummary).joined(separator: ", ")))
        if device.router != nil {
            let opened = device.routes.opened
            lines.append("  routes opened           " + (opened.isEmpty ? "none" : opened.joined(separator: ", ")))
            if opened.isEmpty, device.messages.contains(where: { ($0.response?.action ?? .open) != .open }) {
                lines.append("                          (the router opens links for the default action only)")
            }
            let failed = device.routes.filter { $0.outcome == .failed }
            for failure in failed { lines.append("  route failed            \(failure.url): \(failure.reason ?? "")") }
            if let router = device.router, router.deferredCount > 0 {
                lines.append("  routes still deferred   \(router.deferredCount) (the app never said it was ready)")
            }
        }
        for (identifier, count) in device.scheduler.collapsedRepetitions().sorted(by: { $0.key < $1.key }) {
            lines.append(
                "  repetitions not shown   [\(identifier)] fired \(count) more times within one advance, counted "
                    + "instead of delivered one by one (in Notification Center each replaced the last)")
        }
        lines.append("  app state at the end    \(device.state)")
        lines.append("")
        if scenario.expect == nil && run.failures.isEmpty {
            lines.append("✓ done")
        } else if run.failures.isEmpty {
            lines.append("✓ PASSED: every expectation met")
        } else {
            lines.append("✗ FAILED")
            lines += run.failures.map { "  - \($0)" }
        }
        // The timeline and summary quote payload strings and keys: escape control characters.
        return lines.map(\.escapingControlCharacters).joined(separator: "\n")
    }

    private func completionSummary(_ record: SimulatedDevice.CompletionRecord) -> String {
        let name = String(record.callback.shortName)
        switch record.callCount {
        case 0: return "\(name) NEVER CALLED"
        case 1: return "\(name) → \(record.values[0])"
        default: return "\(name) CALLED \(record.callCount)×"
        }
    }

    /// `t+12s`, `t+0.5s`; past what an `Int` holds (an `advance` by 1e19 s), in exponent form, never a trap.
    private func offset(_ date: Date) -> String {
        let seconds = date.timeIntervalSince(start)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "t+\(seconds)s" }
        return seconds == seconds.rounded() ? "t+\(Int(seconds))s" : "t+\(String(format: "%.1f", seconds))s"
    }

    private func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + word.count + 1 > width {
                lines.append(indent + current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { lines.append(indent + current) }
        return lines
    }

    // MARK: JSON

    var json: String {
        let timeline: [PushValue] = self.timeline.map { entry in
            var object = event(entry.event)
            object["time"] = .double(entry.date.timeIntervalSince(start))
            object["text"] = .string(entry.description)
            return .object(object)
        }
        let report: PushValue = [
            "name": .string(scenario.name),
            "passed": .bool(run.isPassed),
            "failures": .array(run.failures.map(PushValue.string)),
            "generation": .string("\(device.generation)"),
            "finalState": .string(device.state.rawValue),
            "timeline": .array(timeline),
            "callbacks": .array(
                device.callbacks.map { record in
                    [
                        "name": .string(record.callback.shortName), "signature": .string(record.callback.rawValue),
                        "appState": .string(record.state.rawValue),
                        "notification": record.notification.map(PushValue.string) ?? .null,
                        "payloadID": record.payloadID.map { PushValue.string($0.rawValue) } ?? .null,
                    ]
                }),
            "messages": .array(
                device.deliveries.map { delivery in
                    var object = message(delivery.message)
                    object["receipt"] = .string(receipt(delivery.receipt))
                    return .object(object)
                }),
            "completions": .array(
                device.completions.map { record in
                    [
                        "callback": .string(record.callback.shortName),
                        "notification": record.notification.map(PushValue.string) ?? .null,
                        "values": .array(record.values.map(PushValue.string)), "callCount": .int(record.callCount),
                    ]
                }),
            "routes": .array(device.routes.map(route)),
        ]
        return report.jsonString(prettyPrinted: true)
    }

    private func event(_ event: SimulatedDevice.Event) -> [String: PushValue] {
        switch event {
        case .stateChanged(let from, let to):
            return ["event": "stateChanged", "from": .string(from.rawValue), "to": .string(to.rawValue)]
        case .callback(let record):
            return [
                "event": "callback", "callback": .string(record.callback.shortName),
                "appState": .string(record.state.rawValue),
                "notification": record.notification.map(PushValue.string) ?? .null,
            ]
        case .completion(let callback, let notification, let value, let count):
            return [
                "event": "completion", "callback": .string(callback.shortName),
                "notification": notification.map(PushValue.string) ?? .null, "value": .string(value),
                "callCount": .int(count),
            ]
        case .message(let message, let receipt):
            var object = self.message(message)
            object["event"] = "message"
            object["receipt"] = .string(self.receipt(receipt))
            return object
        case .presentation(let notification, let presentation):
            return [
                "event": "presentation", "notification": .string(notification),
                "presentation": .string(presentation.rawValue),
            ]
        case .route(let record):
            return ["event": "route"].merging(route(record).objectValue ?? [:]) { $1 }
        case .settingsChanged(let change):
            return [
                "event": "settingsChanged", "status": .string(change.current.status.rawValue),
                "changedFields": .array(change.changedFields.map { .string($0.rawValue) }),
            ]
        case .note(let text):
            return ["event": "note", "note": .string(text)]
        }
    }

    /// The one rendering of a message, shared with `pushbus validate --json`.
    private func message(_ message: PushMessage) -> [String: PushValue] {
        message.reportValue().objectValue ?? [:]
    }

    private func receipt(_ receipt: PostReceipt) -> String {
        switch receipt {
        case .delivered(let count): return "delivered(\(count))"
        case .parked: return "parked"
        case .duplicate: return "duplicate"
        case .dropped: return "dropped"
        case .queued: return "queued"
        }
    }

    private func route(_ record: SimulatedDevice.RouteRecord) -> PushValue {
        var object: [String: PushValue] = [
            "outcome": .string(record.outcome.rawValue), "url": .string(record.url),
            "source": .string("\(record.source)"),
        ]
        if let pattern = record.pattern { object["pattern"] = .string(pattern) }
        if !record.parameters.isEmpty { object["parameters"] = .object(record.parameters.mapValues(PushValue.string)) }
        if let reason = record.reason { object["reason"] = .string(reason) }
        return .object(object)
    }

    static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .keyNotFound(let key, let context):
                return "missing key '\(key.stringValue)' at \(path(context))"
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                return "\(context.debugDescription) at \(path(context))"
            @unknown default: return "\(error)"
            }
        }
        if error is SimulationError || error is PushValueError || error is ScenarioError
            || error is InputFile.Failure
        {
            return "\(error)"
        }
        return "\((error as NSError).localizedDescription)"
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the top level" : path
    }
}
