/// A stable 128-bit digest of a ``PushValue``, computed by walking it (no serialization).
///
/// Canonical form: object keys sorted by their UTF-8 bytes, integral doubles hashed as integers, every value
/// prefixed by a type tag and strings by their length, so `["a": "bc"]` and `["ab": "c"]` differ.
enum PayloadDigest {
    static func hex(of value: PushValue) -> String {
        var hasher = Hasher128()
        hasher.combine(value)
        return hasher.hexString
    }

    /// Two FNV-1a-style 64-bit lanes with different seeds and primes, finished with a 64-bit mixer.
    struct Hasher128 {
        private var low: UInt64 = 0xcbf2_9ce4_8422_2325
        private var high: UInt64 = 0x8422_2325_cbf2_9ce4

        @inline(__always)
        mutating func byte(_ byte: UInt8) {
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            high = (high ^ UInt64(byte)) &* 0x0000_0001_0000_0193 &+ 0x9e37_79b9
        }

        @inline(__always)
        mutating func word(_ word: UInt64) {
            var value = word
            for _ in 0..<8 {
                byte(UInt8(truncatingIfNeeded: value))
                value >>= 8
            }
        }

        mutating func string(_ string: String) {
            var string = string
            string.withUTF8 { bytes in
                word(UInt64(bytes.count))
                for b in bytes { byte(b) }
            }
        }

        mutating func combine(_ value: PushValue) {
            switch value {
            case .null: byte(0)
            case .bool(let bool): byte(bool ? 2 : 1)
            case .int(let int):
                byte(3)
                word(UInt64(bitPattern: Int64(int)))
            case .double(let double):
                if let int = value.intValue {
                    byte(3)
                    word(UInt64(bitPattern: Int64(int)))
                } else {
                    byte(4)
                    word(double.bitPattern)
                }
            case .string(let string):
                byte(5)
                self.string(string)
            case .array(let elements):
                byte(6)
                word(UInt64(elements.count))
                for element in elements { combine(element) }
            case .object(let members):
                byte(7)
                word(UInt64(members.count))
                for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                    string(key)
                    combine(members[key]!)
                }
            }
        }

        private static func mix(_ value: UInt64) -> UInt64 {
            var x = value
            x = (x ^ (x >> 30)) &* 0xbf58_476d_1ce4_e5b9
            x = (x ^ (x >> 27)) &* 0x94d0_49bb_1331_11eb
            return x ^ (x >> 31)
        }

        var hexString: String {
            let a = Hasher128.mix(low ^ Hasher128.mix(high))
            let b = Hasher128.mix(high &+ a)
            let digits = Array("0123456789abcdef".utf8)
            var text = [UInt8]()
            text.reserveCapacity(32)
            for lane in [a, b] {
                for shift in stride(from: 60, through: 0, by: -4) {
                    text.append(digits[Int((lane >> UInt64(shift)) & 0xF)])
                }
            }
            return String(decoding: text, as: UTF8.self)
        }
    }
}
