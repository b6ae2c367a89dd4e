import Foundation

/// Walks what iOS hands over in `userInfo` and builds a ``PushValue``, collecting ``PayloadIssue``s.
///
/// The common shapes (`String`, `Int`, `Bool`, `Double`, `[String: Any]`, `[AnyHashable: Any]`, `[Any]`) are
/// recognized by their exact dynamic type first: a conditional cast such as `as? [String: Any]` on an
/// `[AnyHashable: Any]` would copy the whole dictionary, and `as? NSNumber` would box a Swift `Bool` or `Int`.
/// The key path is kept as a stack and rendered only when an issue is reported.
struct FoundationConverter {
    var path: PayloadPath
    var issues: [PayloadIssue]

    mutating func convert(_ value: Any) -> PushValue {
        if path.depth > PushValue.maximumDepth {
            report("nested deeper than \(PushValue.maximumDepth) levels; read as null", .ignored)
            return .null
        }
        let dynamicType = ObjectIdentifier(type(of: value))
        if dynamicType == Types.string { return .string(value as! String) }
        if dynamicType == Types.number || dynamicType == Types.boolean { return convert(value as! NSNumber) }
        if dynamicType == Types.stringDictionary { return object(value as! [String: Any]) }
        if dynamicType == Types.int { return .int(value as! Int) }
        if dynamicType == Types.bool { return .bool(value as! Bool) }
        if dynamicType == Types.double { return number(value as! Double) }
        if dynamicType == Types.hashableDictionary { return object(value as! [AnyHashable: Any]) }
        if dynamicType == Types.array { return array(value as! [Any]) }
        return convertOther(value)
    }

    /// The exact dynamic types of the common shapes, looked up once.
    private enum Types {
        static let string = ObjectIdentifier(String.self)
        static let int = ObjectIdentifier(Int.self)
        static let bool = ObjectIdentifier(Bool.self)
        static let double = ObjectIdentifier(Double.self)
        static let stringDictionary = ObjectIdentifier([String: Any].self)
        static let hashableDictionary = ObjectIdentifier([AnyHashable: Any].self)
        static let array = ObjectIdentifier([Any].self)
        /// `NSNumber` as JSONSerialization and Foundation hand it over on Linux (on Apple platforms the
        /// concrete class is private, so the general cast in `convertOther` takes it).
        static let number = ObjectIdentifier(NSNumber.self)
        static let boolean = ObjectIdentifier(type(of: NSNumber(value: true)))
    }

    private mutating func convertOther(_ value: Any) -> PushValue {
        switch value {
        case let number as NSNumber:
            return convert(number)
        case let string as String:
            return .string(string)
        case let substring as Substring:
            return .string(String(substring))
        case is NSNull:
            return .null
        case let date as Date:
            report("a Date has no JSON form; written as an ISO 8601 string", .coerced)
            return .string(FoundationConverter.iso8601(date))
        case let data as Data:
            report("Data has no JSON form; written as a Base64 string", .coerced)
            return .string(data.base64EncodedString())
        case let url as URL:
            return .string(url.absoluteString)
        case let dictionary as [String: Any]:
            return object(dictionary)
        case let dictionary as [AnyHashable: Any]:
            return object(dictionary)
        case let dictionary as NSDictionary:
            var members: [AnyHashable: Any] = [:]
            for (key, element) in dictionary {
                if let key = key as? AnyHashable { members[key] = element }
            }
            return object(members)
        case let array as [Any]:
            return self.array(array)
        case let array as NSArray:
            return self.array(array.map { $0 })
        default:
            if let optional = value as? OptionalProtocol {
                guard let wrapped = optional.wrappedAny else { return .null }
                return convert(wrapped)
            }
            report("a value of type \(type(of: value)) has no JSON meaning; read as null", .ignored)
            return .null
        }
    }

    private mutating func object(_ dictionary: [String: Any]) -> PushValue {
        var members = [String: PushValue](minimumCapacity: dictionary.count)
        for (key, element) in dictionary {
            path.push(key)
            members[key] = convert(element)
            path.pop()
        }
        return .object(members)
    }

    private mutating func object(_ dictionary: [AnyHashable: Any]) -> PushValue {
        var members = [String: PushValue](minimumCapacity: dictionary.count)
        for (key, element) in dictionary {
            let name: String
            if let string = key.base as? String {
                name = string
            } else {
                name = String(describing: key.base)
                report(
                    "a key of type \(type(of: key.base)) is not a string; written as \"\(name)\"", .coerced,
                    at: path.rendered(appending: name))
            }
            path.push(name)
            let converted = convert(element)
            if members.updateValue(converted, forKey: name) != nil {
                report("two keys read as \"\(name)\"; the last one read is kept", .ignored)
            }
            path.pop()
        }
        return .object(members)
    }

    private mutating func array(_ array: [Any]) -> PushValue {
        var elements: [PushValue] = []
        elements.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            path.push(index: index)
            elements.append(convert(element))
            path.pop()
        }
        return .array(elements)
    }

    private mutating func convert(_ number: NSNumber) -> PushValue {
        if ObjectIdentifier(type(of: number)) == Types.boolean { return .bool(number.boolValue) }
        switch number.objCType.pointee {
        // c C s S i I l L q: integer encodings ("c" is also char, which NSNumber uses for Int8).
        case 0x63, 0x43, 0x73, 0x53, 0x69, 0x49, 0x6C, 0x4C, 0x71:
            return .int(number.intValue)
        case 0x51:  // Q: unsigned 64-bit, may not fit an Int.
            let unsigned = number.uint64Value
            if let exact = Int(exactly: unsigned) { return .int(exact) }
            report("the integer \(unsigned) does not fit in Int; read as a Double", .coerced)
            return .double(Double(unsigned))
        default:
            return self.number(number.doubleValue)
        }
    }

    private mutating func number(_ value: Double) -> PushValue {
        guard value.isFinite else {
            report("the number \(value) has no JSON meaning; read as null", .ignored)
            return .null
        }
        return .double(value)
    }

    private mutating func report(_ message: String, _ resolution: PayloadIssue.Resolution, at keyPath: String? = nil) {
        issues.append(PayloadIssue(keyPath: keyPath ?? path.rendered, message: message, resolution: resolution))
    }

    private static func iso8601(_ date: Date) -> String {
        // ISO8601DateFormatter is not Sendable on every platform; a fresh one per call keeps this thread-safe.
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
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
