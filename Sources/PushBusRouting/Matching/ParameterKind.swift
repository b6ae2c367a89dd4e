import Foundation

/// The type of a path parameter (`:id(int)`); the order of the cases is the matching priority.
///
/// At one position, a typed parameter is tried before an untyped one, and `int` before `double` (every
/// integer is also a double), so the most specific route wins whatever the registration order.
enum ParameterKind: Int, Sendable, Hashable, Comparable, CaseIterable {
    case int
    case uuid
    case double
    case string

    /// The name used in patterns: `:id(int)`.
    init?(name: Substring) {
        switch name {
        case "int": self = .int
        case "uuid": self = .uuid
        case "double": self = .double
        case "string": self = .string
        default: return nil
        }
    }

    var name: String {
        switch self {
        case .int: return "int"
        case .uuid: return "uuid"
        case .double: return "double"
        case .string: return "string"
        }
    }

    /// A Boolean value indicating whether a decoded path segment is a valid value of this type.
    func accepts(_ value: String) -> Bool {
        switch self {
        case .string: return true
        case .int: return Int(value) != nil
        case .double:
            guard let number = Double(value) else { return false }
            return number.isFinite
        case .uuid: return UUID(uuidString: value) != nil
        }
    }

    static func < (lhs: ParameterKind, rhs: ParameterKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
