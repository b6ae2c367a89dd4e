import Foundation

/// An append-only record of what happened to each delivery, in memory or in a directory shared by the app and its
/// extensions.
///
/// ```swift
/// let ledger = try DeliveryLedger(directory: appGroupURL)          // or DeliveryLedger() in memory
/// try ledger.record(.received, for: message, role: .serviceExtension)
/// if ledger.hasRecorded(.opened, messageID: message.id) { return }   // already counted in an earlier launch
/// ```
///
/// Durable: ``append(_:)`` returns after the record is written and `fsync`ed; it survives `kill -9` of the writer
/// at any instant. Shared: every process that opens the same directory appends under a short `flock` (never held
/// across an `await`) and sees the others' records after ``refresh()``. Damaged bytes are skipped and listed in
/// ``issues``; they never stop later records from loading. Docs/Ledger.md describes the file format.
///
/// > Warning: Appends block the calling thread for a `write` + `fsync` (tens of microseconds to a few
/// > milliseconds): call them where that is acceptable, not in a tight loop on the main thread.
public final class DeliveryLedger: Sendable {
    /// The file format version this code writes and the newest it reads.
    public static let formatVersion = LedgerCodec.version

    /// The directory of a durable ledger; `nil` in memory.
    public let directory: URL?
    /// The bounds, defaults and hooks given at creation.
    public let configuration: Configuration
    /// The open files (durable ledgers only); the lock also serializes this process's file work.
    let file: LockedState<LedgerFile?>
    /// Records, index, issues and subscribers; taken briefly, always after ``file`` when both are needed.
    let store: LockedState<LedgerStore>

    /// Creates a ledger in memory with the default configuration (the default of `PushDelivery`).
    public convenience init() { self.init(configuration: Configuration()) }

    /// Opens the durable ledger in `directory` with the default configuration (see
    /// ``init(directory:configuration:)``).
    public convenience init(directory: URL) throws(DeliveryLedgerError) {
        try self.init(directory: directory, configuration: Configuration(), readOnly: false)
    }

    /// Creates a ledger in memory: the same API, nothing shared, nothing kept after the process ends.
    public init(configuration: Configuration) {
        directory = nil
        self.configuration = configuration
        file = LockedState(nil)
        store = LockedState(LedgerStore(maximumRecordsPerMessage: configuration.maximumRecordsPerMessage))
    }

    /// Opens (creating its files when missing) the durable ledger in `directory`, shared by every process that
    /// opens the same directory, and loads its records.
    ///
    /// - Parameters:
    ///   - directory: An existing, writable directory (on a device, in the app-group container).
    ///   - configuration: Bounds, defaults and the issue hook.
    /// - Throws: ``DeliveryLedgerError`` when the directory is missing, not a directory, not writable, or holds a
    ///   newer format. Damaged records are not errors: they are skipped and listed in ``issues``.
    public convenience init(directory: URL, configuration: Configuration) throws(DeliveryLedgerError) {
        try self.init(directory: directory, configuration: configuration, readOnly: false)
    }

    /// Opens a ledger for reading only (for example a copy taken off a device): nothing is created or written.
    package init(directory: URL, configuration: Configuration = Configuration(), readOnly: Bool)
        throws(DeliveryLedgerError)
    {
        self.directory = directory
        self.configuration = configuration
        store = LockedState(LedgerStore(maximumRecordsPerMessage: configuration.maximumRecordsPerMessage))
        file = LockedState(
            try LedgerFile(
                directory: directory.path, readOnly: readOnly, maximumLockWait: configuration.maximumLockWait))
        try refresh()
    }

    deinit { file.withLock { $0?.close() } }

    /// A Boolean value indicating whether the ledger is kept in a directory.
    public var isDurable: Bool { directory != nil }

    // MARK: Writing

    /// Appends `record`, assigning its ``DeliveryRecord/sequence`` and ``DeliveryRecord/writtenAt``.
    ///
    /// A durable ledger first reads what other processes appended, writes the record under an exclusive `flock`,
    /// `fsync`s, and compacts when the records exceed the bounds.
    /// - Returns: The record as written (dates at millisecond precision).
    /// - Throws: ``DeliveryLedgerError`` when the write fails (also passed to ``Configuration/onIssue``). Nothing
    ///   half-written stays in the file.
    @discardableResult
    public func append(_ record: DeliveryRecord) throws(DeliveryLedgerError) -> DeliveryRecord {
        var record = record
        record.notificationDate = LedgerCodec.rounded(record.notificationDate)
        record.writtenAt = LedgerCodec.rounded(configuration.clock.now)
        record.event.values = Self.bounded(record.event.values, to: configuration.maximumSummaryBytes)
        let now = configuration.clock.now
        try withFileWork { file, newIssues throws(DeliveryLedgerError) in
            guard var open = file else {
                store.withLock { store in
                    record.sequence = store.nextSequence()
                    store.append(CollectionOfOne(record))
                    if store.exceedsBounds(configuration, now: now) { store.trim(to: configuration, now: now) }
                }
                return
            }
            defer { file = open }
            try open.withLock(exclusive: true) { (locked: inout LedgerFile) throws(DeliveryLedgerError) in
                newIssues += try catchUp(&locked)
                let last = store.withLock { max($0.lastSequence, locked.header.baseSequence) }
                // Sequences read from disk are at most LedgerCodec.maximumSequence, so `last + 1` cannot overflow.
                guard last < LedgerCodec.maximumSequence else { throw .sequenceExhausted(path: locked.dataPath) }
                record.sequence = last + 1
                let frame = LedgerCodec.frame(record)
                let payloadSize = frame.count - LedgerCodec.frameHeaderSize
                guard payloadSize <= LedgerCodec.maximumPayload else {
                    // Written, it would be read back as damage (and cut off as a torn tail if last).
                    throw .recordTooLarge(bytes: payloadSize, limit: LedgerCodec.maximumPayload)
                }
                try locked.append(frame, sequence: record.sequence)
                let compact = store.withLock { store in
                    store.append(CollectionOfOne(record))
                    return store.exceedsBounds(configuration, now: now)
                }
                guard compact else { return }
                // The record is durable now: a failed compaction is an issue, never a failed append (a caller
                // that retried would record the event twice). The next append tries to compact again.
                do throws(DeliveryLedgerError) {
                    newIssues += try compactLocked(&locked, now: now)
                } catch {
                    newIssues.append(DeliveryLedgerIssue(kind: .writeFailed, error: error))
                }
            }
        }
        return record
    }

    /// Records `event` for `message`: its ids, date and kind, and its summary when this is the first record of
    /// the message that carries one.
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - message: The message it happened to.
    ///   - role: The writing process; ``Configuration/role`` when `nil`.
    /// - Returns: The record as written.
    /// - Throws: ``DeliveryLedgerError`` when the write fails; the delivery should go on.
    @discardableResult
    public func record(_ event: DeliveryEvent, for message: PushMessage, role: DeliveryProcessRole? = nil)
        throws(DeliveryLedgerError) -> DeliveryRecord
    {
        let hasSummary = store.withLock { $0.history(of: message.id).contains { $0.summary != nil } }
        let summary =
            hasSummary
            ? nil
            : DeliverySummary(
                message, keeping: configuration.keptCustomKeys, maximumBytes: configuration.maximumSummaryBytes)
        return try append(
            DeliveryRecord(
                messageID: message.id, requestIdentifier: message.requestIdentifier,
                notificationDate: message.notificationDate ?? message.date,
                messageKind: message.kind, event: event, role: role ?? configuration.role, summary: summary))
    }

    /// Reads the records other processes appended (or the whole file, when one of them compacted it) and passes
    /// the new ones to ``events(after:bufferingPolicy:)``. Does nothing in memory.
    ///
    /// Takes a shared `flock` only for the read. The Apple glue calls it when the app returns to the foreground
    /// and when an extension posts that it wrote.
    /// - Throws: ``DeliveryLedgerError`` when the file cannot be read (also passed to ``Configuration/onIssue``).
    public func refresh() throws(DeliveryLedgerError) {
        try withFileWork { file, newIssues throws(DeliveryLedgerError) in
            guard var open = file else { return }
            defer { file = open }
            try open.withLock(exclusive: false) { (locked: inout LedgerFile) throws(DeliveryLedgerError) in
                newIssues = try catchUp(&locked)
            }
        }
    }

    /// Drops what is outside the bounds now, instead of waiting for the records to exceed them.
    ///
    /// A durable ledger writes the kept records to a new file, `fsync`s it and renames it over the old one under
    /// an exclusive `flock`: a crash at any point leaves the old file or the new one, and nothing inside the
    /// bounds is lost.
    public func compact() throws(DeliveryLedgerError) {
        let now = configuration.clock.now
        try withFileWork { file, newIssues throws(DeliveryLedgerError) in
            guard var open = file else {
                store.withLock { $0.trim(to: configuration, now: now) }
                return
            }
            defer { file = open }
            try open.withLock(exclusive: true) { (locked: inout LedgerFile) throws(DeliveryLedgerError) in
                newIssues += try catchUp(&locked)
                newIssues += try compactLocked(&locked, now: now)
            }
        }
    }

    // MARK: Internals (file lock held)

    /// Reads the file's changes into the store; returns the issues not seen before.
    private func catchUp(_ locked: inout LedgerFile) throws(DeliveryLedgerError) -> [DeliveryLedgerIssue] {
        let change = try locked.readChanges()
        let base = locked.header.baseSequence
        return store.withLock { store in
            var found: [DeliveryLedgerIssue] = []
            switch change {
            case .appended(let scan, let offset):
                store.append(scan.records)
                found = scan.issues.map { issue in
                    var issue = issue
                    issue.offset += offset
                    return issue
                }
            case .replaced(let scan, let headerIssue):
                store.replace(with: scan.records, base: base)
                found = (headerIssue.map { [$0] } ?? []) + scan.issues
            }
            return found.filter { store.report($0) }
        }
    }

    /// Rewrites the file with the records inside the bounds (exclusive lock held, file caught up).
    private func compactLocked(_ locked: inout LedgerFile, now: Date) throws(DeliveryLedgerError)
        -> [DeliveryLedgerIssue]
    {
        let bytes = try locked.readWholeFile()
        let scan = bytes.withUnsafeBytes { LedgerCodec.scan($0, from: min(LedgerCodec.headerSize, bytes.count)) }
        let records = scan.records
        let kept = LedgerStore.kept(records, within: configuration, now: now)
        var frames: [UInt8] = []
        for frame in scan.frames where frame.sequence.map(kept.contains) ?? false {
            frames += bytes[frame.offset..<(frame.offset + frame.length)]
        }
        let last = store.withLock { $0.lastSequence }
        let header = LedgerCodec.Header(
            generation: UInt64.random(in: 1...UInt64.max), baseSequence: max(last, locked.header.baseSequence))
        let keptRecords = records.filter { kept.contains($0.sequence) }
        try locked.replace(header: header, frames: frames, lastSequence: keptRecords.last?.sequence ?? 0)
        store.withLock { store in
            store.replace(with: keptRecords, base: header.baseSequence)
        }
        return scan.issues.filter { issue in store.withLock { $0.report(issue) } }
    }

    /// Runs `body` with this process's file state (`nil` in memory) under its lock; then, outside every lock,
    /// passes the issues `body` collected (and a thrown error, as ``DeliveryLedgerIssue/Kind/writeFailed``) to
    /// the hook and the new records to the event streams. `body` takes the `flock` itself.
    private func withFileWork(
        _ body: (inout LedgerFile?, inout [DeliveryLedgerIssue]) throws(DeliveryLedgerError) -> Void
    ) throws(DeliveryLedgerError) {
        var newIssues: [DeliveryLedgerIssue] = []
        let sequenceBefore = store.withLock { $0.lastSequence }
        let result = file.withLock { file -> Result<Void, DeliveryLedgerError> in
            do throws(DeliveryLedgerError) {
                try body(&file, &newIssues)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let error) = result { newIssues.append(DeliveryLedgerIssue(kind: .writeFailed, error: error)) }
        notify(newIssues)
        drain()
        notifyChange(since: sequenceBefore)
        try result.get()
    }

    /// Passes issues to the hook, outside every lock.
    private func notify(_ issues: [DeliveryLedgerIssue]) {
        guard let onIssue = configuration.onIssue else { return }
        for issue in issues { onIssue(issue) }
    }

    /// Event values cut to `maximumBytes` in total (keys in order; the first that does not fit and all after it
    /// are left out).
    private static func bounded(_ values: [String: String], to maximumBytes: Int) -> [String: String] {
        var total = 0
        var result: [String: String] = [:]
        for key in values.keys.sorted() {
            let size = key.utf8.count + (values[key]?.utf8.count ?? 0)
            guard total + size <= maximumBytes else { break }
            total += size
            result[key] = values[key]
        }
        return result
    }
}
