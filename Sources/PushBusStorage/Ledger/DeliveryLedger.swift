public import Foundation
@_spi(PushBusInternals) public import PushBusCore

/// An append-only record of what happened to each delivery, in memory or in a directory shared by the app and its
/// extensions.
///
/// ```swift
/// let ledger = try DeliveryLedger(directory: appGroupURL)          // or DeliveryLedger() in memory
/// try ledger.record(.received, for: message, role: .serviceExtension)
/// if ledger.hasRecorded(.opened, messageID: message.id) { return }   // already counted in an earlier launch
/// ```
///
/// Durable: one writer per ledger does the file work. ``enqueue(_:)`` hands it a record and returns at once (what a
/// delivery on the main thread uses); ``append(_:)`` waits until the record is written, so it survives `kill -9` of
/// any process (``Configuration/durability`` says what else). Records not written yet are visible to the queries at
/// once. Shared: every process that opens the same directory appends under a short, bounded `flock` (never held
/// across a flush or an `await`) and sees the others' records after ``refresh()``. Damaged bytes are skipped and
/// listed in `issues`; they never stop later records from loading. Docs/LedgerFormat.md describes the file format.
///
/// > Warning: ``append(_:)`` waits for the writer, which may wait up to ``Configuration/maximumLockWait`` for
/// > another process's lock: call it where waiting is acceptable (an extension, a background task), and use
/// > ``enqueue(_:)`` on the main thread.
public final class DeliveryLedger: Sendable {
    /// The file format version this code writes and the newest it reads.
    package static let formatVersion = LedgerCodec.version

    /// The directory of a durable ledger; `nil` in memory.
    public let directory: URL?
    /// The bounds, defaults and hooks given at creation.
    public let configuration: Configuration
    /// The open files (durable ledgers only); the lock also serializes this process's file work.
    let file: LockedState<LedgerFile?>
    /// Records, index, issues and subscribers; taken briefly, always after ``file`` when both are needed.
    let store: LockedState<LedgerStore>
    /// The thread that writes the file (durable ledgers only).
    let writer: LedgerWriter?
    /// Called (outside every lock) after this process wrote or read new records: how a ``PushInbox`` on the ledger
    /// notices a ``DeliveryLedger/refresh()`` it did not call.
    let changeObservers = ObserverRegistry<@Sendable () -> Void>()
    /// Why the writer's last attempt failed; `nil` once a write succeeds.
    private let lastWriteFailure = LockedState<DeliveryLedgerError?>(nil)

    /// Why the last write failed, while it is the latest outcome (a later write that succeeds clears it): what a
    /// delivery reports as `ledger.unwritable`.
    package var currentWriteFailure: DeliveryLedgerError? { lastWriteFailure.withLock { $0 } }

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
        writer = nil
        store = LockedState(LedgerStore(maximumRecordsPerMessage: configuration.maximumRecordsPerMessage))
    }

    /// Opens (creating its files when missing) the durable ledger in `directory`, shared by every process that
    /// opens the same directory, and loads its records.
    ///
    /// - Parameters:
    ///   - directory: An existing, writable directory (on a device, in the app-group container).
    ///   - configuration: Bounds, defaults and the issue hook.
    /// - Throws: ``DeliveryLedgerError`` when the directory is missing, not a directory, not writable, or holds a
    ///   newer format. Damaged records are not errors: they are skipped and listed in `issues`.
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
        writer = readOnly ? nil : LedgerWriter(label: "pushbus.ledger-writer")
        file = LockedState(
            try LedgerFile(
                directory: directory.path, readOnly: readOnly, maximumLockWait: configuration.maximumLockWait))
        try refresh()
    }

    deinit { file.withLock { $0?.close() } }  // queued writes keep the ledger alive until they are done

    /// A Boolean value indicating whether the ledger is kept in a directory.
    package var isDurable: Bool { directory != nil }

    // MARK: Writing

    /// Appends `record`, assigning its ``DeliveryRecord/sequence`` and ``DeliveryRecord/writtenAt``, and returns once
    /// it is written (durable as ``Configuration/durability`` says).
    ///
    /// A durable ledger hands it to its writer and waits: the writer reads what other processes appended, writes
    /// every record waiting (this one included) under one exclusive `flock` in one `write`, flushes after the lock
    /// when the durability asks for it, and compacts when the records exceed the bounds.
    /// - Returns: The record as written (dates at millisecond precision).
    /// - Throws: ``DeliveryLedgerError`` when the write fails (also passed to ``Configuration/onIssue``). Nothing
    ///   half-written stays in the file, and a record that was not written is not kept.
    @discardableResult
    public func append(_ record: DeliveryRecord) throws(DeliveryLedgerError) -> DeliveryRecord {
        let record = prepared(record)
        guard let writer else { return appendInMemory(record) }
        return try writer.write(record, commit: commitGroup)
    }

    /// Hands `record` to the writer and returns at once, without waiting for any file work: what a delivery on the
    /// main thread uses. The queries see it at once (with ``DeliveryRecord/unwritten`` as its sequence); it is
    /// written with the next group, within milliseconds when the file is free. A group that cannot be written (the
    /// lock held too long, a device locked since boot) is tried again, with pauses doubling up to 5 s, and at each
    /// ``refresh()``; ``waitForWrites()`` returns once nothing waits. In memory it is appended at once.
    public func enqueue(_ record: DeliveryRecord) {
        enqueue(record, wakesWriter: true)
    }

    /// ``enqueue(_:)``; with `wakesWriter` `false` the record waits (visible to queries) until ``wakeWriter()``.
    ///
    /// - Returns: The record as handed to the writer (dates rounded as the file keeps them, sequence
    ///   ``DeliveryRecord/unwritten``), or as appended in memory.
    @discardableResult
    package func enqueue(_ record: DeliveryRecord, wakesWriter: Bool) -> DeliveryRecord {
        enqueueTicketed(record, wakesWriter: wakesWriter).record
    }

    /// ``enqueue(_:wakesWriter:)``, with the ticket the writer gave the record (`nil` in memory, where it is appended
    /// at once): what ``droppedTickets(since:)`` names.
    package func enqueueTicketed(_ record: DeliveryRecord, wakesWriter: Bool = true) -> (
        record: DeliveryRecord, ticket: UInt64?
    ) {
        let record = prepared(record)
        guard let writer else { return (appendInMemory(record), nil) }
        // Woken once iOS is answered when this runs inside an adapter's callback (`AfterAnswer`).
        if wakesWriter { AfterAnswer.run { [self] in wakeWriter() } }
        let (ticket, dropped) = writer.enqueue(record, wakes: false, commit: commitGroup)
        if !dropped.isEmpty {
            notify(
                dropped.map { dropped in
                    DeliveryLedgerIssue(
                        kind: .writeFailed,
                        error: .io(
                            operation: "enqueue \(dropped.messageID)", path: directory?.path ?? "", errno: ENOBUFS))
                })
        }
        return (record, ticket)
    }

    /// Starts writing what ``enqueue(_:wakesWriter:)`` left waiting, without waiting for it.
    package func wakeWriter() {
        writer?.wake(commit: commitGroup)
    }

    /// Returns once the writer has tried to write every record handed to it: for tests, and before the process may
    /// be suspended. Records that could not be written stay waiting for the next attempt.
    public func waitForWrites() {
        writer?.flush(commit: commitGroup)
    }

    /// How many records wait to be written (0 in memory).
    public var unwrittenCount: Int { writer?.pendingCount ?? 0 }

    /// The tickets (``enqueueTicketed(_:)``) of records the writer let go without writing them (dropped to make room,
    /// refused for good) since position `position` of that history, and the position after them: a reader that
    /// keeps records it handed over forgets those. `nil` tickets when more left than the writer remembers.
    package func droppedTickets(since position: Int) -> (tickets: [UInt64]?, next: Int) {
        writer?.dropped(since: position) ?? ([], 0)
    }

    /// Which of `tickets` still wait to be written.
    package func waitingTickets(_ tickets: [UInt64]) -> Set<UInt64> { writer?.waiting(tickets) ?? [] }

    /// Returns once the writer has tried to write every record handed to it, or after `timeout` seconds, whichever
    /// comes first: for a process about to end that may wait only so long (a service extension at its deadline).
    /// Records not written stay waiting, and are lost if the process ends first.
    ///
    /// - Returns: `true` when nothing waits any more.
    @discardableResult
    package func waitForWrites(timeout: TimeInterval) -> Bool {
        guard let writer else { return true }
        return writer.flush(commit: commitGroup, timeout: timeout) && writer.pendingCount == 0
    }

    /// `record` with its dates rounded as the file keeps them and its event values bounded.
    private func prepared(_ record: DeliveryRecord) -> DeliveryRecord {
        var record = record
        record.notificationDate = record.notificationDate.map(LedgerCodec.rounded)
        record.reportedAt = LedgerCodec.rounded(record.reportedAt)
        record.writtenAt = LedgerCodec.rounded(configuration.clock.now)
        record.event.values = Self.bounded(record.event.values, to: configuration.maximumSummaryBytes)
        record.sequence = DeliveryRecord.unwritten
        return record
    }

    private func appendInMemory(_ record: DeliveryRecord) -> DeliveryRecord {
        var record = record
        let now = configuration.clock.now
        try? withFileWork { _, _ in
            store.withLock { store in
                record.sequence = store.nextSequence()
                store.append(CollectionOfOne(record))
                if store.exceedsBounds(configuration, now: now) { store.trim(to: configuration, now: now) }
            }
        }
        return record
    }

    /// How many written records the writer adds to the store per section of its lock.
    static let recordsPerStoreSection = 8

    /// The writer's commit, for one group: keeps the ledger alive only while the group waits.
    private var commitGroup: LedgerWriter.Commit { { [self] group in commit(group) } }

    /// Writes a group of records (on the writer's queue): one exclusive `flock`, one `write`, then the flush outside
    /// the lock when ``Configuration/durability`` is ``Durability/powerLoss``.
    private func commit(_ group: [LedgerWriter.Pending]) -> LedgerWriter.Outcome {
        var outcome: LedgerWriter.Outcome = [:]
        var refused: DeliveryLedgerError?
        var flush: (descriptor: Int32, path: String)?
        let now = configuration.clock.now
        do throws(DeliveryLedgerError) {
            try withFileWork { file, newIssues throws(DeliveryLedgerError) in
                guard var open = file else { return }
                defer { file = open }
                try open.withLock(exclusive: true) { (locked: inout LedgerFile) throws(DeliveryLedgerError) in
                    newIssues += try catchUp(&locked)
                    var last = store.withLock { max($0.lastSequence, locked.header.baseSequence) }
                    let first = last + 1
                    var frames: [UInt8] = []
                    var written: [DeliveryRecord] = []
                    var writtenTickets: [UInt64] = []
                    for item in group {
                        // Sequences read from disk are at most LedgerCodec.maximumSequence: `last + 1` cannot
                        // overflow.
                        guard last < LedgerCodec.maximumSequence else {
                            throw .sequenceExhausted(path: locked.dataPath)
                        }
                        var record = item.record
                        record.sequence = last + 1
                        let frame = LedgerCodec.frame(record)
                        let payloadSize = frame.count - LedgerCodec.frameHeaderSize
                        guard payloadSize <= LedgerCodec.maximumPayload else {
                            // Written, it would be read back as damage (and cut off as a torn tail if last).
                            let error = DeliveryLedgerError.recordTooLarge(
                                bytes: payloadSize, limit: LedgerCodec.maximumPayload)
                            outcome[item.ticket] = .failure(error)
                            newIssues.append(DeliveryLedgerIssue(kind: .writeFailed, error: error))
                            refused = error
                            continue
                        }
                        last += 1
                        frames += frame
                        written.append(record)
                        writtenTickets.append(item.ticket)
                        outcome[item.ticket] = .success(record)
                    }
                    guard !written.isEmpty else { return }
                    do throws(DeliveryLedgerError) {
                        try locked.append(frames, firstSequence: first, lastSequence: last)
                    } catch {
                        for ticket in writtenTickets { outcome.removeValue(forKey: ticket) }
                        throw error
                    }
                    if configuration.durability == .powerLoss {
                        flush = (locked.flushableDescriptor(), locked.dataPath)
                    }
                    // A few records per lock section: a tap reads the store under the same lock, and would wait
                    // for a whole group (tens of microseconds in a burst) taken at once. Each section also tells
                    // the writer they are written, so a reader in between finds the group's first records written
                    // and the others waiting, each once.
                    for start in stride(from: 0, to: written.count, by: Self.recordsPerStoreSection) {
                        let end = min(start + Self.recordsPerStoreSection, written.count)
                        store.withLock { store in
                            _ = store.append(written[start..<end])
                            writer?.markWritten(writtenTickets[start..<end])
                        }
                    }
                    let compact = store.withLock { $0.exceedsBounds(configuration, now: now) }
                    guard compact else { return }
                    // The records are written now: a failed compaction is an issue, never a failed append (a
                    // caller that retried would record the event twice). The next write tries to compact again.
                    do throws(DeliveryLedgerError) {
                        newIssues += try compactLocked(&locked, now: now)
                    } catch {
                        newIssues.append(DeliveryLedgerIssue(kind: .writeFailed, error: error))
                    }
                }
            }
        } catch {
            for item in group where outcome[item.ticket] == nil { outcome[item.ticket] = .failure(error) }
            lastWriteFailure.withLock { $0 = error }
            return outcome
        }
        lastWriteFailure.withLock { $0 = refused }
        if let flush {
            do throws(DeliveryLedgerError) {
                try LedgerFile.flush(flush.descriptor, path: flush.path)
            } catch {
                // Written but not flushed: it survives a crash of any process, not a power loss.
                notify([DeliveryLedgerIssue(kind: .writeFailed, error: error)])
            }
        }
        return outcome
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
        try append(makeRecord(event, for: message, role: role))
    }

    /// Records `event` for `message` as ``record(_:for:role:)`` does, through ``enqueue(_:)``: returns at once.
    public func enqueue(_ event: DeliveryEvent, for message: PushMessage, role: DeliveryProcessRole? = nil) {
        enqueue(makeRecord(event, for: message, role: role), wakesWriter: true)
    }

    /// ``enqueue(_:for:role:)``, leaving the writer asleep until ``wakeWriter()``.
    package func enqueueWithoutWaking(_ event: DeliveryEvent, for message: PushMessage) {
        enqueue(makeRecord(event, for: message, role: nil), wakesWriter: false)
    }

    private func makeRecord(_ event: DeliveryEvent, for message: PushMessage, role: DeliveryProcessRole?)
        -> DeliveryRecord
    {
        // Asked of the store and the writer in place: copying the message's history to look was most of a record's
        // cost on a tap (two records per tap in the documented set-up).
        let hasSummary =
            store.withLock { $0.hasSummary(of: message.id) } || (writer?.hasPendingSummary(of: message.id) ?? false)
        let summary =
            hasSummary
            ? nil
            : DeliverySummary(
                message, keeping: configuration.keptCustomKeys, maximumBytes: configuration.maximumSummaryBytes)
        return DeliveryRecord(
            messageID: message.id, requestIdentifier: message.requestIdentifier,
            notificationDate: message.notificationDate, reportedAt: message.date,
            messageKind: message.kind, event: event, role: role ?? configuration.role, summary: summary,
            scope: message.scope)
    }

    /// Reads the records other processes appended (or the whole file, when one of them compacted it) and passes
    /// the new ones to ``events(after:bufferingPolicy:)``. Does nothing in memory.
    ///
    /// Takes a shared `flock` only for the read, and none when the file's size and identity show nothing new (one
    /// `lstat` and one `fstat`). While this ledger's writer holds the file (a group being written), it waits for the
    /// writer, so it returns with everything any process appended before the call. Records waiting to be written get
    /// another attempt (the device may be unlocked now). The Apple glue calls it when the app returns to the
    /// foreground and when an extension posts that it wrote.
    /// - Throws: ``DeliveryLedgerError`` when the file cannot be read (also passed to ``Configuration/onIssue``).
    public func refresh() throws(DeliveryLedgerError) {
        try refresh(waitingForWriter: true)
    }

    /// ``refresh()``; with `waitingForWriter` `false` it returns at once while this ledger's writer or another
    /// process holds the file (it reads nothing then), and may then miss what another process appended: for a
    /// delivery's way to its completion handler, which must not wait for file work, where a record read later is
    /// still read.
    package func refresh(waitingForWriter: Bool) throws(DeliveryLedgerError) {
        // A refresh that must not wait does not wake the writer either: a delivery wakes it once iOS is answered.
        if waitingForWriter { writer?.nudge(commit: commitGroup) }
        // Nothing new when the file's size and identity say so. The writer caught up when it took the file, but
        // another process may append after that while the writer still holds it (flushing): a refresh that must
        // return with everything appended before it was called waits for the writer (an answer the content
        // extension recorded just then was missed this way under load).
        let isCurrent = file.withLockIfAvailable { $0.map { !$0.mayHaveChanges() } ?? true } ?? !waitingForWriter
        guard !isCurrent else { return }
        try withFileWork { file, newIssues throws(DeliveryLedgerError) in
            guard var open = file else { return }
            defer { file = open }
            do throws(DeliveryLedgerError) {
                try open.withLock(exclusive: false, waiting: waitingForWriter) {
                    (locked: inout LedgerFile) throws(DeliveryLedgerError) in
                    newIssues = try catchUp(&locked)
                }
            } catch .lockBusy where !waitingForWriter {
                return  // another process writes now: what it wrote is read by a later refresh
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
        try locked.replace(
            header: header, frames: frames, lastSequence: keptRecords.last?.sequence ?? 0,
            flushing: configuration.durability == .powerLoss)
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
        if case .failure(let error) = result { throw error }  // not `get()`: untyped in the Apple SDKs' library
    }

    /// Passes issues to the hook, outside every lock.
    private func notify(_ issues: [DeliveryLedgerIssue]) {
        guard let onIssue = configuration.onIssue else { return }
        for issue in issues { onIssue(issue) }
    }

    /// Event values cut to `maximumBytes` in total (keys in order; the first that does not fit and all after it
    /// are left out).
    private static func bounded(_ values: [String: String], to maximumBytes: Int) -> [String: String] {
        // The common case, everything fits: kept as it is, without sorting the keys into a new dictionary.
        if values.reduce(0, { $0 + $1.key.utf8.count + $1.value.utf8.count }) <= maximumBytes { return values }
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
