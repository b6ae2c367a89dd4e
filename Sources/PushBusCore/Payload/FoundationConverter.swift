internal import Foundation

/// Walks what iOS hands over in `userInfo` and builds a ``PushValue``, collecting ``PayloadIssue``s.
///
/// The common shapes (`String`, `Int`, `Bool`, `Double`, `[String: Any]`, `[AnyHashable: Any]`, `[Any]`) are
/// recognized by their exact dynamic type first: a conditional cast such as `as? [String: Any]` on an
/// `[AnyHashable: Any]` would copy the whole dictionary, and `as? NSNumber` would box a Swift `Bool` or `Int`.
/// The key path is kept as a stack and rendered only when an issue is reported.
///
/// Hostile shapes are bounded (Docs/Payloads.md, "Limits"):
/// - `NSArray` and `NSDictionary` are read element by element and never bridged to Swift collections
///   (bridging is eager and recursive on Linux), so the depth cap applies before anything deeper is touched;
/// - a container that holds itself (directly or further down) is a cycle, found by object identity;
/// - a walk reads at most ``PushValue/maximumValueCount`` values and ``PushValue/maximumByteCount`` bytes of
///   keys and strings, so a structure that shares its nodes cannot expand into millions of values.
struct FoundationConverter {
    var path: PayloadPath
    var issues: [PayloadIssue]
    /// The Foundation containers on the current path, by identity: meeting one again is a cycle.
    private var ancestors: [ObjectIdentifier] = []
    private var valueCount = 0
    private var byteCount = 0
    /// Set once a limit is reached: nothing more is read, and what was read is kept.
    private(set) var isExhausted = false

    init(path: PayloadPath, issues: [PayloadIssue]) {
        self.path = path
        self.issues = issues
    }

    mutating func convert(_ value: Any) -> PushValue {
        guard admit() else { return .null }
        let dynamicType = ObjectIdentifier(type(of: value))
        if dynamicType == Types.string { return string(value as! String) }
        if dynamicType == Types.number || dynamicType == Types.boolean { return convert(value as! NSNumber) }
        if dynamicType == Types.stringDictionary { return object(value as! [String: Any]) }
        if dynamicType == Types.int { return .int(value as! Int) }
        if dynamicType == Types.bool { return .bool(value as! Bool) }
        if dynamicType == Types.double { return number(value as! Double) }
        if dynamicType == Types.hashableDictionary { return object(value as! [AnyHashable: Any]) }
        if dynamicType == Types.array { return array(value as! [Any]) }
        if dynamicType == Types.pushValue { return adopt(value as! PushValue) }
        // Foundation containers before any cast: `as? [Any]` on an NSArray bridges all of it at once.
        if type(of: value) is NSArray.Type { return foundationArray(value as AnyObject) }
        if type(of: value) is NSDictionary.Type { return foundationDictionary(value as AnyObject) }
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
        static let pushValue = ObjectIdentifier(PushValue.self)
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
            return self.string(string)
        case let substring as Substring:
            return self.string(String(substring))
        case is NSNull:
            return .null
        case let date as Date:
            report("a Date has no JSON form; written as an ISO 8601 string", .coerced)
            return .string(FoundationConverter.iso8601(date))
        case let data as Data:
            guard spend(bytes: (data.count + 2) / 3 * 4) else { return .null }
            report("Data has no JSON form; written as a Base64 string", .coerced)
            return .string(data.base64EncodedString())
        case let url as URL:
            return string(url.absoluteString)
        case let dictionary as [String: Any]:
            return object(dictionary)
        case let dictionary as [AnyHashable: Any]:
            return object(dictionary)
        case let array as [Any]:
            return self.array(array)
        default:
            if let optional = value as? OptionalProtocol {
                guard let wrapped = optional.wrappedAny else { return .null }
                valueCount -= 1  // The wrapper is not a value of its own.
                return convert(wrapped)
            }
            report("a value of type \(type(of: value)) has no JSON meaning; read as null", .ignored)
            return .null
        }
    }

    // MARK: Limits

    /// Counts one value; false (and one issue) once the walk has read all it may.
    @inline(__always)
    private mutating func admit() -> Bool {
        guard !isExhausted else { return false }
        valueCount += 1
        guard valueCount <= PushValue.maximumValueCount else {
            exhaust("more than \(PushValue.maximumValueCount) values")
            return false
        }
        return true
    }

    @inline(__always)
    private mutating func spend(bytes: Int) -> Bool {
        byteCount += bytes
        guard byteCount <= PushValue.maximumByteCount else {
            exhaust("more than \(PushValue.maximumByteCount) bytes of keys and strings")
            return false
        }
        return true
    }

    private mutating func exhaust(_ what: String) {
        guard !isExhausted else { return }
        isExhausted = true
        report("the payload holds \(what); the rest is not read (what was read is kept)", .ignored)
    }

    private mutating func tooDeep() -> PushValue {
        report("nested deeper than \(PushValue.maximumDepth) levels; read as null", .ignored)
        return .null
    }

    private mutating func string(_ string: String) -> PushValue {
        guard spend(bytes: string.utf8.count) else { return .null }
        return .string(string)
    }

    // MARK: Swift containers

    private mutating func object(_ dictionary: [String: Any]) -> PushValue {
        guard path.depth < PushValue.maximumDepth else { return tooDeep() }
        var members = [String: PushValue](minimumCapacity: dictionary.count)
        // Keys in sorted order, never hash order: which repeat of a shared node or cycle is the one read, which
        // members fit the budget, and the order of the issues must be the same in every process and run.
        // Sorting the positions, not the keys, saves looking each key up again (a hash per member) and copying
        // the pairs out.
        for index in dictionary.indices.sorted(by: { dictionary[$0].key < dictionary[$1].key }) {
            let (key, element) = dictionary[index]
            guard spend(bytes: key.utf8.count) else { break }
            path.push(key)
            members[key] = convert(element)
            path.pop()
            if isExhausted { break }
        }
        return .object(members)
    }

    private mutating func object(_ dictionary: [AnyHashable: Any]) -> PushValue {
        guard path.depth < PushValue.maximumDepth else { return tooDeep() }
        // One cast per key: the common case (every key a `String`) sorts the names with their positions, then
        // reads each element in place.
        var names: [(name: String, index: [AnyHashable: Any].Index)] = []
        names.reserveCapacity(dictionary.count)
        for index in dictionary.indices {
            guard let name = dictionary[index].key.base as? String else {
                return object(entries: dictionary.lazy.map { ($0.key.base, $0.value) })
            }
            names.append((name, index))
        }
        names.sort { $0.name < $1.name }
        var members = [String: PushValue](minimumCapacity: dictionary.count)
        for (name, index) in names {
            let element = dictionary[index].value
            guard spend(bytes: name.utf8.count) else { break }
            path.push(name)
            members[name] = convert(element)
            path.pop()
            if isExhausted { break }
        }
        return .object(members)
    }

    private mutating func array(_ array: [Any]) -> PushValue {
        guard path.depth < PushValue.maximumDepth else { return tooDeep() }
        var elements: [PushValue] = []
        elements.reserveCapacity(Swift.min(array.count, PushValue.maximumValueCount))
        for (index, element) in array.enumerated() {
            path.push(index: index)
            elements.append(convert(element))
            path.pop()
            if isExhausted { break }
        }
        return .array(elements)
    }

    /// A ``PushValue`` nested in Foundation containers reads as itself, walked under the same limits (and
    /// with non-finite numbers read as null, as everywhere else).
    private mutating func adopt(_ value: PushValue) -> PushValue {
        switch value {
        case .null, .bool, .int: return value
        case .double(let double): return number(double)
        case .string(let string): return self.string(string)
        case .array(let elements):
            return array(elements)
        case .object(let members):
            return object(members)
        }
    }

    // MARK: Foundation containers

    /// An `NSArray`, read element by element (identity-checked for cycles).
    private mutating func foundationArray(_ container: AnyObject) -> PushValue {
        guard path.depth < PushValue.maximumDepth else { return tooDeep() }
        guard enter(container) else { return .null }
        defer { ancestors.removeLast() }
        var elements: [PushValue] = []
        var index = 0
        FoundationContainer.forEachElement(of: container) { element in
            path.push(index: index)
            elements.append(convert(element))
            path.pop()
            index += 1
            return !isExhausted
        }
        return .array(elements)
    }

    /// An `NSDictionary`, read entry by entry (identity-checked for cycles).
    private mutating func foundationDictionary(_ container: AnyObject) -> PushValue {
        guard path.depth < PushValue.maximumDepth else { return tooDeep() }
        guard enter(container) else { return .null }
        defer { ancestors.removeLast() }
        var entries: [(Any, Any)] = []
        FoundationContainer.forEachEntry(of: container) { key, value in
            entries.append((key, value))
            return entries.count <= PushValue.maximumValueCount
        }
        return object(entries: entries)
    }

    /// Pushes `container` on the ancestor stack; false (and an issue) when it is already there: a cycle.
    private mutating func enter(_ container: AnyObject) -> Bool {
        let identity = ObjectIdentifier(container)
        guard !ancestors.contains(identity) else {
            report("the container holds itself (a cycle); the repeated occurrence is read as null", .ignored)
            return false
        }
        ancestors.append(identity)
        return true
    }

    // MARK: Keys that are not all strings

    /// Members whose keys may not all be strings. Keys are written as strings; when two keys read as the same
    /// name (`1` and `"1"`), one wins by a rule that does not depend on hash order, and the collision is
    /// reported: a `String` key wins over any other; among the others, the key type whose name sorts first;
    /// then the value whose digest sorts first.
    private mutating func object<Entries: Sequence>(entries: Entries) -> PushValue
    where Entries.Element == (Any, Any) {
        guard path.depth < PushValue.maximumDepth else { return tooDeep() }
        // Sorted by name, keys that read as the same name are neighbours: no dictionary of groups (a hash and an
        // array per member) for the common case of distinct string keys, as an `NSDictionary` on a device holds.
        var named: [(name: String, candidate: Candidate)] = []
        for (key, element) in entries {
            let name: String
            if let string = key as? String {
                name = string
            } else if let string = key as? NSString {
                name = string as String
            } else {
                name = String(describing: key)
            }
            named.append((name, Candidate(key: key, element: element, isString: key is String)))
        }
        named.sort { $0.name < $1.name }
        var members = [String: PushValue](minimumCapacity: named.count)
        var start = 0
        while start < named.count {
            let name = named[start].name
            var end = start + 1
            while end < named.count, named[end].name == name { end += 1 }
            guard !isExhausted, spend(bytes: name.utf8.count) else { break }
            path.push(name)
            if end - start == 1 {
                members[name] = member(named[start].candidate, named: name)
            } else {
                members[name] = collision(named[start..<end].map(\.candidate), named: name)
            }
            path.pop()
            start = end
        }
        return .object(members)
    }

    private struct Candidate {
        var key: Any
        var element: Any
        var isString: Bool
        var keyTypeName: String { isString ? "String" : String(describing: type(of: key)) }
    }

    private mutating func member(_ candidate: Candidate, named name: String) -> PushValue {
        if !candidate.isString {
            report("a key of type \(candidate.keyTypeName) is not a string; written as \"\(name)\"", .coerced)
        }
        return convert(candidate.element)
    }

    private mutating func collision(_ group: [Candidate], named name: String) -> PushValue {
        var converted: [(candidate: Candidate, value: PushValue, digest: String, issues: ArraySlice<PayloadIssue>)] =
            []
        for candidate in group {
            let mark = issues.count
            let value = member(candidate, named: name)
            converted.append((candidate, value, PayloadDigest.hex(of: value), issues[mark...]))
            issues.removeSubrange(mark...)
        }
        converted.sort { lhs, rhs in
            if lhs.candidate.isString != rhs.candidate.isString { return lhs.candidate.isString }
            if lhs.candidate.keyTypeName != rhs.candidate.keyTypeName {
                return lhs.candidate.keyTypeName < rhs.candidate.keyTypeName
            }
            return lhs.digest < rhs.digest
        }
        let winner = converted[0]
        issues.append(contentsOf: winner.issues)
        let types = converted.map(\.candidate.keyTypeName).joined(separator: ", ")
        report(
            "\(converted.count) keys (\(types)) read as \"\(name)\"; the \(winner.candidate.keyTypeName) key's value "
                + "is kept (a String key wins, then the type name, then the value's digest)", .ignored)
        return winner.value
    }

    private mutating func object(_ members: [String: PushValue]) -> PushValue {
        guard path.depth < PushValue.maximumDepth else { return tooDeep() }
        var result = [String: PushValue](minimumCapacity: members.count)
        for (key, element) in members.sorted(by: { $0.key < $1.key }) {
            guard spend(bytes: key.utf8.count) else { break }
            path.push(key)
            result[key] = convert(element)
            path.pop()
            if isExhausted { break }
        }
        return .object(result)
    }

    private mutating func array(_ elements: [PushValue]) -> PushValue {
        guard path.depth < PushValue.maximumDepth else { return tooDeep() }
        var result: [PushValue] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            path.push(index: index)
            result.append(convert(element))
            path.pop()
            if isExhausted { break }
        }
        return .array(result)
    }

    // MARK: Numbers

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
