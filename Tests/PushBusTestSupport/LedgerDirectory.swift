public import Foundation

/// A fresh directory for one ledger test, removed by ``remove()``. On Linux it is on `/dev/shm` (tmpfs), where
/// `fsync` costs nothing, so process tests with thousands of appends stay fast; the durability they check is
/// against `kill -9`, which the page cache survives.
public struct LedgerDirectory: Sendable {
    public let url: URL

    public init() throws {
        let base = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        url = URL(fileURLWithPath: base).appendingPathComponent("pushbus-ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var dataFile: URL { url.appendingPathComponent("ledger.pbl") }

    public func remove() { try? FileManager.default.removeItem(at: url) }

    /// A file beside this directory (outside it) with known content, for a planted link to point to.
    public func victim() throws -> URL {
        let victim = url.deletingLastPathComponent().appendingPathComponent("victim-\(UUID().uuidString)")
        try Self.victimContent.write(to: victim)
        return victim
    }

    /// Whether a file ``victim()`` made still holds the content it was given.
    public static func isUntouched(_ victim: URL) -> Bool { (try? Data(contentsOf: victim)) == victimContent }

    private static let victimContent = Data(repeating: 0x41, count: 9_500)
}
