internal import Foundation
import PushBusAuthorization
import PushBusRouting

/// The authorization, settings and link steps of a scenario (`Docs/Scenarios.md`).
extension SimulatedApp {
    /// Runs `step` if it is a settings or link step.
    ///
    /// - Returns: `false` when `step.do` is not one.
    func performSettingsStep(_ step: SimulationScenario.Step) async throws -> Bool {
        switch step.do {
        case "answerPrompt":
            let name = try required(step.answer, "answer", step)
            guard let answer = SimulatedDevice.PromptAnswer(rawValue: name) else {
                throw ScenarioError("unknown answer '\(name)' (allow, dontAllow, provisional)")
            }
            device.settings.promptAnswer = answer
        case "register":
            await device.registerForNotifications(
                options: try Self.options(step.options), categories: device.categories)
        case "escalate":
            _ = await device.escalateAuthorization(options: try Self.options(step.options))
        case "changeSettings":
            let status = try step.status.map { name -> NotificationSettingsSnapshot.AuthorizationStatus in
                guard let status = NotificationSettingsSnapshot.AuthorizationStatus(rawValue: name) else {
                    throw ScenarioError("unknown authorization '\(name)'")
                }
                return status
            }
            let edits = try (step.settings ?? [:]).map { key, value in try Self.settingEdit(key, value) }
            device.settings.change { settings in
                if let status { settings.status = status }
                for edit in edits { edit(&settings) }
            }
        case "openSettings": try device.settings.openAppSettings(from: step.id)
        case "openURL": device.openURL(try Self.url(try required(step.url, "url", step)))
        case "openUniversalLink": device.openUniversalLink(try Self.url(try required(step.url, "url", step)))
        default:
            return false
        }
        return true
    }

    /// What the app does at launch for `openSettingsFor`: opens `route` (source `.settings`).
    static func attachSettingsRoute(_ route: String?, in process: SimulatedDevice.AppProcess) {
        guard let route, let router = process.router else { return }
        process.keep(router.notifications.routeSettingsRequests(from: process.notificationSettings, to: route))
    }

    static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw ScenarioError("invalid url '\(text)'") }
        return url
    }

    /// Authorization options by name (`alert`, `sound`, `badge`, `carPlay`, `criticalAlert`,
    /// `providesAppNotificationSettings`, `provisional`, `announcement`, `timeSensitive`); absent: alert, sound,
    /// badge.
    static func options(_ names: [String]?) throws -> AuthorizationOptions {
        guard let names else { return .standard }
        let known: [String: AuthorizationOptions] = [
            "alert": .alert, "sound": .sound, "badge": .badge, "carPlay": .carPlay, "criticalAlert": .criticalAlert,
            "providesAppNotificationSettings": .providesAppNotificationSettings, "provisional": .provisional,
            "announcement": .announcement, "timeSensitive": .timeSensitive,
        ]
        return try names.reduce(into: []) { options, name in
            guard let option = known[name] else { throw ScenarioError("unknown authorization option '\(name)'") }
            options.insert(option)
        }
    }

    /// One user edit: a setting field (`alert`, `sound`, `badge`, `lockScreen`, `notificationCenter`) to
    /// `enabled`/`disabled`.
    static func settingEdit(_ key: String, _ value: String) throws
        -> @Sendable (inout NotificationSettingsSnapshot)
        -> Void
    {
        guard let setting = NotificationSettingsSnapshot.Setting(rawValue: value) else {
            throw ScenarioError("unknown setting value '\(value)' (enabled, disabled, notSupported)")
        }
        switch key {
        case "alert": return { $0.alert = setting }
        case "sound": return { $0.sound = setting }
        case "badge": return { $0.badge = setting }
        case "lockScreen": return { $0.lockScreen = setting }
        case "notificationCenter": return { $0.notificationCenter = setting }
        default: throw ScenarioError("unknown setting '\(key)' (alert, sound, badge, lockScreen, notificationCenter)")
        }
    }
}

extension SimulationScenario {
    /// The unmet settings and link expectations.
    func checkSettings(_ device: SimulatedDevice) -> [String] {
        var failures: [String] = []
        if let expected = expect?.settingsChanges {
            let actual = device.settings.changes.map(\.current.status.rawValue)
            if actual != expected { failures.append("expected settings changes \(expected), got \(actual)") }
        }
        if let expected = expect?.authorization, device.authorization.rawValue != expected {
            failures.append("expected authorization \(expected), got \(device.authorization.rawValue)")
        }
        if let expected = expect?.openSettingsRequests, device.settings.openSettingsRequestCount != expected {
            failures.append(
                "expected \(expected) open-settings requests, got \(device.settings.openSettingsRequestCount)")
        }
        if let expected = expect?.routeSources {
            let actual = device.routes.map(\.source.description)
            if actual != expected { failures.append("expected route sources \(expected), got \(actual)") }
        }
        return failures
    }
}
