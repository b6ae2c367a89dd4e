/// A gzip stream of `head` followed by zeros up to `decodedLength` bytes, produced while sending, as zlib would
/// compress it: `head` in a stored block, then one block of dynamic Huffman codes in which a match of 258 bytes
/// at distance 1 costs 2 bits (about 1:1,000), so 1 GB decoded is about 1 MB sent. The trailer's CRC-32 is exact
/// (the zeros are folded in by squaring the CRC's zero-byte operator, as zlib's `crc32_combine` does), so a
/// client that decodes all of it accepts it.
struct GzipZeros: Sendable {
    let head: [UInt8]
    let decodedLength: Int

    private static let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    private static let matchLength = 258
    /// Bits of the dynamic block's header: counts (14), code-length code lengths (18 × 3), code lengths (32).
    private static let dynamicHeaderBits = 3 + 14 + 18 * 3 + 32

    private var headCount: Int { min(head.count, decodedLength, Int(UInt16.max)) }
    /// Zeros after the head: one literal, then matches, then literals for what is left.
    private var zeroCount: Int { decodedLength - headCount }
    private var matchCount: Int { zeroCount > 0 ? (zeroCount - 1) / Self.matchLength : 0 }
    private var trailingLiterals: Int { zeroCount > 0 ? (zeroCount - 1) % Self.matchLength : 0 }

    /// The bytes sent (the `Content-Length`).
    var compressedLength: Int {
        let stored = headCount > 0 ? 1 + 4 + headCount : 0
        var bits = Self.dynamicHeaderBits + 2  // end of block
        if zeroCount > 0 { bits += 2 + matchCount * 2 + trailingLiterals * 2 }
        return Self.header.count + stored + (bits + 7) / 8 + 8
    }

    /// Calls `send` with consecutive pieces of the stream (about `chunkSize` bytes each) until it returns `false`
    /// or the stream is complete.
    func produce(chunkSize: Int = 64 * 1024, _ send: ([UInt8]) -> Bool) {
        var writer = BitWriter(bytes: Self.header)
        if headCount > 0 {
            writer.write(0, count: 3)  // not the final block, stored
            writer.alignToByte()
            let count = UInt16(headCount)
            writer.bytes += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8)]
            writer.bytes += head.prefix(headCount)
        }
        Self.writeDynamicHeader(&writer)
        var isSending = true
        if zeroCount > 0 {
            writer.writeCode(0b10, length: 2)  // literal 0
            var remaining = matchCount
            while isSending, remaining > 0 {
                // Each match is length code 285 ("0") and distance code 0 ("0"): 24 matches are 48 zero bits.
                let batch = min(remaining, 24)
                writer.write(0, count: batch * 2)
                remaining -= batch
                if writer.bytes.count >= chunkSize {
                    isSending = send(writer.bytes)
                    writer.bytes.removeAll(keepingCapacity: true)
                }
            }
            for _ in 0..<trailingLiterals { writer.writeCode(0b10, length: 2) }
        }
        guard isSending else { return }
        writer.writeCode(0b11, length: 2)  // end of block
        writer.alignToByte()
        let crc = Self.crc32(head: Array(head.prefix(headCount)), zeros: zeroCount)
        let size = UInt32(truncatingIfNeeded: decodedLength)
        for shift in stride(from: 0, to: 32, by: 8) { writer.bytes.append(UInt8(truncatingIfNeeded: crc >> shift)) }
        for shift in stride(from: 0, to: 32, by: 8) { writer.bytes.append(UInt8(truncatingIfNeeded: size >> shift)) }
        _ = send(writer.bytes)
    }

    /// The final block's header: literal/length codes 285 → "0", literal 0 → "10", end of block → "11"; distance
    /// code 0 → "0". The code lengths are sent with a code-length code of 18 → "0", 1 → "10", 2 → "11".
    private static func writeDynamicHeader(_ writer: inout BitWriter) {
        writer.write(1, count: 1)  // final block
        writer.write(2, count: 2)  // dynamic Huffman codes
        writer.write(286 - 257, count: 5)  // literal/length codes up to 285
        writer.write(0, count: 5)  // one distance code
        writer.write(18 - 4, count: 4)  // code-length code lengths, in the order 16, 17, 18, 0, 8, 7, 9, 6, 10, …
        for length: UInt32 in [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2] { writer.write(length, count: 3) }
        // 0 → 2; 1…255 → 0 (runs of 138 and 117); 256 → 2; 257…284 → 0 (a run of 28); 285 → 1; distance 0 → 1.
        writer.writeCode(0b11, length: 2)
        writer.writeCode(0, length: 1)
        writer.write(138 - 11, count: 7)
        writer.writeCode(0, length: 1)
        writer.write(117 - 11, count: 7)
        writer.writeCode(0b11, length: 2)
        writer.writeCode(0, length: 1)
        writer.write(28 - 11, count: 7)
        writer.writeCode(0b10, length: 2)
        writer.writeCode(0b10, length: 2)
    }

    // MARK: CRC-32

    private static let polynomial: UInt32 = 0xEDB8_8320

    /// CRC-32 (gzip's) of `head` followed by `zeros` zero bytes, in time logarithmic in `zeros`.
    static func crc32(head: [UInt8], zeros: Int) -> UInt32 {
        var register: UInt32 = 0xFFFF_FFFF
        for byte in head {
            register ^= UInt32(byte)
            for _ in 0..<8 { register = register & 1 == 1 ? (register >> 1) ^ polynomial : register >> 1 }
        }
        // A zero byte maps the register linearly: square the one-byte operator for each bit of `zeros`.
        var operatorPower = zeroByteOperator()
        var count = zeros
        while count > 0 {
            if count & 1 == 1 { register = apply(operatorPower, to: register) }
            operatorPower = square(operatorPower)
            count >>= 1
        }
        return ~register
    }

    /// Column `i` is the image of the register with only bit `i` set, after one zero byte.
    private static func zeroByteOperator() -> [UInt32] {
        var zeroBit = [UInt32](repeating: 0, count: 32)
        zeroBit[0] = polynomial
        for bit in 1..<32 { zeroBit[bit] = 1 << (bit - 1) }
        return square(square(square(zeroBit)))
    }

    private static func apply(_ matrix: [UInt32], to vector: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<32 where vector & (1 << bit) != 0 { result ^= matrix[bit] }
        return result
    }

    private static func square(_ matrix: [UInt32]) -> [UInt32] { matrix.map { apply(matrix, to: $0) } }
}

/// Deflate's bit order: values least significant bit first, Huffman codes most significant bit first.
private struct BitWriter {
    var bytes: [UInt8]
    private var buffer: UInt64 = 0
    private var bufferedBits = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func write(_ value: UInt32, count: Int) {
        buffer |= UInt64(value) << UInt64(bufferedBits)
        bufferedBits += count
        while bufferedBits >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            bufferedBits -= 8
        }
    }

    mutating func writeCode(_ code: UInt32, length: Int) {
        var reversed: UInt32 = 0
        for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
        write(reversed, count: length)
    }

    mutating func alignToByte() {
        if bufferedBits > 0 { write(0, count: 8 - bufferedBits) }
    }
}
