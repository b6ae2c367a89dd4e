internal import PushBusCore

/// The rules of ``PayloadValidator`` for the PushBus retract and replace keys (Docs/Retraction.md).
extension ValidationRun {
    /// Checks the `pushbus` dictionary: the keys' types (what the reader would coerce is a warning, what it would
    /// drop an error), unknown keys, and whether any code can run to carry the retraction out.
    mutating func validateRetraction(_ namespace: PushValue, aps: PushValue?) {
        var issues: [PayloadIssue] = []
        let retraction = PushRetraction.read(namespace, issues: &issues)
        for issue in issues {
            if issue.resolution == .ignored {
                error(issue.keyPath, issue.message)
            } else {
                warning(issue.keyPath, issue.message)
            }
        }
        guard case .object(let members) = namespace else { return }
        let known = [PushRetraction.retractKey, PushRetraction.replacesKey]
        for key in members.keys.sorted() where !known.contains(key) {
            warning(PushRetraction.namespaceKey + "." + key, "not a PushBus key (retract, replaces); ignored")
        }
        guard let retraction else { return }
        var flags: [String: PushValue] = [:]
        if case .object(let members) = aps { flags = members }
        let isContentAvailable = flags[APSKeys.contentAvailable] == .int(1)
        let hasAlert = flags[APSKeys.alert] != nil
        let runsServiceExtension = flags[APSKeys.mutableContent] == .int(1) && hasAlert
        let path = PushRetraction.namespaceKey
        if !isContentAvailable && !runsServiceExtension {
            error(
                path,
                "no code runs for this push, so nothing is taken back: add \"content-available\": 1 (the app, when "
                    + "running or woken) or an alert with \"mutable-content\": 1 (the Notification Service Extension)")
        }
        if retraction.replaced != nil && !hasAlert {
            error(
                path + "." + PushRetraction.replacesKey,
                "a replacing push shows the new content: it needs an alert (to take a message back without "
                    + "showing anything, use retract)")
        }
    }
}
