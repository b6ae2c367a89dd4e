import Foundation

extension DeliveryLedger {
    /// How much a ledger keeps, what it writes by default, and where its problems go.
    public struct Configuration: Sendable {
        /// Messages whose latest record is older than this are dropped by compaction. Default 30 days.
        public var maximumAge: TimeInterval = 30 * 86_400
        /// Only the most recently active messages, this many, are kept by compaction. Default 1,000.
        public var maximumMessages = 1_000
        /// The most records compaction keeps of one message (a message pushed again and again, a silent push with
        /// a fixed payload): the first, the latest, the latest summary, inbox entries and removals, content
        /// answers, and one record per distinct event, newest first (Docs/Ledger.md, "Compaction"). Default 100.
        public var maximumRecordsPerMessage = 100
        /// The custom payload keys ``DeliveryLedger/record(_:for:role:)`` keeps in a summary.
        public var keptCustomKeys: Set<String> = []
        /// The most UTF-8 bytes of text (title, body, custom values, event values) a record keeps. Default 4 KiB.
        public var maximumSummaryBytes = 4_096
        /// The role written when a call does not name one.
        public var role: DeliveryProcessRole = .app
        /// The clock that dates records and ages them out.
        public var clock: any PushClock = SystemClock()
        /// Called (never under a lock) with each new damaged-record issue and each failed write, so a delivery can
        /// report it as a diagnostic and go on.
        public var onIssue: (@Sendable (DeliveryLedgerIssue) -> Void)?
        /// How long a write or refresh waits for another process's file lock before failing with
        /// ``DeliveryLedgerError/lockBusy(path:)``. `nil` (default): as long as it takes (a lock is held only for
        /// one append or compaction). Set it in an extension that must answer iOS in time: the Notification
        /// Service Extension's receipt step waits at most this long before the content handler.
        public var maximumLockWait: TimeInterval?

        public init() {}
    }
}
