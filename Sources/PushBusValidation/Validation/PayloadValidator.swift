public import Foundation
public import PushBusCore

/// Strict checks a sender runs before handing a payload to APNs.
///
/// Unlike `PushContent/init(userInfo:)`, which reads whatever arrives as well as it can, the validator
/// reports everything APNs would reject or a device would read differently from what the sender meant:
///
/// ```swift
/// let diagnostics = PayloadValidator.validate(jsonData, pushType: .alert)
/// if diagnostics.contains(where: { $0.severity == .error }) { /* do not send */ }
/// ```
///
/// Rules (Docs/Validation.md lists them all): the bytes are one valid UTF-8 JSON object with no duplicate keys;
/// the size is within the push type's limit (4096 bytes, 5120 for VoIP); `aps` is present (except for the
/// VoIP, complication, File Provider and Push to Talk types) and an object; every `aps` key has its
/// documented type; `content-available` pushes with an alert, sound or badge are flagged (they are not
/// silent); unknown `aps` keys are warned about; `interruption-level` is one of the four levels;
/// `relevance-score` and a critical sound's `volume` are within 0…1; Live Activity keys are checked; a `widgets` or
/// `controls` push is exactly `{"aps": {"content-changed": true}}`. The request headers are checked by
/// ``validateRequest(_:headers:)`` (a push to one device) and ``validateBroadcast(_:headers:)`` (a channel).
public struct PayloadValidator: Sendable {
    /// Checks `json` as a payload sent with `pushType`; an empty result means the payload is clean.
    ///
    /// - Returns: Errors first, then warnings, each in the order found.
    public static func validate(_ json: Data, pushType: PushType = .alert) -> [PayloadDiagnostic] {
        var run = ValidationRun()
        run.validate(json, pushType: pushType)
        return run.diagnostics.filter { $0.severity == .error } + run.diagnostics.filter { $0.severity == .warning }
    }

    /// Checks a payload that is already a `PushValue` (size is measured on its compact JSON form).
    public static func validate(_ payload: PushValue, pushType: PushType = .alert) -> [PayloadDiagnostic] {
        validate(payload.jsonData(), pushType: pushType)
    }
}

/// One validation: collects diagnostics while walking the payload.
struct ValidationRun {
    var diagnostics: [PayloadDiagnostic] = []

    mutating func error(_ keyPath: String, _ message: String) {
        diagnostics.append(PayloadDiagnostic(severity: .error, keyPath: keyPath, message: message))
    }

    mutating func warning(_ keyPath: String, _ message: String) {
        diagnostics.append(PayloadDiagnostic(severity: .warning, keyPath: keyPath, message: message))
    }

    mutating func validate(_ json: Data, pushType: PushType) {
        guard !json.isEmpty else { return error("", "the payload is empty; expected a JSON object") }
        let payload: PushValue
        do {
            let parsed = try JSONParser.parse(json)
            payload = parsed.value
            for note in parsed.notes {
                switch note.kind {
                case .duplicateKey: error(note.keyPath, "the key appears more than once; devices keep only one")
                default: error(note.keyPath, note.message)
                }
            }
        } catch {
            return self.error("", "not valid JSON: \(error)")
        }
        // "Generating a remote notification" and "Sending notification requests to APNs": 4 KB payloads, 5 KB for
        // VoIP; the bytes are one JSON object (the parser reports duplicates, encodings and depth).
        if json.count > pushType.maximumSize {
            error(
                "",
                "the payload is \(json.count) bytes; APNs accepts at most \(pushType.maximumSize) bytes for "
                    + "\(pushType.rawValue) pushes")
        }
        guard case .object(let root) = payload else {
            return error("", "the payload is \(article(payload)); expected a JSON object")
        }
        if pushType.isContentChanged { return validateContentChanged(root, pushType: pushType) }
        if let namespace = root[PushRetraction.namespaceKey] { validateRetraction(namespace, aps: root["aps"]) }
        guard let aps = root["aps"] else {
            if pushType.requiresAPS { error("aps", "the aps dictionary is missing") }
            return
        }
        guard case .object(let members) = aps else {
            return error("aps", "expected an object, found \(article(aps))")
        }
        validateAPS(members, pushType: pushType)
    }

    func article(_ value: PushValue) -> String {
        switch value {
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        case .int(let number): return "the number \(number)"
        case .double(let number): return "the number \(number)"
        case .bool(let flag): return "the Boolean \(flag)"
        case .string(let text): return "the string \"\(text.prefix(40))\""
        }
    }
}
