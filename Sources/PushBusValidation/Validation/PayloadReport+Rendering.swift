internal import Foundation
package import PushBusCore

extension PayloadReport {
    /// The longest value the text report prints in full; longer ones are cut, saying how much was left out.
    static let textValueLimit = 200

    /// The report for people: a summary line, the diagnostics, then the normalized message.
    ///
    /// Control characters in the payload's strings and keys (and in the source name) are escaped, so printing
    /// the report cannot drive the terminal; values longer than 200 characters are cut.
    package var text: String {
        var lines: [String] = []
        if let readFailure {
            return "\(source): cannot read: \(readFailure)".escapingControlCharacters + "\n"
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        lines.append(
            "\(source): \(errors == 0 ? "valid" : "invalid") "
                + "(\(plural(errors, "error")), \(plural(warnings, "warning")))"
        )
        for diagnostic in diagnostics { lines.append("  \(diagnostic)") }
        if let message {
            lines.append("message:")
            for (label, value) in message.reportFields() {
                lines.append("  \(label): \(value.truncated(to: Self.textValueLimit))")
            }
            let issues = message.content.issues
            lines.append("  reading issues: \(issues.isEmpty ? "none" : String(issues.count))")
            for issue in issues { lines.append("    \(String(describing: issue).truncated(to: Self.textValueLimit))") }
        }
        return lines.map(\.escapingControlCharacters).joined(separator: "\n") + "\n"
    }

    /// The report as a JSON value: `source`, `status`, `diagnostics`, `message`.
    package var json: PushValue {
        var object: [String: PushValue] = [
            "source": .string(source),
            "status": .string(statusName),
            "exitStatus": .int(Int(status.rawValue)),
            "diagnostics": .array(
                diagnostics.map {
                    [
                        "severity": .string($0.severity.rawValue), "keyPath": .string($0.keyPath),
                        "message": .string($0.message),
                    ]
                }),
        ]
        if let readFailure { object["readFailure"] = .string(readFailure) }
        if let message { object["message"] = message.reportValue() }
        return .object(object)
    }

    private var statusName: String {
        switch status {
        case .clean: return "clean"
        case .errors: return "errors"
        case .unreadable: return "unreadable"
        }
    }

    private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

extension PushMessage {
    /// The message's normalized fields as labelled text, in a fixed order; absent fields are left out.
    func reportFields() -> [(String, String)] {
        var fields: [(String, String)] = [
            ("id", id.rawValue), ("kind", kind.rawValue), ("silent", isSilent ? "yes" : "no"),
        ]
        if let provider { fields.append(("provider", provider.description)) }
        if let deepLink { fields.append(("deep link", deepLink.absoluteString)) }
        if let imageURL { fields.append(("image", imageURL.absoluteString)) }
        for button in actionButtons {
            fields.append(("button", button.title + (button.link.map { " → " + $0.absoluteString } ?? "")))
        }
        for (key, value) in content.reportMembers() {
            let text: String
            switch value {
            case .string(let string): text = string
            default: text = value.jsonString()
            }
            fields.append((key, text))
        }
        return fields
    }

    /// The message's normalized fields as a JSON object: the one rendering of a message that `pushbus validate
    /// --json` and `pushbus simulate --json` share.
    package func reportValue() -> PushValue {
        var object: [String: PushValue] = [
            "id": .string(id.rawValue), "kind": .string(kind.rawValue), "isSilent": .bool(isSilent),
            "path": .string(path.rawValue), "appState": .string(appState.rawValue),
        ]
        if let provider {
            object["provider"] = [
                "name": .string(provider.name.rawValue), "messageID": provider.messageID.map(PushValue.string) ?? .null,
            ]
        }
        if let deepLink { object["deepLink"] = .string(deepLink.absoluteString) }
        if let imageURL { object["imageURL"] = .string(imageURL.absoluteString) }
        let buttons = actionButtons
        if !buttons.isEmpty {
            object["actionButtons"] = .array(
                buttons.map { button in
                    var members: [String: PushValue] = ["title": .string(button.title)]
                    if let identifier = button.identifier { members["identifier"] = .string(identifier) }
                    if let link = button.link { members["link"] = .string(link.absoluteString) }
                    return .object(members)
                })
        }
        if let response {
            object["action"] = .string(response.action.identifier)
            if let text = response.userText { object["userText"] = .string(text) }
        }
        var content: [String: PushValue] = [:]
        for (key, value) in self.content.reportMembers() { content[key] = value }
        object["content"] = .object(content)
        object["issues"] = .array(
            self.content.issues.map {
                [
                    "keyPath": .string($0.keyPath), "message": .string($0.message),
                    "resolution": .string($0.resolution.rawValue),
                ]
            })
        return .object(object)
    }
}

extension PushContent {
    /// The typed fields that are set, named after their Swift properties, in declaration order.
    func reportMembers() -> [(String, PushValue)] {
        var members: [(String, PushValue)] = []
        func add(_ name: String, _ value: String?) { if let value { members.append((name, .string(value))) } }
        func add(_ name: String, _ value: [String]?) {
            if let value { members.append((name, .array(value.map(PushValue.string)))) }
        }
        add("title", title)
        add("subtitle", subtitle)
        add("body", body)
        add("launchImageName", launchImageName)
        add("titleLocalizationKey", titleLocalizationKey)
        add("titleLocalizationArguments", titleLocalizationArguments)
        add("subtitleLocalizationKey", subtitleLocalizationKey)
        add("subtitleLocalizationArguments", subtitleLocalizationArguments)
        add("bodyLocalizationKey", bodyLocalizationKey)
        add("bodyLocalizationArguments", bodyLocalizationArguments)
        add("actionLocalizationKey", actionLocalizationKey)
        if let badge { members.append(("badge", .int(badge))) }
        switch sound {
        case nil: break
        case .default?: members.append(("sound", "default"))
        case .named(let name)?: members.append(("sound", .string(name)))
        case .critical(let name, let volume)?:
            members.append(("sound", ["critical": true, "name": .string(name), "volume": .double(volume)]))
        }
        add("categoryIdentifier", categoryIdentifier)
        add("threadIdentifier", threadIdentifier)
        add("targetContentIdentifier", targetContentIdentifier)
        add("interruptionLevel", interruptionLevel?.rawValue)
        if let relevanceScore { members.append(("relevanceScore", .double(relevanceScore))) }
        add("filterCriteria", filterCriteria)
        if isContentAvailable { members.append(("isContentAvailable", true)) }
        if isMutableContent { members.append(("isMutableContent", true)) }
        if let liveActivity { members.append(("liveActivity", liveActivity.reportValue())) }
        if let retraction {
            var object: [String: PushValue] = [:]
            if !retraction.retracted.isEmpty {
                object["retracted"] = .array(retraction.retracted.map(PushValue.string))
            }
            if let replaced = retraction.replaced { object["replaced"] = .string(replaced) }
            members.append(("retraction", .object(object)))
        }
        if !customData.isEmpty { members.append(("customData", .object(customData))) }
        return members
    }
}

extension LiveActivityContent {
    func reportValue() -> PushValue {
        var object: [String: PushValue] = [:]
        if let event { object["event"] = .string(event) }
        if let timestamp { object["timestamp"] = .double(timestamp.timeIntervalSince1970) }
        if let staleDate { object["staleDate"] = .double(staleDate.timeIntervalSince1970) }
        if let dismissalDate { object["dismissalDate"] = .double(dismissalDate.timeIntervalSince1970) }
        if let contentState { object["contentState"] = contentState }
        if let attributesType { object["attributesType"] = .string(attributesType) }
        if let attributes { object["attributes"] = attributes }
        return .object(object)
    }
}
