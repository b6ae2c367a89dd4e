import Dispatch
internal import Foundation
@_spi(PushBusInternals) internal import PushBusCore

/// The one thread that writes a durable ledger's records: callers hand records over and go on; the writer takes
/// every record waiting, writes them under one file lock in one `write` (group commit), and flushes once when the
/// ledger's ``DeliveryLedger/Durability`` asks for it. So no caller thread, the main thread included, ever waits
/// for a flush or for another process's lock, unless it asks to (``DeliveryLedger/append(_:)``).
///
/// Records waiting to be written are visible to the ledger's queries at once (with the sequence
/// ``DeliveryRecord/unwritten``); they reach the event streams once written. A group that cannot be written (another
/// process holds the lock too long, the container is unreadable while the device is locked) stays waiting and is
/// tried again after a pause that doubles up to ``maximumRetryDelay``, and at every ``DeliveryLedger/refresh()``.
final class LedgerWriter: Sendable {
    /// A record waiting to be written, with the ticket its ``write(_:)`` caller waits for.
    struct Pending: Sendable {
        let ticket: UInt64
        let record: DeliveryRecord
        /// Whether `record` carries its message's summary, noted once: counting it under the lock then copies nothing.
        let hasSummary: Bool

        init(ticket: UInt64, record: DeliveryRecord) {
            self.ticket = ticket
            self.record = record
            hasSummary = record.summary != nil
        }
    }

    /// What one write did for each ticket of a group.
    typealias Outcome = [UInt64: Result<DeliveryRecord, DeliveryLedgerError>]

    private struct State: Sendable {
        var pending: [Pending] = []
        var nextTicket: UInt64 = 0
        /// A drain is queued (or running) and will take what is added now.
        var isScheduled = false
        /// Outcomes for tickets a ``write(_:)`` caller waits for.
        var outcomes: Outcome = [:]
        /// Tickets whose caller waits: a failed write removes them instead of keeping them for a retry.
        var waited: Set<UInt64> = []
        /// Tickets a drain is writing now: a write made from a hook that drain runs (on the writer's queue) drains
        /// again, and must not take them a second time.
        var inFlight: Set<UInt64> = []
        /// Tickets of a drain's group already in the file and the ledger's store, not yet settled: they no longer
        /// count as waiting, so a reader sees each record once (``markWritten(_:)``).
        var written: Set<UInt64> = []
        var retryDelay: TimeInterval = 0
        /// How many records of each message wait: ``pending(of:)`` filters only when some do.
        var perMessage: [PushMessage.ID: Int] = [:]
        /// How many records of each message that carry its summary wait: ``hasPendingSummary(of:)`` in constant
        /// time (a record asks it on each tap; a pass over what waits cost a burst more per tap the more waited).
        var summaries: [PushMessage.ID: Int] = [:]
        /// The tickets of records that left without being written (dropped for room, or refused for good), the
        /// latest ``droppedMemory`` of them; `droppedBase` is the position of the first in the whole history.
        var dropped: [UInt64] = []
        var droppedBase = 0

        mutating func drop(_ ticket: UInt64) {
            dropped.append(ticket)
            if dropped.count > LedgerWriter.droppedMemory {
                let removed = dropped.count / 2
                dropped.removeFirst(removed)
                droppedBase += removed
            }
        }

        /// Drops up to `count` of the oldest records waiting, in one pass; returns them, oldest first. Not the ones
        /// a drain is writing now (they may still be written), nor the ones a caller waits for.
        mutating func dropOldest(_ count: Int) -> [DeliveryRecord] {
            var leaving = Set<UInt64>()
            for item in pending {
                guard leaving.count < count else { break }
                if !waited.contains(item.ticket) && !inFlight.contains(item.ticket) { leaving.insert(item.ticket) }
            }
            guard !leaving.isEmpty else { return [] }
            var dropped: [DeliveryRecord] = []
            dropped.reserveCapacity(leaving.count)
            var kept: [Pending] = []
            kept.reserveCapacity(pending.count - leaving.count)
            for item in pending {
                if leaving.contains(item.ticket) {
                    dropped.append(item.record)
                    counted(item, -1)
                    drop(item.ticket)
                } else {
                    kept.append(item)
                }
            }
            pending = kept
            return dropped
        }

        mutating func counted(_ item: Pending, _ change: Int) {
            Self.add(change, to: &perMessage, item.record.messageID)
            if item.hasSummary { Self.add(change, to: &summaries, item.record.messageID) }
        }

        private static func add(_ change: Int, to counts: inout [PushMessage.ID: Int], _ messageID: PushMessage.ID) {
            let count = (counts[messageID] ?? 0) + change
            counts[messageID] = count > 0 ? count : nil
        }
    }

    /// How long the writer waits after the first record of a group before writing it.
    static let gatheringDelay: DispatchTimeInterval = .milliseconds(1)
    /// The longest pause between two attempts of a group that could not be written.
    static let maximumRetryDelay: TimeInterval = 5
    /// The most records kept waiting; past it the oldest are dropped (and reported), so a ledger that cannot be
    /// written for a long time costs bounded memory.
    static let maximumPending = 10_000
    /// How many of the oldest records leave at once when more than ``maximumPending`` wait. One at a time, every
    /// record handed over past the bound paid for a pass over all that wait (and the inbox for one over its own):
    /// a tap then cost a hundred microseconds; a tenth at once spreads that pass over a thousand records.
    static let droppedAtOnce = maximumPending / 10

    /// Writes a group under the file lock: the ledger's commit. Each call passes it, so only queued work keeps the
    /// ledger alive (until what it waits for is written), never the writer itself.
    typealias Commit = @Sendable ([Pending]) -> Outcome

    private let queue: DispatchQueue
    private let state = LockedState(State())
    /// Marks the writer's queue, so a write from a hook the writer called runs inline instead of deadlocking.
    private let key = QueueKey()

    /// `DispatchSpecificKey` is `Sendable` in Linux's Dispatch but not in Apple's.
    ///
    /// Safe: the key is an immutable token, only passed to `setSpecific` / `getSpecific`, which are thread-safe.
    private struct QueueKey: @unchecked Sendable {
        let value = DispatchSpecificKey<Void>()
    }

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .utility)
        queue.setSpecific(key: key.value, value: ())
    }

    /// A Boolean value indicating whether the caller runs on the writer's queue (a hook called from a write).
    private var isOnWriter: Bool { DispatchQueue.getSpecific(key: key.value) != nil }

    /// Hands `record` to the writer and returns at once.
    ///
    /// - Returns: The records dropped to make room (the ``droppedAtOnce`` oldest not waited for, oldest first), when
    /// more than ``maximumPending`` were waiting.
    /// `wakes` `false` leaves the writer asleep until ``wake(commit:)``: a tap calls it once its completion
    /// handler has run, so waking the writer's queue (a system call) is not on the way to it.
    func enqueue(_ record: DeliveryRecord, wakes: Bool = true, commit: @escaping Commit) -> (
        ticket: UInt64, dropped: [DeliveryRecord]
    ) {
        let (schedule, ticket, dropped) = state.withLock { state -> (Bool, UInt64, [DeliveryRecord]) in
            let ticket = state.nextTicket
            let item = Pending(ticket: ticket, record: record)
            state.pending.append(item)
            state.nextTicket += 1
            state.counted(item, 1)
            let dropped = state.pending.count > Self.maximumPending ? state.dropOldest(Self.droppedAtOnce) : []
            guard wakes else { return (false, ticket, dropped) }
            defer { state.isScheduled = true }
            return (!state.isScheduled, ticket, dropped)
        }
        // A millisecond later: the caller's work (the rest of a tap) is over before the writer takes the locks it
        // shares with it, and what comes within that millisecond joins the same group.
        if schedule { queue.asyncAfter(deadline: .now() + Self.gatheringDelay) { self.drain(commit) } }
        return (ticket, dropped)
    }

    /// How many dropped tickets the writer remembers for ``dropped(since:)``.
    static let droppedMemory = 4_096

    /// The tickets of records that left without being written since position `position` of the whole history, and
    /// the position after them; `nil` tickets when more left than the writer remembers (check each one instead).
    func dropped(since position: Int) -> (tickets: [UInt64]?, next: Int) {
        state.withLock { state in
            let next = state.droppedBase + state.dropped.count
            guard position < next else { return ([], next) }
            guard position >= state.droppedBase else { return (nil, next) }
            return (Array(state.dropped[(position - state.droppedBase)...]), next)
        }
    }

    /// Which of `tickets` still wait to be written.
    func waiting(_ tickets: [UInt64]) -> Set<UInt64> {
        state.withLock { state in
            let wanted = Set(tickets)
            return Set(state.pending.lazy.map { $0.ticket }.filter { wanted.contains($0) })
        }
    }

    /// Writes `record` and returns it as written: the caller waits for the writer (and so for the file lock, at most
    /// `maximumLockWait`). Written with whatever else is waiting, in one group.
    ///
    /// - Throws: Why it was not written; then it is not kept for a retry either.
    func write(_ record: DeliveryRecord, commit: @escaping Commit) throws(DeliveryLedgerError) -> DeliveryRecord {
        let ticket = state.withLock { state -> UInt64 in
            let ticket = state.nextTicket
            state.nextTicket += 1
            let item = Pending(ticket: ticket, record: record)
            state.pending.append(item)
            state.counted(item, 1)
            state.waited.insert(ticket)
            return ticket
        }
        flush(commit: commit)
        // Whichever drain took the record (this one, or one queued before it) left its outcome.
        let outcome = state.withLock { state in
            state.waited.remove(ticket)
            return state.outcomes.removeValue(forKey: ticket)
        }
        // A switch, not `Result.get()`: its typed `throws(Failure)` is not in the Apple SDKs' standard library.
        switch outcome ?? .failure(.io(operation: "write", path: "", errno: EIO)) {
        case .success(let written): return written
        case .failure(let error): throw error
        }
    }

    /// Writes what is waiting, if anything, on the writer's queue; returns once that attempt is over.
    func flush(commit: @escaping Commit) {
        if isOnWriter {
            drain(commit)
        } else {
            queue.sync { drain(commit) }
        }
    }

    /// ``flush(commit:)``, waiting at most `timeout` seconds for the attempt (which goes on after that).
    ///
    /// - Returns: `false` when the attempt was not over in time.
    func flush(commit: @escaping Commit, timeout: TimeInterval) -> Bool {
        if isOnWriter {
            drain(commit)
            return true
        }
        let done = DispatchSemaphore(value: 0)
        queue.async {
            self.drain(commit)
            done.signal()
        }
        // blocking-ok: bounded by `timeout`; for a process about to end (a service extension at its deadline).
        return done.wait(timeout: .now() + max(0, timeout)) == .success
    }

    /// Schedules a drain of what ``enqueue(_:wakes:commit:)`` left waiting, a gathering delay from now.
    func wake(commit: @escaping Commit) {
        scheduleDrain(after: Self.gatheringDelay, commit: commit)
    }

    /// Starts an attempt on the writer's queue without waiting for it (a refresh: the device may be unlocked now).
    func nudge(commit: @escaping Commit) {
        scheduleDrain(after: nil, commit: commit)
    }

    /// Schedules one drain of the records waiting, unless none wait or a drain is scheduled already.
    private func scheduleDrain(after delay: DispatchTimeInterval?, commit: @escaping Commit) {
        let schedule = state.withLock { state -> Bool in
            guard !state.pending.isEmpty, !state.isScheduled else { return false }
            state.isScheduled = true
            return true
        }
        guard schedule else { return }
        if let delay {
            queue.asyncAfter(deadline: .now() + delay) { self.drain(commit) }
        } else {
            queue.async { self.drain(commit) }
        }
    }

    /// The records of `messageID` waiting to be written, oldest first.
    func pending(of messageID: PushMessage.ID) -> [DeliveryRecord] {
        state.withLock { state in
            guard state.perMessage[messageID] != nil else { return [] }
            let written = state.written
            return state.pending.lazy.filter { $0.record.messageID == messageID && !written.contains($0.ticket) }
                .map(\.record)
        }
    }

    /// Notes that the records of `tickets` are in the file and in the ledger's store: called by the commit in the
    /// same section of the store's lock that added them, and read by ``pending(of:)`` and ``pendingRecords`` inside
    /// that lock too (the order is always the store's lock, then this one), so a reader of both finds each record in
    /// one place only.
    func markWritten(_ tickets: some Sequence<UInt64>) {
        state.withLock { $0.written.formUnion(tickets) }
    }

    /// A Boolean value indicating whether a record of `messageID` waiting to be written carries the summary.
    func hasPendingSummary(of messageID: PushMessage.ID) -> Bool {
        state.withLock { $0.summaries[messageID] != nil }
    }

    /// How many records are waiting to be written (not those of a group already in the store, ``markWritten(_:)``).
    var pendingCount: Int { state.withLock { $0.pending.count - $0.written.count } }

    /// Every record waiting, oldest first.
    var pendingRecords: [DeliveryRecord] {
        state.withLock { state in
            let written = state.written
            return state.pending.lazy.filter { !written.contains($0.ticket) }.map(\.record)
        }
    }

    /// Attempts on the writer's queue until nothing new waits: each takes everything waiting, writes it in one group
    /// and keeps what failed for a retry. Records handed over while a group is written join the next group of the
    /// same drain, without another wake-up of the queue.
    private func drain(_ commit: @escaping Commit) {
        var retry: TimeInterval?
        while retry == nil, let group = takeGroup() {
            let activity = Self.beginActivity()
            let outcome = commit(group)
            activity?.signal()
            retry = settle(group, outcome)
        }
        if let retry { queue.asyncAfter(deadline: .now() + retry) { self.drain(commit) } }
    }

    /// Everything waiting that no drain is writing yet, or `nil` (and the drain over: the next record schedules a
    /// new one) when nothing is.
    private func takeGroup() -> [Pending]? {
        state.withLock { state in
            let group = state.pending.filter { !state.inFlight.contains($0.ticket) }
            guard !group.isEmpty else {
                if state.inFlight.isEmpty { state.isScheduled = false }
                return nil
            }
            state.isScheduled = true
            state.inFlight.formUnion(group.map(\.ticket))
            return group
        }
    }

    /// Files the outcome of a group: waited-for tickets get theirs, records that may work later stay waiting, the
    /// rest leave. Returns the pause before the next attempt when something stays waiting after a failure.
    private func settle(_ group: [Pending], _ outcome: Outcome) -> TimeInterval? {
        // What the outcome says of each record is read before the lock: the callers' threads (a tap's) take it for
        // every record they hand over, and wait while a drain holds it.
        let retried = Set(
            group.lazy.filter {
                if case .failure(let error)? = outcome[$0.ticket] { return error.isWorthRetrying }
                return false
            }.map(\.ticket))
        let tickets = Set(group.lazy.map(\.ticket))
        return state.withLock { state -> TimeInterval? in
            var kept = Set<UInt64>()
            for item in group {
                if state.waited.contains(item.ticket) {
                    state.outcomes[item.ticket] =
                        outcome[item.ticket] ?? .failure(.io(operation: "write", path: "", errno: EIO))
                } else if retried.contains(item.ticket) {
                    kept.insert(item.ticket)
                    continue
                } else if case .success? = outcome[item.ticket] {
                } else {
                    state.drop(item.ticket)
                }
                state.counted(item, -1)
            }
            state.inFlight.subtract(tickets)
            state.written.subtract(tickets)
            guard !kept.isEmpty else {
                // In place: the records that stay keep their order, and none is copied.
                state.pending.removeAll { tickets.contains($0.ticket) }
                state.retryDelay = 0
                return nil
            }
            // Records added while the group was written come after the ones kept for a retry.
            state.pending =
                state.pending.filter { kept.contains($0.ticket) }
                + state.pending.filter { !tickets.contains($0.ticket) }
            state.retryDelay = min(max(state.retryDelay * 2, 0.05), Self.maximumRetryDelay)
            state.isScheduled = false  // a new record may try at once; the pause below tries again anyway
            return state.retryDelay
        }
    }
}

extension LedgerWriter {
    /// Keeps the process from being suspended while a group is written, so no file lock in a shared container is
    /// held across a suspension (iOS kills a suspended process that holds one: `0xdead10cc`): an expiring activity
    /// (`ProcessInfo.performExpiringActivity`, which app extensions may use too) that lasts until the returned
    /// semaphore is signalled. `nil` where processes are not suspended (Linux).
    static func beginActivity() -> DispatchSemaphore? {
        #if canImport(Darwin)
        let done = DispatchSemaphore(value: 0)
        ProcessInfo.processInfo.performExpiringActivity(withReason: "PushBus delivery ledger write") { expired in
            // Granted: hold the activity until the write is over (writes take microseconds to milliseconds).
            // Expired: the system is about to suspend; the write in progress is short and ends on its own.
            if !expired { done.wait() }
        }
        return done
        #else
        return nil
        #endif
    }
}

extension DeliveryLedgerError {
    /// A Boolean value indicating whether a write that failed this way may work later: another process held the
    /// lock, or the file could not be opened or written for now (a device locked since boot makes protected files
    /// unreadable: `EPERM` / `EACCES`; a full disk: `ENOSPC`). A record too large, or a file of a newer format,
    /// never will.
    var isWorthRetrying: Bool {
        switch self {
        case .lockBusy: return true
        case .io(_, _, let code): return [EPERM, EACCES, ENOSPC, EAGAIN, EINTR, EIO, EDQUOT].contains(code)
        default: return false
        }
    }
}
