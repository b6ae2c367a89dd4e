internal import Foundation

/// A stable 128-bit digest of a ``PushValue``, computed by walking it (no serialization, no sorting).
///
/// Canonical form, so the same push gives the same digest from every callback:
/// - an object's members are digested one by one (key and value together) and the member digests are added,
///   so member order does not matter and no key array is sorted or allocated;
/// - integral doubles are digested as integers (`1.0` and `1` agree, as `NSNumber` and Swift values mix);
/// - every value is prefixed by a type tag and strings by their length, so `["a": "bc"]` and `["ab": "c"]`
///   differ, and `true`, `1` and `"1"` differ.
///
/// The digest is stable across runs, processes and platforms (no per-process seed); it is not cryptographic.
enum PayloadDigest {
    static func hex(of value: PushValue) -> String {
        var hasher = Hasher128()
        hasher.combine(value)
        let (a, b) = hasher.finish()
        return hex(a, b)
    }

    /// The digest of input that is not JSON: its raw bytes, tagged apart from every ``PushValue``, so distinct
    /// unreadable inputs get distinct ids and the same bytes the same id.
    static func hex(ofUnreadable bytes: Data) -> String {
        var hasher = Hasher128()
        hasher.word(0x18)
        hasher.bytes(bytes)
        let (a, b) = hasher.finish()
        return hex(a, b)
    }

    struct Hasher128 {
        private var low: UInt64 = 0x243F_6A88_85A3_08D3
        private var high: UInt64 = 0x1319_8A2E_0370_7344

        @inline(__always)
        mutating func word(_ word: UInt64) {
            low = (low ^ word) &* 0x9E37_79B9_7F4A_7C15
            low ^= low >> 32
            high = (high ^ (word &+ 0x632B_E59B_D9B4_E019)) &* 0xC2B2_AE3D_27D4_EB4F
            high ^= high >> 29
        }

        mutating func string(_ string: String) {
            var string = string
            string.withUTF8 { bytes(UnsafeRawBufferPointer($0)) }
        }

        mutating func bytes(_ data: Data) {
            data.withUnsafeBytes { bytes($0) }
        }

        /// The length, then the bytes eight at a time (little-endian), then the tail.
        mutating func bytes(_ bytes: UnsafeRawBufferPointer) {
            word(UInt64(bytes.count) | 0x5500_0000_0000_0000)
            guard let raw = bytes.baseAddress else { return }
            var offset = 0
            while offset + 8 <= bytes.count {
                word(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            if offset < bytes.count {
                var tail: UInt64 = 0
                var shift: UInt64 = 0
                while offset < bytes.count {
                    tail |= UInt64(bytes[offset]) << shift
                    shift += 8
                    offset += 1
                }
                word(tail)
            }
        }

        mutating func combine(_ value: PushValue) {
            switch value {
            case .null: word(0x10)
            case .bool(let bool): word(bool ? 0x12 : 0x11)
            case .int(let int):
                word(0x13)
                word(UInt64(bitPattern: Int64(int)))
            case .double(let double):
                if let int = value.intValue {
                    word(0x13)
                    word(UInt64(bitPattern: Int64(int)))
                } else {
                    word(0x14)
                    word(double.bitPattern)
                }
            case .string(let string):
                word(0x15)
                self.string(string)
            case .array(let elements):
                word(0x16)
                word(UInt64(elements.count))
                for element in elements { combine(element) }
            case .object(let members):
                word(0x17)
                word(UInt64(members.count))
                var sumA: UInt64 = 0
                var sumB: UInt64 = 0
                for (key, member) in members {
                    var memberHasher = Hasher128()
                    memberHasher.string(key)
                    memberHasher.combine(member)
                    let (a, b) = memberHasher.finish()
                    sumA = sumA &+ a
                    sumB = sumB &+ b
                }
                word(sumA)
                word(sumB)
            }
        }

        private static func mix(_ value: UInt64) -> UInt64 {
            var x = value
            x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
            x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
            return x ^ (x >> 31)
        }

        func finish() -> (UInt64, UInt64) {
            let a = Hasher128.mix(low ^ Hasher128.mix(high))
            let b = Hasher128.mix(high &+ a)
            return (a, b)
        }
    }

    private static func hex(_ a: UInt64, _ b: UInt64) -> String {
        // `String(unsafeUninitializedCapacity:)` needs iOS 14 / macOS 11; a small array works everywhere.
        let digits: StaticString = "0123456789abcdef"
        var text = [UInt8](repeating: 0, count: 32)
        var index = 0
        for lane in [a, b] {
            for shift in stride(from: 60, through: 0, by: -4) {
                text[index] = digits.utf8Start[Int((lane >> UInt64(shift)) & 0xF)]
                index += 1
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
