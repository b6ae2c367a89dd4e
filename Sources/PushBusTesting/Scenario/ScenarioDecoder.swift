import PushBusCore

/// Decodes a scenario from a `PushValue` and records every key the types asked for, so keys nobody asked for
/// (a typo such as `routesOpend`) are found without a second list of the format's keys to keep in step.
///
/// A value decoded as a whole (`PushValue`, `[String: String]`) counts as read entirely.
final class ScenarioDecoder {
    /// Key paths (`expect.routesOpened`, `steps[2].do`) of the object members the decoding read.
    private(set) var readPaths: Set<String> = []

    func decode<T: Decodable>(_ type: T.Type, from value: PushValue) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: [], recorder: self))
    }

    /// The members of `value` that were never read, each with the keys its object's type asked for.
    func unreadMembers(of value: PushValue) -> [(path: String, key: String, known: [String])] {
        var unread: [(path: String, key: String, known: [String])] = []
        func walk(_ value: PushValue, _ path: String) {
            switch value {
            case .object(let members):
                guard !readPaths.contains(path + ".*") else { return }
                for key in members.keys.sorted() {
                    let memberPath = Self.join(path, key)
                    if readPaths.contains(memberPath) {
                        walk(members[key]!, memberPath)
                    } else {
                        unread.append((path, key, askedKeys(in: path)))
                    }
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() { walk(element, "\(path)[\(index)]") }
            default: break
            }
        }
        walk(value, "")
        return unread
    }

    fileprivate func read(_ path: String) { readPaths.insert(path) }

    /// The keys the decoding asked for directly inside the object at `path`, present or not.
    private func askedKeys(in path: String) -> [String] {
        let prefix = path.isEmpty ? "" : path + "."
        return readPaths.compactMap { read in
            guard read.hasPrefix(prefix) else { return nil }
            let rest = read.dropFirst(prefix.count)
            guard !rest.isEmpty, !rest.contains("."), !rest.contains("[") else { return nil }
            return String(rest)
        }
    }

    /// The known key closest to `key` by edit distance (ignoring case), if it is close enough to be a typo.
    static func nearest(to key: String, among known: [String]) -> String? {
        let scored = known.sorted().map { ($0, distance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, key.count / 3) ? best.0 : nil
    }

    /// Levenshtein distance.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.unicodeScalars)
        let b = Array(rhs.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    static func render(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text = join(text, key.stringValue) }
        }
        return text
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct ValueDecoder: Decoder {
    let value: PushValue
    let codingPath: [any CodingKey]
    let recorder: ScenarioDecoder
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: PushValue].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath, recorder: recorder))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([PushValue].self, value, codingPath) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath, recorder: recorder)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        // Decoded as a whole (a PushValue, a payload): every member below counts as read.
        recorder.read(ScenarioDecoder.render(codingPath) + ".*")
        return SingleValue(value: value, codingPath: codingPath, recorder: recorder)
    }
}

private func mismatch(_ type: Any.Type, _ value: PushValue, _ path: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(
        type, .init(codingPath: path, debugDescription: "expected \(describe(type)), found \(value.typeName)"))
}

private func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "a Boolean"
    case is Double.Type, is Float.Type: return "a number"
    case is [String: PushValue].Type: return "an object"
    case is [PushValue].Type: return "an array"
    default: return "an integer"
    }
}

/// Primitive reads shared by the three containers.
private func primitive<T: Decodable>(_ type: T.Type, _ value: PushValue) -> T? {
    switch type {
    case is String.Type: return value.stringValue as? T
    case is Bool.Type: return value.boolValue as? T
    case is Double.Type:
        if case .bool = value { return nil }
        return value.doubleValue as? T
    case is Float.Type:
        if case .bool = value { return nil }
        return value.doubleValue.map(Float.init) as? T
    case is Int.Type: return value.intValue as? T
    case is Int64.Type: return value.intValue.map(Int64.init) as? T
    case is Int32.Type: return value.intValue.flatMap { Int32(exactly: $0) } as? T
    case is UInt.Type: return value.intValue.flatMap { UInt(exactly: $0) } as? T
    default: return nil
    }
}

private func decodeValue<T: Decodable>(
    _ type: T.Type, _ value: PushValue, _ path: [any CodingKey], _ recorder: ScenarioDecoder
) throws -> T {
    if let direct = primitive(type, value) { return direct }
    switch type {
    case is String.Type, is Bool.Type, is Double.Type, is Float.Type, is Int.Type, is Int64.Type, is Int32.Type,
        is UInt.Type:
        throw mismatch(type, value, path)
    default:
        return try T(from: ValueDecoder(value: value, codingPath: path, recorder: recorder))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: PushValue]
    let codingPath: [any CodingKey]
    let recorder: ScenarioDecoder

    var allKeys: [Key] {
        // Asking for every key (a dictionary) reads every key.
        for key in members.keys { recorder.read(ScenarioDecoder.join(ScenarioDecoder.render(codingPath), key)) }
        return members.keys.compactMap(Key.init(stringValue:))
    }

    func contains(_ key: Key) -> Bool {
        recorder.read(ScenarioDecoder.join(ScenarioDecoder.render(codingPath), key.stringValue))
        return members[key.stringValue] != nil
    }

    private func member(_ key: Key) throws -> PushValue {
        recorder.read(ScenarioDecoder.join(ScenarioDecoder.render(codingPath), key.stringValue))
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "missing key '\(key.stringValue)'"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeValue(type, try member(key), codingPath + [key], recorder)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let decoder = ValueDecoder(value: try member(key), codingPath: codingPath + [key], recorder: recorder)
        return try decoder.container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: member(key), codingPath: codingPath + [key], recorder: recorder).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: .object(members), codingPath: codingPath, recorder: recorder)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: try member(key), codingPath: codingPath + [key], recorder: recorder)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [PushValue]
    let codingPath: [any CodingKey]
    let recorder: ScenarioDecoder
    var currentIndex = 0

    init(elements: [PushValue], codingPath: [any CodingKey], recorder: ScenarioDecoder) {
        self.elements = elements
        self.codingPath = codingPath
        self.recorder = recorder
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (PushValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                PushValue.self, .init(codingPath: codingPath, debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], codingPath + [IndexKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try decodeValue(type, value, path, recorder)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let (value, path) = try next()
        return try ValueDecoder(value: value, codingPath: path, recorder: recorder).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try ValueDecoder(value: value, codingPath: path, recorder: recorder).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return ValueDecoder(value: value, codingPath: path, recorder: recorder)
    }
}

private struct SingleValue: SingleValueDecodingContainer {
    let value: PushValue
    let codingPath: [any CodingKey]
    let recorder: ScenarioDecoder

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type, value, codingPath, recorder) }
}
