internal import Foundation
import PushBusCore

/// What running a ``SimulationScenario`` gave: the device with its recordings, and the unmet expectations.
public struct ScenarioRun: Sendable {
    /// The scenario's name.
    public var name: String
    /// The device after the last step: its ``SimulatedDevice/timeline`` is the story.
    public var device: SimulatedDevice
    /// A step that could not run, or an expectation that was not met, one line each.
    public var failures: [String]

    /// A Boolean value indicating whether every step ran and every expectation held.
    public var isPassed: Bool { failures.isEmpty }
}

/// Why a scenario could not be set up.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    /// Creates an error whose ``description`` says what is wrong.
    public init(_ description: String) { self.description = description }
}

extension SimulationScenario {
    /// Sets up the device and the app, runs the steps in order, waits for every completion handler, then checks
    /// the expectations.
    ///
    /// A step that fails (tapping a notification that was never delivered, say) stops the run and is reported
    /// in ``ScenarioRun/failures``.
    ///
    /// - Throws: ``ScenarioError`` when the setup is invalid (unknown generation, invalid category, pattern, …).
    public func run() async throws -> ScenarioRun {
        let app = try SimulatedApp(scenario: self)
        let device = app.device
        var failures: [String] = []
        for (index, step) in steps.enumerated() {
            if let note = step.note { device.note("— \(note)") }
            do {
                try await app.perform(step, baseDirectory: baseDirectory)
            } catch {
                failures.append("step \(index + 1) (\(step.do)\(step.id.map { " \($0)" } ?? "")): \(error)")
                device.note("step \(index + 1) failed: \(error)")
                break
            }
        }
        await device.settle()
        await device.serviceExtension.settle()
        withExtendedLifetime(app) {}
        failures += check(device)
        return ScenarioRun(name: name, device: device, failures: failures)
    }

    func check(_ device: SimulatedDevice) -> [String] {
        var failures: [String] = []
        func expectEqual<T: Equatable>(_ label: String, _ actual: T, _ expected: T?) {
            guard let expected, actual != expected else { return }
            failures.append("expected \(label) \(expected), got \(actual)")
        }
        let expect = self.expect
        if let names = expect?.callbacks {
            let actual = device.callbacks.names.map(\.shortName)
            if actual != names { failures.append("expected callbacks \(names), got \(actual)") }
        }
        expectEqual("message kinds", device.messages.map(\.kind.rawValue), expect?.messageKinds)
        expectEqual("duplicates dropped", device.deliveries.duplicates.count, expect?.duplicatesDropped)
        expectEqual("routes opened", device.routes.opened, expect?.routesOpened)
        expectEqual("routes deferred", device.routes.deferred, expect?.routesDeferred)
        expectEqual("routes failed", device.routes.failed, expect?.routesFailed)
        expectEqual("routes fallen back", device.routes.fellBack, expect?.routesFellBack)
        expectEqual(
            "fetch results", device.completions.values(of: .didReceiveRemoteNotification), expect?.fetchResults)
        expectEqual("final state", device.state.rawValue, expect?.finalState)
        expectEqual("typed texts", device.messages.compactMap(\.response?.userText), expect?.userTexts)
        expectEqual(
            "local notifications fired",
            device.scheduler.collapsedRepetitions().values.reduce(device.scheduler.firedNotifications().count) {
                let (sum, overflow) = $0.addingReportingOverflow($1)
                return overflow ? Int.max : sum  // an advance by 1e300 s counts Int.max repetitions
            },
            expect?.localNotificationsFired)
        expectEqual("local notifications on time", Self.onTime(device.scheduler), expect?.localNotificationsOnTime)
        expectEqual(
            "local notifications dropped", device.scheduler.droppedIdentifiers.count, expect?.localNotificationsDropped)
        failures += checkLiveActivities(device)
        failures += checkContentExtension(device)
        failures += checkRetraction(device)
        failures += checkInbox(device)
        failures += checkAccounts(device)
        failures += checkSettings(device)
        failures += checkOtherSDKs(device)
        if expect?.completionsCalledOnce ?? true, !device.completions.allCalledOnce {
            let bad = device.completions.filter { !$0.isCalledOnce }.map(\.description)
            failures.append("expected every completion handler called once: " + bad.joined(separator: "; "))
        }
        return failures
    }
}
