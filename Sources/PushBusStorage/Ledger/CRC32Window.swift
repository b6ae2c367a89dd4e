/// The CRC-32 of any range of a buffer in constant time, after one linear pass: how the ledger's resynchronization
/// checks many overlapping candidate frames without reading their bodies again (Docs/LedgerFormat.md, "Damage").
///
/// The CRC register is linear over GF(2): running `n` bytes `D` from state `s` gives `Mⁿ·s ⊕ raw(0, D)`, where `M`
/// is one zero byte. With `P[k]`, the register after the window's first `k` bytes, `raw(s, bytes[a..<e]) =
/// Mᵉ⁻ᵃ·(s ⊕ P[a]) ⊕ P[e]`. `Mⁿ` is applied bit by bit of `n` with one 4 × 256 table per power of two.
/// `P` is kept every ``stride`` bytes (a 3 MiB window costs 768 KiB); a position between two is run forward from
/// the one before it.
struct CRC32Window {
    /// How many bytes apart the kept register states are.
    static let stride = 16
    /// Where the window starts in the scanned bytes.
    let start: Int
    /// The end of the bytes the window covers.
    let end: Int
    /// The register (not inverted) after `start..<start + k · stride`.
    private let states: [UInt32]

    /// The window over `bytes[start..<end]`: one pass over it.
    init(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) {
        self.start = start
        self.end = end
        var states: [UInt32] = []
        states.reserveCapacity((end - start) / Self.stride + 1)
        var value: UInt32 = 0xFFFF_FFFF
        CRC32.table.withUnsafeBufferPointer { table in
            for index in start..<end {
                if (index - start) % Self.stride == 0 { states.append(value) }
                value = table[Int((value ^ UInt32(bytes[index])) & 0xFF)] ^ (value >> 8)
            }
        }
        if (end - start) % Self.stride == 0 { states.append(value) }
        self.states = states
    }

    /// The checksum of `prefix` followed by `bytes[from..<to]` (both inside the window), as
    /// `CRC32.checksum(prefix + bytes[from..<to])` would compute it.
    func checksum(_ bytes: UnsafeRawBufferPointer, prefix: UnsafeRawBufferPointer, from: Int, to: Int) -> UInt32 {
        let head = ~CRC32.checksum(prefix)
        let shifted = Self.shift(head ^ state(bytes, at: from), by: to - from)
        return ~(shifted ^ state(bytes, at: to))
    }

    /// `P[position - start]`: the kept state before it, run forward over fewer than ``stride`` bytes.
    private func state(_ bytes: UnsafeRawBufferPointer, at position: Int) -> UInt32 {
        let kept = (position - start) / Self.stride
        var value = states[kept]
        CRC32.table.withUnsafeBufferPointer { table in
            for index in (start + kept * Self.stride)..<position {
                value = table[Int((value ^ UInt32(bytes[index])) & 0xFF)] ^ (value >> 8)
            }
        }
        return value
    }

    /// `Mⁿ·value`: `value` run through `n` zero bytes (`n` below 2²⁴).
    static func shift(_ value: UInt32, by count: Int) -> UInt32 {
        var result = value
        var remaining = count
        var base = 0
        powers.withUnsafeBufferPointer { table in
            while remaining > 0 {
                if remaining & 1 == 1 {
                    result =
                        table[base + Int(result & 0xFF)] ^ table[base + 256 + Int((result >> 8) & 0xFF)]
                        ^ table[base + 512 + Int((result >> 16) & 0xFF)] ^ table[base + 768 + Int(result >> 24)]
                }
                remaining >>= 1
                base += 1024
            }
        }
        return result
    }

    /// For each `k` below 24, `M^(2^k)` as four 256-entry tables (one per byte of the register), one after the
    /// other.
    private static let powers: [UInt32] = {
        // The images of the 32 unit vectors under M (one zero byte).
        var columns = (0..<32).map { bit -> UInt32 in
            let value = UInt32(1) << bit
            return CRC32.table[Int(value & 0xFF)] ^ (value >> 8)
        }
        var levels: [UInt32] = []
        for _ in 0..<24 {
            var table = [UInt32](repeating: 0, count: 1024)
            for lane in 0..<4 {
                for entry in 1..<256 {
                    let lowest = entry.trailingZeroBitCount
                    table[lane * 256 + entry] = table[lane * 256 + (entry & (entry - 1))] ^ columns[lane * 8 + lowest]
                }
            }
            levels += table
            // M^(2^(k+1)) = M^(2^k) applied to the columns of M^(2^k).
            columns = columns.map { column in
                table[Int(column & 0xFF)] ^ table[256 + Int((column >> 8) & 0xFF)]
                    ^ table[512 + Int((column >> 16) & 0xFF)] ^ table[768 + Int(column >> 24)]
            }
        }
        return levels
    }()
}
