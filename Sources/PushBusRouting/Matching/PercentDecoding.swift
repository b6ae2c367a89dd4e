import Foundation

/// Percent-decoding done once, by hand, the same way on every platform.
enum PercentDecoding {
    /// Decodes `%XX` escapes (and, when `plusAsSpace`, `+` as a space) exactly once.
    ///
    /// Returns the text unchanged when it is not valid percent-encoding (a lone `%`, `%ZZ`, escapes that are not
    /// UTF-8): lenient, never a crash, and never decoded twice.
    static func decode(_ text: Substring, plusAsSpace: Bool = false) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first != utf8.endIndex, let high = hexValue(utf8[first]) else { return String(text) }
                let second = utf8.index(after: first)
                guard second != utf8.endIndex, let low = hexValue(utf8[second]) else { return String(text) }
                bytes.append(high << 4 | low)
                index = utf8.index(after: second)
                continue
            }
            bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = utf8.index(after: index)
        }
        return String(bytes: bytes, encoding: .utf8) ?? String(text)
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
