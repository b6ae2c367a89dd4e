public import Foundation
public import PushBusCore

extension DeliveryLedger {
    /// How much a ledger keeps, what it writes by default, and where its problems go.
    public struct Configuration: Sendable {
        /// Messages whose latest record is older than this are dropped by compaction. Default 30 days.
        public var maximumAge: TimeInterval = 30 * 86_400
        /// Only the most recently active messages, this many, are kept by compaction. Default 1,000.
        public var maximumMessages = 1_000
        /// The most records compaction keeps of one message (a message pushed again and again, a silent push with
        /// a fixed payload): the first, the latest, the latest summary, inbox entries and removals, content
        /// answers, and one record per distinct event, newest first (Docs/LedgerFormat.md, "Writing, locking, compaction"). Default 100.
        public var maximumRecordsPerMessage = 100
        /// The custom payload keys kept with a message: in the summary ``DeliveryLedger/record(_:for:role:)`` writes,
        /// and in the ``InboxEntry/customData`` of a ``PushInbox`` on this ledger (the one setting for both). Give
        /// the app's ledger and the service extension's the same keys, so the entries either process adds keep them.
        ///
        /// ```swift
        /// var configuration = DeliveryLedger.Configuration()
        /// configuration.keptCustomKeys = ["account", "orderID"]
        /// ```
        public var keptCustomKeys: Set<String> = []
        /// The most UTF-8 bytes of text (title, body, custom values, event values) a record keeps. Default 4 KiB.
        public var maximumSummaryBytes = 4_096
        /// The role written when a call does not name one.
        public var role: DeliveryProcessRole = .app
        /// The clock that dates records and ages them out.
        public var clock: any PushClock = SystemPushClock()
        /// Called (never under a lock) with each new damaged-record issue and each failed write, so a delivery can
        /// report it as a diagnostic and go on.
        public var onIssue: (@Sendable (DeliveryLedgerIssue) -> Void)?
        /// How long a write or refresh waits for another process's file lock before failing with
        /// ``DeliveryLedgerError/lockBusy(path:)``. Default 2 s: a lock is held only for one group of appends or a
        /// compaction, never across a flush. Records handed to ``DeliveryLedger/enqueue(_:)`` that could not be
        /// written in time stay pending and are written later. `nil`: as long as it takes. The Notification Service
        /// Extension's receipt step waits at most this long before the content handler.
        public var maximumLockWait: TimeInterval? = 2
        /// What a written record survives (``DeliveryLedger/Durability``). Default
        /// ``DeliveryLedger/Durability/processCrash``.
        public var durability: Durability = .processCrash

        /// Creates the default configuration (each property gives its default): the `.app` role, the system clock,
        /// no custom keys kept and no `onIssue` handler.
        public init() {}
    }

    /// What a record survives once the ledger says it is written.
    public enum Durability: Sendable, Hashable {
        /// `kill -9` of any process, the writer included, and the system ending an app or extension: the record is
        /// in the kernel (a `write`, no flush). Not a power loss or kernel panic right after. Costs no flush.
        case processCrash
        /// Also a power loss: each group of records is flushed after it is written, outside the file lock
        /// (`F_FULLFSYNC` on Apple platforms, where `fsync` does not reach the disk; `fsync` elsewhere), and
        /// compaction flushes the new file and the directory before and after its rename.
        case powerLoss
    }
}
