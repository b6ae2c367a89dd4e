internal import Foundation
internal import PushBusCore

/// Why a ledger could not be opened or written. A failed write never blocks a delivery: the caller reports it
/// (``DeliveryLedger/Configuration/onIssue``) and goes on.
public enum DeliveryLedgerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The directory does not exist (the ledger does not create it: a wrong app-group identifier must show).
    case directoryMissing(path: String)
    /// The path exists but is not a directory.
    case notADirectory(path: String)
    /// The file was written by a newer format version this code cannot read safely; it is left untouched.
    case unsupportedVersion(found: UInt32, supported: UInt32)
    /// A system call failed: `operation` (for example `"open"`, `"write"`, `"fsync"`) with `errno`.
    case io(operation: String, path: String, errno: Int32)
    /// The encoded record is larger than one frame may be (`limit` bytes); nothing was written. Long typed
    /// text or custom values are the usual cause: keep fewer keys in the summary.
    case recordTooLarge(bytes: Int, limit: Int)
    /// Another process held the ledger's lock longer than ``DeliveryLedger/Configuration/maximumLockWait``;
    /// nothing was written.
    case lockBusy(path: String)
    /// The name is a symbolic link, a FIFO, a device or a directory where the ledger keeps a regular file: the
    /// ledger never follows a link or waits on a FIFO in a shared directory (Docs/Ledger.md, "Files").
    case notARegularFile(path: String)
    /// The file holds records but its header is damaged, so its format version is unknown: it is read, but never
    /// written (a newer writer's file must not be cut by an older one). Move the file away to start a new ledger.
    case damagedHeader(path: String)
    /// The file holds a record numbered 2⁶³ − 1, the highest sequence the format allows (a crafted file): nothing
    /// more can be numbered, so nothing is written.
    case sequenceExhausted(path: String)

    /// A Boolean value indicating whether the ledger's files could not be opened or written for lack of permission:
    /// on a device, usually its protected data being unavailable (locked since boot, before the first unlock).
    /// Retry once the device is unlocked (`UIApplication.protectedDataDidBecomeAvailableNotification`, or the next
    /// return to the foreground); records handed to ``DeliveryLedger/enqueue(_:)`` are retried on their own.
    public var isProtectedDataUnavailable: Bool {
        if case .io(_, _, let code) = self {
            return code == LedgerErrno.notPermitted || code == LedgerErrno.accessDenied
        }
        return false
    }

    /// A Boolean value indicating whether the failure is a full disk or a file size limit.
    public var isOutOfSpace: Bool {
        if case .io(_, _, let code) = self { return code == LedgerErrno.noSpace || code == LedgerErrno.fileTooBig }
        return false
    }

    public var description: String {
        switch self {
        case .directoryMissing(let path): return "ledger directory \(path) does not exist"
        case .notADirectory(let path): return "ledger path \(path) is not a directory"
        case .unsupportedVersion(let found, let supported):
            return "ledger format version \(found) is newer than the supported \(supported)"
        case .io(let operation, let path, let code):
            if operation == "open" && code == ENOENT { return "\(path) does not exist" }
            return "\(operation) \(path) failed: \(SharedFile.describe(code))"
        case .lockBusy(let path): return "the ledger lock \(path) stayed busy past the configured wait"
        case .recordTooLarge(let bytes, let limit):
            return "a record of \(bytes) bytes exceeds the \(limit)-byte frame limit"
        case .notARegularFile(let path):
            return "\(path) is a symbolic link or not a regular file; the ledger does not use it"
        case .sequenceExhausted(let path):
            return "\(path) holds the highest sequence number the format allows; nothing more can be written"
        case .damagedHeader(let path):
            return "the header of \(path) is damaged, so its format version is unknown; the file is not written"
        }
    }
}

/// Something the ledger could not do with its file: a damaged or unreadable part found while loading (skipped,
/// never returned as a record), or a write, refresh or compaction that failed (``Kind/writeFailed``).
public struct DeliveryLedgerIssue: Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }
        /// Bytes that are not a valid frame (checksum mismatch, bad length, lost magic) were skipped.
        public static let damagedFrame = Kind(rawValue: "damagedFrame")
        /// A frame whose checksum is right but whose content cannot be decoded was skipped.
        public static let undecodableRecord = Kind(rawValue: "undecodableRecord")
        /// The file ends in an incomplete frame (a write torn by a crash); the next writer cuts it off.
        public static let tornTail = Kind(rawValue: "tornTail")
        /// The file header is damaged; records are still read.
        public static let damagedHeader = Kind(rawValue: "damagedHeader")
        /// A valid record whose sequence is not above the one before it (a repeated or misplaced frame) was
        /// skipped: a full read and an incremental read skip the same ones.
        public static let outOfOrderRecord = Kind(rawValue: "outOfOrderRecord")
        /// A write, refresh or compaction failed (see ``DeliveryLedgerIssue/error``).
        public static let writeFailed = Kind(rawValue: "writeFailed")
    }

    /// What was wrong: damage found while loading, or a failed write (``Kind/writeFailed``).
    public var kind: Kind
    /// The byte offset in the file where the damage starts (0 for ``Kind/writeFailed``).
    public var offset: Int
    /// How many bytes were skipped (0 for ``Kind/writeFailed``).
    public var length: Int
    /// The error, for `Kind.writeFailed`.
    public var error: DeliveryLedgerError?

    package init(kind: Kind, offset: Int = 0, length: Int = 0, error: DeliveryLedgerError? = nil) {
        self.kind = kind
        self.offset = offset
        self.length = length
        self.error = error
    }

    public var description: String {
        if let error { return "\(kind): \(error)" }
        return "\(kind) at byte \(offset) (\(length) bytes skipped)"
    }
}
