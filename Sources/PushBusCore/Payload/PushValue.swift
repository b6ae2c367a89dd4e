/// A JSON-like value: what a push payload is made of, in a form that is `Sendable`, `Hashable` and `Codable`.
///
/// Build one from what iOS hands over with ``init(any:)`` (or ``PushValue/convert(_:path:issues:)`` to keep
/// the conversion's ``PayloadIssue``s), or write one as a literal in tests:
///
/// ```swift
/// let payload: PushValue = ["aps": ["alert": "Hi", "badge": 2], "route": "app://product/12345"]
/// let badge = payload["aps"]?["badge"]?.intValue  // 2
/// ```
public enum PushValue: Sendable, Hashable {
    /// JSON `null` (`NSNull` from Foundation).
    case null
    /// `true` or `false`; an `NSNumber` made from a `Bool` stays a bool.
    case bool(Bool)
    /// A number without fraction or exponent that fits in `Int`.
    case int(Int)
    /// Any other finite number.
    case double(Double)
    /// A string.
    case string(String)
    /// A JSON array.
    case array([PushValue])
    /// A JSON object, keyed by string.
    case object([String: PushValue])
}

extension PushValue {
    /// The string, if this is `.string`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, if this is `.int`, or a `.double` with no fractional part that fits an `Int`.
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value):
            guard value.rounded() == value, let exact = Int(exactly: value) else { return nil }
            return exact
        default: return nil
        }
    }

    /// The number as a `Double`, if this is `.int` or `.double`.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The Boolean, if this is `.bool`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this is `.array`.
    public var arrayValue: [PushValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this is `.object`.
    public var objectValue: [String: PushValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// A Boolean value indicating whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member named `key`, if this is an object that has it.
    public subscript(key: String) -> PushValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index`, if this is an array long enough.
    public subscript(index: Int) -> PushValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// The JSON type with its article, for sentences ("a string", "an object", "null").
    var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .int: return "an integer"
        case .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A short name of the value's JSON type, for diagnostics ("string", "object", …).
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int: return "integer"
        case .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension PushValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: PushValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, PushValue)...) {
        var members: [String: PushValue] = [:]
        members.reserveCapacity(elements.count)
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}

extension PushValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([PushValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: PushValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
