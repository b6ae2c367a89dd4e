import Foundation

extension PushValue {
    /// Converts what iOS hands over in `userInfo` (`[AnyHashable: Any]`, `NSNumber`, `NSString`, `NSArray`,
    /// `NSDictionary`, `Date`, `Data`, `NSNull`, and their Swift counterparts) into a value.
    ///
    /// `NSNumber` Booleans stay Booleans and integers stay integers. A `Date` becomes an ISO 8601 string and
    /// `Data` a Base64 string. Anything with no JSON meaning becomes `.null`; use
    /// ``convert(_:path:issues:)`` to learn about it.
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
        convert(value, path: path, depth: 0, issues: &issues)
    }

    /// Deeper than this, a nested value is replaced by `.null` and reported: no recursion runs away.
    public static let maximumDepth = 64

    private static func convert(_ value: Any, path: String, depth: Int, issues: inout [PayloadIssue]) -> PushValue {
        if depth > maximumDepth {
            issues.append(
                PayloadIssue(keyPath: path, message: "nested deeper than \(maximumDepth) levels", resolution: .ignored))
            return .null
        }
        // Exact Swift types first: a Swift `Bool` or `Int` must not go through NSNumber's guesswork.
        switch value {
        case let string as String where type(of: value) == String.self: return .string(string)
        case let bool as Bool where type(of: value) == Bool.self: return .bool(bool)
        case let int as Int where type(of: value) == Int.self: return .int(int)
        case let double as Double where type(of: value) == Double.self: return number(double, path: path, issues: &issues)
        default: break
        }
        switch value {
        case let number as NSNumber:
            return convert(number, path: path, issues: &issues)
        case let string as String:
            return .string(string)
        case let substring as Substring:
            return .string(String(substring))
        case is NSNull:
            return .null
        case let date as Date:
            return .string(iso8601(date))
        case let data as Data:
            return .string(data.base64EncodedString())
        case let url as URL:
            return .string(url.absoluteString)
        case let dictionary as [String: Any]:
            var members: [String: PushValue] = [:]
            members.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                members[key] = convert(element, path: join(path, key), depth: depth + 1, issues: &issues)
            }
            return .object(members)
        case let dictionary as [AnyHashable: Any]:
            return object(dictionary, path: path, depth: depth, issues: &issues)
        case let dictionary as NSDictionary:
            var members: [AnyHashable: Any] = [:]
            for (key, element) in dictionary {
                if let key = key as? AnyHashable { members[key] = element }
            }
            return object(members, path: path, depth: depth, issues: &issues)
        case let array as [Any]:
            return .array(
                array.enumerated().map { index, element in
                    convert(element, path: "\(path)[\(index)]", depth: depth + 1, issues: &issues)
                })
        case let array as NSArray:
            return .array(
                array.enumerated().map { index, element in
                    convert(element, path: "\(path)[\(index)]", depth: depth + 1, issues: &issues)
                })
        default:
            if let optional = value as? OptionalProtocol {
                guard let wrapped = optional.wrappedAny else { return .null }
                return convert(wrapped, path: path, depth: depth, issues: &issues)
            }
            issues.append(
                PayloadIssue(
                    keyPath: path, message: "a value of type \(type(of: value)) has no JSON meaning",
                    resolution: .ignored))
            return .null
        }
    }

    private static func object(
        _ dictionary: [AnyHashable: Any], path: String, depth: Int, issues: inout [PayloadIssue]
    ) -> PushValue {
        var members: [String: PushValue] = [:]
        members.reserveCapacity(dictionary.count)
        for (key, element) in dictionary {
            let name: String
            if let string = key.base as? String {
                name = string
            } else {
                name = String(describing: key.base)
                issues.append(
                    PayloadIssue(
                        keyPath: join(path, name), message: "key of type \(type(of: key.base)) is not a string",
                        resolution: .coerced))
            }
            members[name] = convert(element, path: join(path, name), depth: depth + 1, issues: &issues)
        }
        return .object(members)
    }

    /// The class Foundation uses for `NSNumber` Booleans (`__NSCFBoolean` on Apple platforms and on Linux).
    private static let booleanClass: ObjectIdentifier = ObjectIdentifier(type(of: NSNumber(value: true)))

    private static func convert(_ number: NSNumber, path: String, issues: inout [PayloadIssue]) -> PushValue {
        if ObjectIdentifier(type(of: number)) == booleanClass { return .bool(number.boolValue) }
        switch number.objCType.pointee {
        // c C s S i I l L q Q: integer encodings ("c" is also char, which NSNumber uses for Int8).
        case 0x63, 0x43, 0x73, 0x53, 0x69, 0x49, 0x6C, 0x4C, 0x71:
            return .int(number.intValue)
        case 0x51:  // Q: unsigned 64-bit, may not fit an Int.
            let unsigned = number.uint64Value
            if let exact = Int(exactly: unsigned) { return .int(exact) }
            issues.append(
                PayloadIssue(keyPath: path, message: "integer \(unsigned) does not fit in Int", resolution: .coerced))
            return .double(Double(unsigned))
        default:
            return PushValue.number(number.doubleValue, path: path, issues: &issues)
        }
    }

    private static func number(_ value: Double, path: String, issues: inout [PayloadIssue]) -> PushValue {
        guard value.isFinite else {
            issues.append(
                PayloadIssue(keyPath: path, message: "number \(value) has no JSON meaning", resolution: .ignored))
            return .null
        }
        return .double(value)
    }

    private static func iso8601(_ date: Date) -> String {
        // ISO8601DateFormatter is not Sendable on every platform; a fresh one per call keeps this thread-safe.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    @inline(__always)
    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    /// Converts the value back to Foundation objects (`[String: Any]`, `[Any]`, `NSNull`, …), as `userInfo` holds them.
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

    /// Parses JSON bytes. Throws ``PushValueError`` when the bytes are not JSON.
    public init(json data: Data) throws {
        do {
            self = try JSONDecoder().decode(PushValue.self, from: data)
        } catch {
            throw PushValueError.invalidJSON(String(describing: error))
        }
    }

    /// The value as compact JSON text with sorted keys.
    public func jsonData(prettyPrinted: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
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

private protocol OptionalProtocol {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalProtocol {
    fileprivate var wrappedAny: Any? {
        switch self {
        case .some(let wrapped): return wrapped
        case .none: return nil
        }
    }
}
