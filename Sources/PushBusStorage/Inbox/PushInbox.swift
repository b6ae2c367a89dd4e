internal import Foundation
@_spi(PushBusInternals) public import PushBusCore

/// The notifications the user received, with read state: the history users ask every push SDK for, kept in a
/// ``DeliveryLedger`` so that the Notification Service Extension adds entries before the app ever runs.
///
/// ```swift
/// let ledger = try DeliveryLedger(directory: appGroupURL)
/// let inbox = PushInbox(ledger: ledger)
/// let watching = inbox.attach(to: center)          // alerts enter, taps mark read
/// let firstPage = inbox.entries(limit: 20)         // newest first
/// badgeLabel.text = "\(inbox.unreadCount)"         // O(1)
/// try inbox.markRead(entry.id)                     // one ledger record, written by the ledger's writer
/// ```
///
/// Every change is a ledger record (`inbox.added`, `inbox.read`, `inbox.unread`, `inbox.removed`), applied in
/// sequence order, so the app and its extensions agree after ``refresh()``: one push added by the extension and
/// again by the app is one entry; read state survives relaunch and compaction.
///
/// Thread safety: `Sendable`. Writes never wait for file work: each change is applied at once (the reads and the
/// observers see it) and handed to the ledger's writer (``DeliveryLedger/enqueue(_:)``), which writes it, retries
/// it while another process holds the file, and reports what it could not write to
/// ``DeliveryLedger/Configuration/onIssue``. The reads that look for other processes' records first
/// (``add(_:role:)``) read only what they can without waiting for a lock; ``refresh()`` waits.
public final class PushInbox: Sendable {
    /// The ledger the inbox is kept in.
    public let ledger: DeliveryLedger
    /// What enters, bounds, badge policy.
    public let configuration: Configuration

    struct State: Sendable {
        var index: InboxIndex
        /// Changes applied but not yet handed to the observers, oldest first.
        var undelivered: [InboxChange] = []
        var isDelivering = false
        /// This inbox's records handed to the ledger's writer and not read back written yet, oldest first: applied
        /// to `index` already (``write(_:_:reason:)``).
        var unwritten: [Unwritten] = []
        /// How many unwritten records are about each message: whether another process's record may conflict.
        var unwrittenMessages: [PushMessage.ID: Int] = [:]
        /// Where this inbox is in the writer's history of dropped records (`DeliveryLedger.droppedTickets(since:)`).
        var droppedSeen = 0
        /// Some of this inbox's records were dropped: the index still shows them until it is folded again, when the
        /// writer next writes (dropping happens only while another process holds the file; folding on each drop
        /// would cost a fold per record handed over then).
        var hasDropped = false

        /// The position of `ticket` in `unwritten` (tickets ascend).
        func unwrittenIndex(of ticket: UInt64) -> Int? {
            var (low, high) = (0, unwritten.count)
            while low < high {
                let middle = (low + high) / 2
                if unwritten[middle].ticket < ticket { low = middle + 1 } else { high = middle }
            }
            return low < unwritten.count && unwritten[low].ticket == ticket ? low : nil
        }

        /// The position of this inbox's own `record`, read back written, among the first unwritten records from
        /// `head` on (it comes back in the order it was handed over, after at most a few the writer let go).
        func ownWrite(_ record: DeliveryRecord, from head: Int) -> Int? {
            let end = min(head + 8, unwritten.count)
            var position = head
            while position < end {
                if unwritten[position].record.isSameWrite(as: record) { return position }
                position += 1
            }
            return nil
        }

        mutating func forget(_ count: Int) {
            unnote(0..<count)
            unwritten.removeFirst(count)
        }

        /// Lowers the counts of the unwritten records at `positions`: read back written, or let go.
        mutating func unnote(_ positions: Range<Int>) {
            for item in unwritten[positions] { note(item.record.messageID, -1) }
        }

        mutating func note(_ messageID: PushMessage.ID, _ change: Int) {
            let count = (unwrittenMessages[messageID] ?? 0) + change
            unwrittenMessages[messageID] = count > 0 ? count : nil
        }
    }

    /// A record this inbox handed to the ledger's writer, with the writer's ticket for it.
    struct Unwritten: Sendable {
        let ticket: UInt64
        let record: DeliveryRecord
    }

    let state: LockedState<State>
    /// The change observers (``observe(_:)``, ``changes()``).
    private let observers = ObserverRegistry<@Sendable (InboxChange) -> Void>()
    /// Serializes applying records (written ones, and this inbox's own as it hands them to the writer) so that
    /// changes reach observers in the order they were applied.
    private let applying = Lock()
    /// The ledger's change observer: every record the ledger writes or reads reaches the inbox.
    private let ledgerObserver: LockedState<PushCancellable?> = LockedState(nil)

    /// Creates an inbox over `ledger` and loads its entries.
    ///
    /// The inbox follows the ledger from then on: records another process wrote reach ``changes()`` and
    /// ``observe(_:)`` (and so `syncBadge(with:)`) as soon as anything reads them, including a
    /// ``DeliveryLedger/refresh()`` made by someone else (the Apple glue's `DeliveryLedgerRefresher`).
    public init(ledger: DeliveryLedger, configuration: Configuration = Configuration()) {
        self.ledger = ledger
        self.configuration = configuration
        state = LockedState(State(index: InboxIndex(correlationWindow: configuration.correlationWindow)))
        catchUp()
        let observation = ledger.addChangeObserver { [weak self] in self?.catchUp() }
        ledgerObserver.withLock { $0 = observation }
    }

    deinit {
        ledgerObserver.withLock { $0 }?.cancel()
    }

    // MARK: Reading

    /// How many entries are unread. O(1).
    public var unreadCount: Int {
        catchUp()
        return state.withLock { $0.index.unreadCount }
    }

    /// How many entries the inbox holds.
    public var count: Int {
        catchUp()
        return state.withLock { $0.index.order.count }
    }

    /// The unread entries of `scope` (an account). O(1).
    public func unreadCount(in scope: PushScope) -> Int {
        catchUp()
        return state.withLock { $0.index.unreadCount(in: scope) }
    }

    /// How many entries `scope` has. O(1).
    public func count(in scope: PushScope) -> Int {
        catchUp()
        return state.withLock { $0.index.count(in: scope) }
    }

    /// The unread counts in all and per scope (the account switcher's numbers, what ``BadgePolicy`` counts).
    public var unreadCounts: InboxUnreadCounts {
        catchUp()
        return state.withLock { $0.index.unreadCounts }
    }

    /// The scopes that have entries, in order.
    public var scopes: [PushScope] {
        catchUp()
        return state.withLock { $0.index.scopes.keys.sorted() }
    }

    /// The unread counts and the entries (newest first) as one consistent view: for tests that compare the two while
    /// the ledger's writer runs.
    package var countsAndEntries: (counts: InboxUnreadCounts, entries: [InboxEntry]) {
        catchUp()
        return state.withLock { ($0.index.unreadCounts, $0.index.page(offset: 0, limit: .max)) }
    }

    /// The badge ``Configuration/badgePolicy`` asks for now; `nil` under ``BadgePolicy/manual``.
    public var badge: Int? {
        catchUp()
        return currentBadge
    }

    /// The badge for the counts as the latest change left them, without reading the ledger (for observers, on each
    /// change of a tap). The default policy reads the total alone, and the manual one nothing: only the others are
    /// handed every scope's count (outside the lock, as a custom policy is the app's code).
    package var currentBadge: Int? {
        switch configuration.badgePolicy {
        case .manual: return nil
        case .unreadCount: return max(0, state.withLock { $0.index.unreadCount })
        case .unreadCountIn, .custom:
            return configuration.badgePolicy.badge(for: state.withLock { $0.index.unreadCounts })
        }
    }

    /// The entries of `scope`, newest first: `limit` of them after skipping `offset`. O(k log k) for its k entries.
    public func entries(in scope: PushScope, offset: Int = 0, limit: Int = .max) -> [InboxEntry] {
        catchUp()
        return state.withLock { $0.index.page(in: scope, offset: offset, limit: limit) }
    }

    /// Entries, newest first: `limit` of them after skipping `offset` (for paging).
    public func entries(offset: Int = 0, limit: Int = .max) -> [InboxEntry] {
        catchUp()
        return state.withLock { $0.index.page(offset: offset, limit: limit) }
    }

    /// The entry with `id`, if it is in the inbox.
    public func entry(_ id: InboxEntry.ID) -> InboxEntry? {
        catchUp()
        return indexedEntry(id)
    }

    /// The entry for this delivery of `message`, if it is in the inbox.
    public func entry(for message: PushMessage) -> InboxEntry? {
        catchUp()
        return indexedEntry(for: message)
    }

    /// The entry with `id` as the index holds it now, without reading the ledger first: for the writing paths,
    /// which caught up once already (each catch-up takes the ledger's locks, which its writer takes too).
    private func indexedEntry(_ id: InboxEntry.ID) -> InboxEntry? {
        state.withLock { $0.index.entry(id) }
    }

    private func indexedEntry(for message: PushMessage) -> InboxEntry? {
        state.withLock {
            $0.index.entry(matching: message.id, SeenDeliveries.Evidence.stored(message), reportedAt: message.date)
        }
    }

    /// The changes as they happen (inserted, updated, removed, unread count), in order, each once; entries another
    /// process added arrive once this process reads them (``refresh()``, a ``DeliveryLedger/refresh()`` made by
    /// anyone, or the next write). The sequence ends when the consuming task is cancelled.
    public func changes() -> AsyncStream<InboxChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: InboxChange.self)
        let subscription = observe { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }

    /// Calls `observer` with each change, in order, on the thread that made it (never under a lock).
    ///
    /// - Returns: The subscription; changes stop when it is cancelled or released.
    public func observe(_ observer: @escaping @Sendable (InboxChange) -> Void) -> PushCancellable {
        observers.add(observer).subscription
    }

    // MARK: Writing

    /// Adds `message` if it enters the inbox (``Configuration/shouldAdmit(_:)``) and is not there yet.
    ///
    /// - Parameters:
    ///   - message: The notification.
    ///   - role: The process adding it (the service extension passes ``DeliveryProcessRole/serviceExtension``).
    /// - Returns: The entry (new or already there), or `nil` when the message does not enter or its entry was
    ///   removed (a removed entry stays removed).
    /// - Throws: ``DeliveryLedgerError`` when the ledger cannot be read (a durable ledger reads the other
    ///   processes' records first) or written.
    @discardableResult
    public func add(_ message: PushMessage, role: DeliveryProcessRole? = nil) throws(DeliveryLedgerError)
        -> InboxEntry?
    {
        guard configuration.shouldAdmit(message) else { return nil }
        // Another process (the service extension) may have added this delivery: read its records first, so the
        // common case writes nothing; without waiting for a lock another process holds (a tap waits on this). A
        // racing add is still one entry (the fold keeps the first, and marks naming the other reach it).
        try refreshWithoutWaiting()
        if let existing = indexedEntry(for: message) { return existing }
        let isRemoved = state.withLock {
            $0.index.wasRemoved(message.id, SeenDeliveries.Evidence.stored(message), reportedAt: message.date)
        }
        if isRemoved { return nil }  // removed by the user or the bounds: a tap or a second report does not revive it
        let id = DeliveryRecord.newEntryID()
        var values = [DeliveryRecord.entryKey: String(id)]
        if let subtitle = message.content.subtitle { values["subtitle"] = subtitle }
        let summary = DeliverySummary(
            message, keeping: ledger.configuration.keptCustomKeys,
            maximumBytes: ledger.configuration.maximumSummaryBytes)
        try write(
            DeliveryRecord(
                messageID: message.id, requestIdentifier: message.requestIdentifier,
                notificationDate: message.notificationDate, reportedAt: message.date, messageKind: message.kind,
                event: DeliveryEvent(kind: .inboxAdded, values: values), role: role ?? ledger.configuration.role,
                summary: summary, scope: message.scope ?? configuration.scopeReader?.scope(in: message.content)))
        try enforceBounds()
        // A racing process may have added the same delivery first: then the index kept that one.
        return indexedEntry(id) ?? indexedEntry(for: message)
    }

    /// Marks the entry read. One ledger append; nothing when it is already read or gone.
    public func markRead(_ id: InboxEntry.ID) throws(DeliveryLedgerError) {
        try setRead(id, true)
    }

    /// Marks the entry unread.
    public func markUnread(_ id: InboxEntry.ID) throws(DeliveryLedgerError) {
        try setRead(id, false)
    }

    /// Marks every entry read.
    public func markAllRead() throws(DeliveryLedgerError) {
        for entry in entries() where !entry.isRead { try write(.inboxRead, entry) }
    }

    /// Marks every entry of `scope` read: one ledger record per unread entry of the scope, handed to the ledger's
    /// writer without waiting for the file (or another process's lock). O(entries of the scope).
    public func markAllRead(in scope: PushScope) throws(DeliveryLedgerError) {
        catchUp()
        for entry in state.withLock({ $0.index.unreadEntries(in: scope) }) { try write(.inboxRead, entry) }
    }

    /// Removes every entry of `scope` (the account was signed out), with reason `scopeRemoved`.
    ///
    /// - Returns: How many entries were removed.
    @discardableResult
    public func removeAll(in scope: PushScope) throws(DeliveryLedgerError) -> Int {
        let entries = entries(in: scope)
        for entry in entries { try write(.inboxRemoved, entry, reason: "scopeRemoved") }
        return entries.count
    }

    /// Removes the entry.
    public func remove(_ id: InboxEntry.ID) throws(DeliveryLedgerError) {
        guard let entry = entry(id) else { return }
        try write(.inboxRemoved, entry, reason: "user")
    }

    /// Removes every entry.
    public func removeAll() throws(DeliveryLedgerError) {
        for entry in entries() { try write(.inboxRemoved, entry, reason: "user") }
    }

    /// Removes entries older than ``Configuration/maximumAge`` and the oldest beyond
    /// ``Configuration/maximumCount``. Runs after every ``add(_:role:)`` and ``refresh()``.
    package func enforceBounds() throws(DeliveryLedgerError) {
        let now = ledger.configuration.clock.now
        let overflow = state.withLock {
            $0.index.overflow(
                maximumCount: configuration.maximumCount, maximumAge: configuration.maximumAge, now: now)
        }
        for id in overflow {
            guard let entry = indexedEntry(id) else { continue }
            try write(.inboxRemoved, entry, reason: "limit")
        }
    }

    /// Reads what other processes (the service extension, the content extension) wrote, then applies the bounds.
    ///
    /// Waits, as ``DeliveryLedger/refresh()`` does, while another process writes the ledger (at most
    /// ``DeliveryLedger/Configuration/maximumLockWait``): call it off the main thread, or let the Apple glue's
    /// refresher do it.
    public func refresh() throws(DeliveryLedgerError) {
        try ledger.refresh()
        catchUp()
        try enforceBounds()
    }

    /// Reads what other processes wrote when it can without waiting (nothing while another process holds the file,
    /// or while this ledger's writer does): for the paths a delivery takes.
    func refreshWithoutWaiting() throws(DeliveryLedgerError) {
        if ledger.isDurable { try ledger.refresh(waitingForWriter: false) }
        catchUp()
    }

    // MARK: Internals

    private func setRead(_ id: InboxEntry.ID, _ isRead: Bool) throws(DeliveryLedgerError) {
        guard let entry = entry(id) else { return }
        try setRead(entry, isRead)
    }

    /// Marks `entry`, as the index held it a moment ago (``note(_:)`` just added or found it).
    func setRead(_ entry: InboxEntry, _ isRead: Bool) throws(DeliveryLedgerError) {
        guard entry.isRead != isRead else { return }
        try write(isRead ? .inboxRead : .inboxUnread, entry)
    }

    func write(_ kind: DeliveryEvent.Kind, _ entry: InboxEntry, reason: String? = nil)
        throws(DeliveryLedgerError)
    {
        var values = [DeliveryRecord.entryKey: String(entry.id)]
        if let reason { values["reason"] = reason }
        try write(
            DeliveryRecord(
                messageID: entry.messageID, requestIdentifier: entry.requestIdentifier,
                notificationDate: entry.evidence.date, reportedAt: entry.reportedAt,
                event: DeliveryEvent(kind: kind, values: values), scope: entry.scope))
    }

    /// Writes `record`. In memory: appended at once. Durable: applied at once, so the reads and the observers see
    /// it, and handed to the ledger's writer without waiting (``DeliveryLedger/enqueue(_:)``); ``catchUp()``
    /// recognizes it when it is read back written.
    private func write(_ record: DeliveryRecord) throws(DeliveryLedgerError) {
        guard ledger.isDurable else {
            try ledger.append(record)
            catchUp()
            return
        }
        applying.withLock {
            let (handed, ticket) = ledger.enqueueTicketed(record)
            state.withLock { state in
                if let ticket {
                    state.unwritten.append(Unwritten(ticket: ticket, record: handed))
                    state.note(handed.messageID, 1)
                }
                state.index.applyUnwritten(handed, into: &state.undelivered)
            }
        }
        deliverChanges()
    }

    /// Applies the ledger records not applied yet, then hands the changes to the observers outside every lock: one
    /// thread delivers at a time, in order, and the others leave their changes to it.
    ///
    /// This inbox's own records, applied when they were handed to the writer, are skipped when they come back
    /// written. A record of another process about a message that one of them is about (two processes adding or
    /// marking one push at once) may have been written before them: then the index is folded again from the
    /// written records and the unwritten ones, as any process reading the ledger would fold it, and the
    /// observers get the difference. So does a record the writer could not write and dropped.
    func catchUp() {
        applying.withLock {
            let (after, droppedSeen) = state.withLock { ($0.index.appliedSequence, $0.droppedSeen) }
            // What the writer let go will never be written: forget it first (an own record is then either waiting
            // or read below, in the order it was handed over).
            let dropped = ledger.droppedTickets(since: droppedSeen)
            let hasUnwritten = state.withLock { !$0.unwritten.isEmpty }
            let stillWaiting =
                dropped.tickets == nil && hasUnwritten
                ? ledger.waitingTickets(state.withLock { $0.unwritten.map { $0.ticket } }) : nil
            let records = ledger.lastSequence > after ? ledger.records(after: after) : []
            let refold = state.withLock { state -> Bool in
                var refold = false
                state.droppedSeen = dropped.next
                // Own tickets ascend in `unwritten`: each ticket the writer let go is looked up by binary search.
                var lost = Set<Int>()
                if let gone = dropped.tickets {
                    for ticket in gone { if let index = state.unwrittenIndex(of: ticket) { lost.insert(index) } }
                } else if let stillWaiting {
                    // More left than the writer remembers: keep what waits or was written meanwhile (read below).
                    for (index, item) in state.unwritten.enumerated()
                    where !stillWaiting.contains(item.ticket)
                        && !records.contains(where: { item.record.isSameWrite(as: $0) })
                    {
                        lost.insert(index)
                    }
                }
                if !lost.isEmpty {
                    if lost.count == lost.max().map({ $0 + 1 }) {
                        state.forget(lost.count)  // the oldest: what the writer drops to make room
                    } else {
                        for index in lost { state.note(state.unwritten[index].record.messageID, -1) }
                        state.unwritten = state.unwritten.enumerated().filter { !lost.contains($0.offset) }.map {
                            $0.element
                        }
                    }
                    state.hasDropped = true
                }
                // Own records read back are forgotten once, after the batch: removing each from the front as it
                // came back moved every record still waiting, per record (quadratic in a burst's backlog).
                var head = 0
                for record in records {
                    if head == state.unwritten.count {
                        state.index.apply(record, into: &state.undelivered)
                    } else if let mine = state.ownWrite(record, from: head) {
                        refold = refold || mine > head  // the ones before it were let go
                        state.unnote(head..<mine + 1)
                        head = mine + 1
                        state.index.written(record)
                    } else if record.event.kind.isInbox, state.unwrittenMessages[record.messageID] != nil {
                        state.index.skip(to: record.sequence)
                        refold = true
                    } else {
                        state.index.apply(record, into: &state.undelivered)  // about another message: order is moot
                    }
                }
                state.unwritten.removeFirst(head)
                if state.hasDropped, !records.isEmpty || state.unwritten.isEmpty {
                    state.hasDropped = false
                    refold = true
                }
                return refold
            }
            if refold { self.refold() }
        }
        deliverChanges()
    }

    /// Folds the index again from every written record and this inbox's unwritten ones (``catchUp()``), and queues
    /// the difference for the observers.
    private func refold() {
        let written = ledger.records(after: 0)
        state.withLock { state in
            var index = InboxIndex(correlationWindow: configuration.correlationWindow)
            var discarded: [InboxChange] = []  // the observers get the difference below
            for record in written {
                index.apply(record, into: &discarded)
                discarded.removeAll(keepingCapacity: true)
            }
            for item in state.unwritten {
                index.applyUnwritten(item.record, into: &discarded)
                discarded.removeAll(keepingCapacity: true)
            }
            state.undelivered += state.index.changes(to: index)
            state.index = index
        }
    }

    private func deliverChanges() {
        while true {
            let batch = state.withLock { state -> ([InboxChange], ObserverRegistry<Observer>.Snapshot)? in
                guard !state.isDelivering, !state.undelivered.isEmpty else { return nil }
                state.isDelivering = true
                defer { state.undelivered = [] }
                return (state.undelivered, observers.snapshot())
            }
            guard let (changes, snapshot) = batch else { return }
            for change in changes {
                observers.notify(snapshot) { observer in observer(change) }
            }
            let isDone = state.withLock { state -> Bool in
                state.isDelivering = false
                return state.undelivered.isEmpty
            }
            if isDone { return }
        }
    }

    private typealias Observer = @Sendable (InboxChange) -> Void
}
