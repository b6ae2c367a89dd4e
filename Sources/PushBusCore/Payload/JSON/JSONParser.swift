package import Foundation

/// A strict RFC 8259 reader that builds a ``PushValue`` straight from bytes.
///
/// Grammar errors (a missing comma, a trailing comma, an unterminated string) end the parse with a
/// ``Failure`` that says where. Problems a reader can recover from are kept as ``Note``s and the parse goes
/// on: invalid UTF-8 or a lone surrogate becomes U+FFFD, a duplicate key keeps its last value, a number
/// outside `Double`'s range or a value nested deeper than ``PushValue/maximumDepth`` becomes `null`.
/// Recursion is bounded by the depth limit; anything deeper is skipped without recursing.
package struct JSONParser {
    /// Where and why the bytes stopped being JSON.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Byte offset of the offending byte.
        package var offset: Int
        /// 1-based line and column (in bytes) of the offending byte.
        package var line: Int
        package var column: Int
        package var reason: String

        package var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// A recoverable problem, and where it sits.
    package struct Note: Sendable, Hashable {
        package enum Kind: Sendable, Hashable {
            case invalidUTF8, loneSurrogate, duplicateKey, tooDeep, numberOutOfRange, byteOrderMark
        }
        package var kind: Kind
        package var keyPath: String
        package var message: String
    }

    /// Parses `data` as one JSON value.
    package static func parse(_ data: Data, maximumDepth: Int = PushValue.maximumDepth) throws(Failure)
        -> (value: PushValue, notes: [Note])
    {
        let result: Result<(PushValue, [Note]), Failure> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth)
            do throws(Failure) {
                let value = try parser.parseDocument()
                return .success((value, parser.notes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var index = 0
    private var path = PayloadPath()
    private var notes: [Note] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    // MARK: Document and values

    private mutating func parseDocument() throws(Failure) -> PushValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            note(.byteOrderMark, "the text starts with a UTF-8 byte order mark, which JSON does not allow")
            index = 3
        }
        skipWhitespace()
        guard index < bytes.count else { throw fail("the input is empty, expected a JSON value") }
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected data after the JSON value") }
        return value
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> PushValue {
        guard index < bytes.count else { throw fail("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character \(describe(bytes[index])), expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> PushValue {
        if depth >= maximumDepth { return try skipTooDeep() }
        index += 1  // {
        skipWhitespace()
        var members: [String: PushValue] = [:]
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            guard index < bytes.count else { throw fail("unexpected end of input inside an object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a string key in double quotes, found \(describe(bytes[index]))")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            path.push(key)
            let value = try parseValue(depth: depth + 1)
            if members.updateValue(value, forKey: key) != nil {
                note(.duplicateKey, "the key appears more than once; the last value is kept")
            }
            path.pop()
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input inside an object") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default:
                throw fail("expected ',' or '}' after a member, found \(describe(bytes[index]))")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> PushValue {
        if depth >= maximumDepth { return try skipTooDeep() }
        index += 1  // [
        skipWhitespace()
        var elements: [PushValue] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            path.push(index: elements.count)
            elements.append(try parseValue(depth: depth + 1))
            path.pop()
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input inside an array") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default:
                throw fail("expected ',' or ']' after an element, found \(describe(bytes[index]))")
            }
        }
    }

    /// Skips a container nested too deep, without recursion, checking only that brackets and strings close.
    private mutating func skipTooDeep() throws(Failure) -> PushValue {
        note(.tooDeep, "nested deeper than \(maximumDepth) levels; read as null")
        var nesting = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                nesting += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                nesting -= 1
                index += 1
                if nesting == 0 { return .null }
            case UInt8(ascii: "\""):
                _ = try parseString()
            default:
                index += 1
            }
        }
        throw fail("unexpected end of input inside a nested value")
    }

    // MARK: Scalars

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of input, expected \(literal)") }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw fail("invalid literal, expected \(literal)")
        }
        index += count
    }

    private mutating func parseNumber() throws(Failure) -> PushValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit in a number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail("a number must not start with 0") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        var isIntegral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isIntegral = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isIntegral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit in an exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if isIntegral, let int = JSONParser.integer(slice) { return .int(int) }
        let double = Double(String(decoding: slice, as: UTF8.self)) ?? .nan
        guard double.isFinite else {
            note(
                .numberOutOfRange, "the number \(String(decoding: slice, as: UTF8.self)) is out of range; read as null")
            return .null
        }
        return .double(double)
    }

    /// The integer the digits spell, or `nil` when it does not fit an `Int`.
    private static func integer(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        var isNegative = false
        var value = 0
        for byte in digits {
            if byte == UInt8(ascii: "-") {
                isNegative = true
                continue
            }
            let digit = Int(byte &- UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                isNegative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    @inline(__always) private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    // MARK: Diagnostics

    private mutating func note(_ kind: Note.Kind, _ message: String) {
        notes.append(Note(kind: kind, keyPath: path.rendered, message: message))
    }

    private func fail(_ reason: String) -> Failure {
        var line = 1
        var lineStart = 0
        let end = min(index, bytes.count)
        for offset in 0..<end where bytes[offset] == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        return Failure(offset: index, line: line, column: index - lineStart + 1, reason: reason)
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }
}

extension JSONParser {
    /// Reads a string starting at its opening quote; leaves `index` after the closing quote.
    fileprivate mutating func parseString() throws(Failure) -> String {
        index += 1  // opening quote
        let start = index
        var hasHighBit = false
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return makeString(slice, hasHighBit: hasHighBit)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("a control character in a string must be escaped") }
            if byte >= 0x80 { hasHighBit = true }
            index += 1
        }
        guard index < bytes.count else { throw fail("unterminated string") }
        // Slow path: copy into a buffer, resolving escapes.
        var buffer = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return buffer.withUnsafeBufferPointer { makeString($0, hasHighBit: hasHighBit) }
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &buffer, hasHighBit: &hasHighBit)
            case ..<0x20:
                throw fail("a control character in a string must be escaped")
            default:
                if byte >= 0x80 { hasHighBit = true }
                buffer.append(byte)
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    private mutating func parseEscape(into buffer: inout [UInt8], hasHighBit: inout Bool) throws(Failure) {
        guard index < bytes.count else { throw fail("unterminated escape sequence") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            var scalar: Unicode.Scalar?
            if (0xD800...0xDBFF).contains(unit) {
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try parseHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
                    } else {
                        index = save
                    }
                }
            } else if !(0xDC00...0xDFFF).contains(unit) {
                scalar = Unicode.Scalar(UInt32(unit))
            }
            if scalar == nil {
                note(.loneSurrogate, "a \\u escape is a lone UTF-16 surrogate; replaced by U+FFFD")
            }
            let resolved = scalar ?? "\u{FFFD}"
            if resolved.value >= 0x80 { hasHighBit = true }
            buffer.append(contentsOf: String(Character(resolved)).utf8)
        default:
            index -= 1
            throw fail("invalid escape sequence \\\(describe(escape))")
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt16 {
        guard index + 4 <= bytes.count else { throw fail("a \\u escape needs four hexadecimal digits") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private mutating func makeString(_ bytes: UnsafeBufferPointer<UInt8>, hasHighBit: Bool) -> String {
        let string = String(decoding: bytes, as: UTF8.self)
        if hasHighBit, !string.utf8.elementsEqual(bytes) {
            note(.invalidUTF8, "a string is not valid UTF-8; invalid bytes were replaced by U+FFFD")
        }
        return string
    }
}
