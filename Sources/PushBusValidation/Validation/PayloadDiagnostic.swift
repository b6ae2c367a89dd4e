/// One finding of ``PayloadValidator``: how bad it is, where, and what to do about it.
public struct PayloadDiagnostic: Sendable, Hashable, CustomStringConvertible, Codable {
    /// How bad a finding is.
    public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        /// APNs rejects the payload, or the device cannot read the key as intended.
        case error
        /// The payload is delivered, but probably not as the sender meant.
        case warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }
    }

    /// Whether APNs rejects the payload (``Severity/error``) or it is probably not what the sender meant
    /// (``Severity/warning``).
    public var severity: Severity
    /// Where the finding sits, as a dotted key path (`aps.alert.title`, `aps.alert.loc-args[1]`); empty for
    /// the payload as a whole.
    public var keyPath: String
    /// A sentence a person understands: what is wrong and what is expected.
    public var message: String

    package init(severity: Severity, keyPath: String, message: String) {
        self.severity = severity
        self.keyPath = keyPath
        self.message = message
    }

    /// `error: aps.badge: expected a non-negative integer, found the string "3"`.
    public var description: String {
        "\(severity.rawValue): \(keyPath.isEmpty ? "<payload>" : keyPath): \(message)"
    }
}
