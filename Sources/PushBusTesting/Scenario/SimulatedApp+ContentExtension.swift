internal import Foundation
import PushBusContentExtensionKit
@_spi(PushBusInternals) import PushBusCore
import PushBusDelivery
import PushBusLocalNotifications

extension SimulationScenario {
    /// The app's Notification Content Extension: what its `Info.plist` declares and what its code does when the
    /// user confirms (the recurring reminder: save the value to the app group, schedule the next reminder).
    public struct ContentExtensionSetup: Sendable, Decodable {
        /// `UNNotificationExtensionCategory`: the categories whose notifications it shows.
        public var categories: [String]
        /// `UNNotificationExtensionUserInteractionEnabled`; default `true`.
        public var interactive: Bool?
        /// The shared value the extension saves the chosen value under (the reminder's `nextReminderSeconds`), also
        /// the name of the value attached to its answer; default `value`.
        public var valueKey: String?
        /// The recurring reminder's loop: on confirm the extension schedules the next reminder after the chosen number
        /// of seconds, clamped to `minimum…maximum`; `action` names the confirm control.
        public var reminder: ReminderSetup?
    }
}

/// The content-extension steps of a scenario (`Docs/ContentExtension.md`).
extension SimulatedApp {
    static func installContentExtension(_ setup: SimulationScenario.ContentExtensionSetup, on device: SimulatedDevice) {
        device.contentExtension.install(
            .init(categories: Set(setup.categories), isUserInteractionEnabled: setup.interactive ?? true))
        device.contentExtensionSlot.state.withLock { $0.scenarioSetup = setup }
    }

    /// Runs `step` if it is a content-extension step.
    ///
    /// - Returns: `false` when `step.do` is not one.
    func performContentExtensionStep(_ step: SimulationScenario.Step) throws -> Bool {
        let setup = device.contentExtensionSlot.state.withLock { $0.scenarioSetup }
        let valueKey = setup?.valueKey ?? "value"
        var values: [String: String] {
            device.contentExtension.value.map { [valueKey: $0] } ?? [:]
        }
        switch step.do {
        case "longPress":
            try device.contentExtension.longPress(try required(step.id, "id", step))
        case "extensionSetValue":
            let value = try required(step.text ?? step.seconds.map { String(Int($0)) }, "text or seconds", step)
            device.contentExtension.interact(value: value)
        case "extensionConfirm":
            let action = step.action ?? setup?.reminder?.action ?? "CONFIRM"
            try confirmInContentExtension(action: action, setup: setup, valueKey: valueKey)
        case "extensionAction":
            let action = try required(step.action, "action", step)
            let name = step.option ?? "dismiss"
            let disposition = ContentExtensionDisposition(rawValue: name)
            guard [.doNotDismiss, .dismiss, .dismissAndForwardAction].contains(disposition) else {
                throw ScenarioError("unknown option '\(name)' (doNotDismiss, dismiss, dismissAndForwardAction)")
            }
            try device.contentExtension.answer(.init(action: action, disposition: disposition, values: values))
        case "extensionOpenApp":
            try device.contentExtension.answer(
                .init(
                    action: PushResponse.Action.defaultActionIdentifier, disposition: .performDefaultAction,
                    values: values))
        case "extensionClose":
            device.contentExtension.close()
        default:
            return false
        }
        return true
    }

    /// The reminder's confirm button, run by the extension's process: save the value to the app group, schedule the
    /// next reminder, then `dismissNotificationContentExtension()` with the value attached.
    private func confirmInContentExtension(
        action: String, setup: SimulationScenario.ContentExtensionSetup?, valueKey: String
    ) throws {
        guard device.contentExtension.session != nil else {
            throw ScenarioError("no content extension on screen: long-press a notification first")
        }
        let value = device.contentExtension.value
        var values: [String: String] = [:]
        if let value {
            values[valueKey] = value
            if let store = device.contentExtension.sharedValues {
                do {
                    if let number = Int(value) {
                        try store.set(number, for: SharedValueKey<Int>(valueKey))
                    } else {
                        try store.set(value, for: SharedValueKey<String>(valueKey))
                    }
                    device.note("content extension: saves \(valueKey) = \(value) to the app group")
                } catch {
                    device.note("content extension: cannot save \(valueKey): \(error)")
                }
            }
        }
        if let reminder = setup?.reminder {
            if let seconds = Self.reminderDelay(value ?? "", reminder) {
                let content = PushContent(
                    title: reminder.title, body: "Next reminder in \(Int(seconds)) s", sound: .default,
                    categoryIdentifier: reminder.category)
                try device.schedule(
                    local: LocalNotificationRequest(
                        identifier: reminder.identifier, content: content,
                        trigger: .timeInterval(seconds, repeats: false)))
                device.note("content extension: schedules the next reminder in \(Int(seconds)) s")
            } else {
                device.note("content extension: \"\(value ?? "")\" is not a number of seconds; nothing scheduled")
            }
        }
        try device.contentExtension.answer(.init(action: action, disposition: .dismissExtension, values: values))
    }
}

extension SimulationScenario {
    /// The unmet content-extension expectations.
    func checkContentExtension(_ device: SimulatedDevice) -> [String] {
        guard let expected = expect?.extensionAnswers else { return [] }
        let actual = device.messages.filter { $0.path == .contentExtension }.map { message -> String in
            let response = message.response
            let values = response?.values ?? [:]
            let action = response?.action.description ?? "?"
            return ([action] + values.keys.sorted().map { "\($0)=\(values[$0] ?? "")" }).joined(separator: " ")
        }
        return actual == expected ? [] : ["expected content-extension answers \(expected), got \(actual)"]
    }
}
