/// Percent-decoding done once, by hand, on UTF-8 bytes, the same way on every platform.
enum PercentDecoding {
    /// Decodes `%XX` escapes (and, when `plusAsSpace`, `+` as a space) in `bytes[range]` exactly once.
    ///
    /// Returns the text unchanged when it is not valid percent-encoding (a lone `%`, `%ZZ`, escapes that are not
    /// UTF-8): lenient, never a crash, and never decoded twice.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusAsSpace: Bool = false) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard raw.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(decoding: raw, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2])
                else { return String(decoding: raw, as: UTF8.self) }
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            decoded.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return isValidUTF8(decoded) ? String(decoding: decoded, as: UTF8.self) : String(decoding: raw, as: UTF8.self)
    }

    /// Decodes `text` once (patterns, hosts).
    static func decode(_ text: Substring, plusAsSpace: Bool = false) -> String {
        var text = String(text)
        return text.withUTF8 { decode($0, 0..<$0.count, plusAsSpace: plusAsSpace) }
    }

    /// A Boolean value indicating whether `bytes` are well-formed UTF-8 (checked without Foundation).
    private static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
