internal import Foundation

extension PushValue {
    /// Converts what iOS hands over in `userInfo` (`[AnyHashable: Any]`, `NSNumber`, `NSString`, `NSArray`,
    /// `NSDictionary`, `Date`, `Data`, `NSNull`, and their Swift counterparts) into a value.
    ///
    /// `NSNumber` Booleans stay Booleans and integers stay integers; non-string keys are stringified (when two
    /// keys read as the same string, a `String` key wins). A `Date` becomes an ISO 8601 string and `Data` a
    /// Base64 string; a nested `PushValue` reads as itself. Anything with no JSON meaning (NaN and infinities
    /// included) becomes `.null`. Cycles, nesting deeper than ``maximumDepth`` and more than
    /// ``maximumValueCount`` values or ``maximumByteCount`` bytes are cut. Use ``convert(_:path:issues:)`` to
    /// learn what was changed.
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

    /// The most values one conversion from Foundation objects reads; the rest is reported and not read.
    ///
    /// A 4 KB APNs payload holds about 2,000 values at most. The limit stops a `userInfo` whose containers share
    /// nodes (each level holding the level below twice) from expanding into millions of values.
    public static let maximumValueCount = 100_000

    /// The most bytes of keys and strings (UTF-8) one conversion from Foundation objects reads; the rest is
    /// reported and not read.
    public static let maximumByteCount = 4 * 1024 * 1024

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
    /// The bytes are not JSON; the text says what was found where (line and column).
    case invalidJSON(String)

    public var description: String {
        switch self {
        case .invalidJSON(let reason): return "not valid JSON: \(reason)"
        }
    }
}
