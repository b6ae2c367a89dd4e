/// Something wrong in a payload, and what PushBus did about it.
///
/// Parsing never throws: a wrong type is coerced where the meaning is unambiguous (`"badge": "3"` reads as 3)
/// and ignored otherwise, and either way an issue is recorded so nothing is silently lost.
public struct PayloadIssue: Sendable, Hashable, CustomStringConvertible {
    /// What PushBus did with the offending value.
    public enum Resolution: String, Sendable, Hashable, Codable {
        /// The value was converted to the expected type (for example `"3"` to `3`).
        case coerced
        /// The value was dropped; the field reads as absent.
        case ignored
        /// The value was kept as it is; the issue is informational.
        case kept
    }

    /// Where the value sits, as a dotted key path (`aps.alert.title`, `items[2]`); empty for the root.
    public var keyPath: String
    /// A sentence a person understands: what was found and what was expected.
    public var message: String
    /// What was done.
    public var resolution: Resolution

    package init(keyPath: String, message: String, resolution: Resolution) {
        self.keyPath = keyPath
        self.message = message
        self.resolution = resolution
    }

    public var description: String {
        "\(keyPath.isEmpty ? "<root>" : keyPath): \(message) (\(resolution.rawValue))"
    }
}

extension PayloadIssue {
    /// Issues sorted by key path, keeping the order found within one path.
    ///
    /// Dictionaries iterate in a per-instance order, so the same payload read twice (or from `userInfo` and
    /// from JSON) could otherwise list its issues in different orders and compare unequal.
    static func inDeterministicOrder(_ issues: [PayloadIssue]) -> [PayloadIssue] {
        guard issues.count > 1 else { return issues }
        return issues.enumerated()
            .sorted { lhs, rhs in
                lhs.element.keyPath == rhs.element.keyPath
                    ? lhs.offset < rhs.offset
                    : lhs.element.keyPath.utf8.lexicographicallyPrecedes(rhs.element.keyPath.utf8)
            }
            .map(\.element)
    }
}
