/// CRC-32 (IEEE 802.3, reflected polynomial `0xEDB88320`, initial value and final XOR `0xFFFFFFFF`): the
/// checksum of every ledger frame. The same function as zlib's `crc32`, so a ledger can be checked with any tool.
package enum CRC32 {
    /// The 8-bit lookup table, built once.
    static let table: [UInt32] = (0..<256).map { index -> UInt32 in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
        return value
    }

    /// The checksum of `bytes`, continuing from `crc` (the result of a previous call) when given.
    package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        var value = ~crc
        table.withUnsafeBufferPointer { table in
            for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        }
        return ~value
    }

    /// The checksum of `bytes`.
    package static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        let array = Array(bytes)
        return array.withUnsafeBytes { checksum($0) }
    }
}
