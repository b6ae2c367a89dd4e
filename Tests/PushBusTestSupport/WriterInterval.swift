#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// When one writer of a concurrency test made its first and its last write, on the machine's monotonic clock
/// (`CLOCK_MONOTONIC`, shared by every process), so a test can prove its writers really ran at the same time.
///
/// A `pushbus-test-child` writer prints `interval FIRST LAST` (nanoseconds); this process takes ``now()``.
public struct WriterInterval: Sendable, Equatable, CustomStringConvertible {
    public var first: UInt64
    public var last: UInt64

    public init(first: UInt64, last: UInt64) {
        self.first = first
        self.last = last
    }

    /// The interval a child printed as `interval FIRST LAST`, if `line` is one.
    public init?(line: String) {
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "interval", let first = UInt64(parts[1]), let last = UInt64(parts[2])
        else { return nil }
        self.init(first: first, last: last)
    }

    /// The monotonic clock now, in nanoseconds.
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// A Boolean value indicating whether the two writers were writing at a common instant.
    public func overlaps(_ other: WriterInterval) -> Bool { first <= other.last && other.first <= last }

    public var description: String {
        "\(Double(first % 1_000_000_000_000) / 1e6) ms … \(Double(last % 1_000_000_000_000) / 1e6) ms"
    }
}
