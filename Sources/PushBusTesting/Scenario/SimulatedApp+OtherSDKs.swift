internal import Foundation
import PushBusCategories
import PushBusCore
import PushBusDelivery

/// The other push SDKs of a scenario's app (`app.otherSDKs`, `Docs/Coexistence.md`).
extension SimulatedApp {
    static func installOtherSDKs(_ app: SimulationScenario.AppSetup, on device: SimulatedDevice) throws {
        let setups = app.otherSDKs ?? []
        switch app.presentationAnswers {
        case nil: break
        case "union": device.presentationAnswers = .union
        case "pushBusOnly": device.presentationAnswers = .pushBusOnly
        case let other?: throw ScenarioError("unknown presentationAnswers '\(other)' (union, pushBusOnly)")
        }
        var told: [SimulatedSDK] = []
        for setup in setups {
            let answers: SimulatedSDK.Answers
            switch setup.answers ?? "once" {
            case "once": answers = .once
            case "twice": answers = .twice
            case "never": answers = .never
            case "late":
                guard let delay = setup.answerAfter else { throw ScenarioError("answers 'late' needs 'answerAfter'") }
                answers = .late(delay)
            case let other: throw ScenarioError("unknown answers '\(other)' (once, twice, never, late)")
            }
            let presentation = try setup.presentation.map { try PresentationOptions(names: $0) } ?? [.banner, .list]
            let categories = (setup.categories ?? []).map(SimulatedDevice.Configuration.category)
            let providers = try (setup.providers ?? []).map {
                try SimulatedApp.providerName($0, in: "other SDK '\(setup.name)'")
            }
            let sdk = SimulatedSDK(
                name: setup.name, providers: Set(providers),
                categories: categories, presentation: presentation, answers: answers,
                countsBadge: setup.countsBadge ?? false)
            device.otherSDKs.install(sdk)
            if setup.appReportsBadge == true { told.append(sdk) }
        }
        guard !told.isEmpty else { return }
        guard app.inbox != nil else {
            throw ScenarioError("appReportsBadge needs the app's inbox badge: add \"inbox\": {} to \"app\"")
        }
        device.syncInboxBadge(with: SimulatedSDKBadge(device: device, tells: told))
    }
}

extension SimulationScenario {
    func checkOtherSDKs(_ device: SimulatedDevice) -> [String] {
        var failures: [String] = []
        if let expected = expect?.sdkCallbacks {
            for (name, calls) in expected.sorted(by: { $0.key < $1.key }) {
                guard let sdk = device.otherSDKs.named(name) else {
                    failures.append("expected callbacks of SDK '\(name)', which the app does not have")
                    continue
                }
                let actual = sdk.callbacks.map(\.scenarioDescription)
                if actual != calls { failures.append("expected \(name) callbacks \(calls), got \(actual)") }
            }
        }
        if let expected = expect?.presentations {
            let actual = device.completions.values(of: .willPresent)
            if actual != expected { failures.append("expected presentations \(expected), got \(actual)") }
        }
        for (name, expected) in (expect?.sdkBadges ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let sdk = device.otherSDKs.named(name) else {
                failures.append("expected the badge reported to SDK '\(name)', which the app does not have")
                continue
            }
            if sdk.reportedBadge != expected {
                failures.append(
                    "expected the app to have reported badge \(expected) to \(name), got \(sdk.reportedBadge)"
                        + " (reports: \(sdk.reportedBadges))")
            }
        }
        if let expected = expect?.registeredCategories, device.categoryOwnership.owners != expected {
            failures.append("expected registered categories \(expected), got \(device.categoryOwnership.owners)")
        }
        return failures
    }
}

extension SimulatedSDK.Callback {
    /// `willPresent ID`, `didReceive ID ACTION`, `openSettingsFor [ID]`.
    var scenarioDescription: String {
        let action = self.action.map { $0 == PushResponse.Action.defaultActionIdentifier ? "open" : $0 }
        return ([name] + [notification, action].compactMap { $0 }).joined(separator: " ")
    }
}
