import Foundation

extension PushValue {
    /// Converts what iOS hands over in `userInfo` (`[AnyHashable: Any]`, `NSNumber`, `NSString`, `NSArray`,
    /// `NSDictionary`, `Date`, `Data`, `NSNull`, and their Swift counterparts) into a value.
    ///
    /// `NSNumber` Booleans stay Booleans and integers stay integers; non-string keys are stringified. A `Date`
    /// becomes an ISO 8601 string and `Data` a Base64 string. Anything with no JSON meaning becomes `.null`;
    /// use ``convert(_:path:issues:)`` to learn what was changed.
    public init(any value: Any) {
        var issues: [PayloadIssue] = []
        self = PushValue.convert(value, path: "", issues: &issues)
    }

    /// Converts a Foundation value, recording in `issues` every key that was not a string and every value
    /// that had no JSON meaning.
    ///
    /// - Parameters:
    ///   - value: What iOS (or the app) handed over.
    ///   - path: The key path of `value`, used in the issues; empty for the root.
    ///   - issues: Receives one ``PayloadIssue`` per problem found.
    public static func convert(_ value: Any, path: String, issues: inout [PayloadIssue]) -> PushValue {
        var converter = FoundationConverter(path: PayloadPath(prefix: path), issues: issues)
        let result = converter.convert(value)
        issues = converter.issues
        return result
    }

    /// Deeper than this, a nested value is replaced by `.null` and reported: no recursion runs away.
    public static let maximumDepth = 64

    /// Converts the value back to Foundation objects (`[String: Any]`, `[Any]`, `NSNull`, …), as `userInfo`
    /// holds them.
    public var foundationValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .string(let value): return value
        case .array(let value): return value.map(\.foundationValue)
        case .object(let value): return value.mapValues(\.foundationValue)
        }
    }
}

/// Why bytes could not be read as a ``PushValue``.
public enum PushValueError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidJSON(String)

    public var description: String {
        switch self {
        case .invalidJSON(let reason): return "not valid JSON: \(reason)"
        }
    }
}
