public import Foundation

extension PushValue {
    /// Parses JSON bytes strictly (RFC 8259).
    ///
    /// Integers stay `.int` (when they fit), other numbers are `.double`. Invalid UTF-8, lone surrogates and
    /// duplicate keys are repaired silently here (U+FFFD, last value wins); ``PushContent/init(json:)`` and
    /// `PayloadValidator` (PushBusValidation) report them.
    ///
    /// - Throws: ``PushValueError/invalidJSON(_:)`` with the line, column and reason when the bytes are not JSON.
    public init(json data: Data) throws(PushValueError) {
        do {
            self = try JSONParser.parse(data).value
        } catch {
            throw PushValueError.invalidJSON(error.description)
        }
    }

    /// Parses JSON bytes strictly and says where nesting first exceeded ``maximumDepth`` (the part cut to
    /// `null`): for documents such as scenario files, where a cut would silently change their meaning.
    ///
    /// - Returns: The value, and the key path of the first cut (`""` for the top level), if any.
    /// - Throws: ``PushValueError/invalidJSON(_:)`` when the bytes are not JSON.
    package static func parse(json data: Data) throws(PushValueError) -> (value: PushValue, tooDeepAt: String?) {
        do {
            let (value, notes) = try JSONParser.parse(data)
            return (value, notes.first { $0.kind == .tooDeep }?.keyPath)
        } catch {
            throw PushValueError.invalidJSON(error.description)
        }
    }

    /// The value as JSON text with sorted keys: compact, or indented by two spaces.
    public func jsonData(prettyPrinted: Bool = false) -> Data {
        Data(jsonString(prettyPrinted: prettyPrinted).utf8)
    }

    /// The value as JSON text with sorted keys: compact, or indented by two spaces.
    package func jsonString(prettyPrinted: Bool = false) -> String {
        var text = ""
        write(to: &text, indent: prettyPrinted ? 0 : nil)
        return text
    }

    private func write(to text: inout String, indent: Int?) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .int(let value): text += String(value)
        case .double(let value):
            if let int = intValue, abs(value) < 1e15 {
                text += String(int) + ".0"
            } else {
                text += value.isFinite ? "\(value)" : "null"
            }
        case .string(let value): PushValue.writeString(value, to: &text)
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "[]"
                return
            }
            text += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { text += "," }
                PushValue.newline(&text, indent.map { $0 + 1 })
                element.write(to: &text, indent: indent.map { $0 + 1 })
            }
            PushValue.newline(&text, indent)
            text += "]"
        case .object(let members):
            guard !members.isEmpty else {
                text += "{}"
                return
            }
            text += "{"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (offset, key) in keys.enumerated() {
                if offset > 0 { text += "," }
                PushValue.newline(&text, indent.map { $0 + 1 })
                PushValue.writeString(key, to: &text)
                text += indent == nil ? ":" : ": "
                members[key]!.write(to: &text, indent: indent.map { $0 + 1 })
            }
            PushValue.newline(&text, indent)
            text += "}"
        }
    }

    private static func newline(_ text: inout String, _ indent: Int?) {
        guard let indent else { return }
        text += "\n" + String(repeating: "  ", count: indent)
    }

    private static func writeString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
