import Foundation
import PushBusCore

/// The notifications the user received, with read state: the history users ask every push SDK for, kept in a
/// ``DeliveryLedger`` so that the Notification Service Extension adds entries before the app ever runs.
///
/// ```swift
/// let ledger = try DeliveryLedger(directory: appGroupURL)
/// let inbox = PushInbox(ledger: ledger)
/// let watching = inbox.attach(to: center)          // alerts enter, taps mark read
/// let firstPage = inbox.entries(limit: 20)         // newest first
/// badgeLabel.text = "\(inbox.unreadCount)"         // O(1)
/// try inbox.markRead(entry.id)                     // one ledger append
/// ```
///
/// Every change is a ledger record (`inbox.added`, `inbox.read`, `inbox.unread`, `inbox.removed`), applied in
/// sequence order, so the app and its extensions agree after ``refresh()``: one push added by the extension and
/// again by the app is one entry; read state survives relaunch and compaction.
///
/// Thread safety: `Sendable`; writes block for the ledger's append (a `write` + `fsync` when durable).
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
    }

    let state: LockedState<State>
    /// The change observers (``observe(_:)``, ``changes()``).
    private let observers = ObserverRegistry<@Sendable (InboxChange) -> Void>()
    /// Serializes applying records so that changes reach observers in sequence order.
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

    /// Entries, newest first: `limit` of them after skipping `offset` (for paging).
    public func entries(offset: Int = 0, limit: Int = .max) -> [InboxEntry] {
        catchUp()
        return state.withLock { $0.index.page(offset: offset, limit: limit) }
    }

    /// The entry with `id`, if it is in the inbox.
    public func entry(_ id: InboxEntry.ID) -> InboxEntry? {
        catchUp()
        return state.withLock { $0.index.entries[id] }
    }

    /// The entry for this delivery of `message`, if it is in the inbox.
    public func entry(for message: PushMessage) -> InboxEntry? {
        catchUp()
        return state.withLock {
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
        // common case writes nothing. A racing add is still one entry (the fold keeps the first).
        if ledger.isDurable { try ledger.refresh() }
        if let existing = entry(for: message) { return existing }
        let isRemoved = state.withLock {
            $0.index.wasRemoved(message.id, SeenDeliveries.Evidence.stored(message), reportedAt: message.date)
        }
        if isRemoved { return nil }  // removed by the user or the bounds: a tap or a second report does not revive it
        var values: [String: String] = [:]
        if let subtitle = message.content.subtitle { values["subtitle"] = subtitle }
        let summary = DeliverySummary(
            message, keeping: configuration.keptCustomKeys, maximumBytes: ledger.configuration.maximumSummaryBytes)
        let written = try ledger.append(
            DeliveryRecord(
                messageID: message.id, requestIdentifier: message.requestIdentifier,
                notificationDate: message.notificationDate, reportedAt: message.date, messageKind: message.kind,
                event: DeliveryEvent(kind: .inboxAdded, values: values), role: role ?? ledger.configuration.role,
                summary: summary))
        catchUp()
        try enforceBounds()
        // A racing process may have added the same delivery first: then the index kept that one.
        return entry(written.sequence) ?? entry(for: message)
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
            guard let entry = entry(id) else { continue }
            try write(.inboxRemoved, entry, reason: "limit")
        }
    }

    /// Reads what other processes (the service extension, the content extension) wrote, then applies the bounds.
    public func refresh() throws(DeliveryLedgerError) {
        try ledger.refresh()
        catchUp()
        try enforceBounds()
    }

    // MARK: Internals

    private func setRead(_ id: InboxEntry.ID, _ isRead: Bool) throws(DeliveryLedgerError) {
        guard let entry = entry(id), entry.isRead != isRead else { return }
        try write(isRead ? .inboxRead : .inboxUnread, entry)
    }

    func write(_ kind: DeliveryEvent.Kind, _ entry: InboxEntry, reason: String? = nil)
        throws(DeliveryLedgerError)
    {
        var values = [DeliveryRecord.entryKey: String(entry.id)]
        if let reason { values["reason"] = reason }
        try ledger.append(
            DeliveryRecord(
                messageID: entry.messageID, requestIdentifier: entry.requestIdentifier,
                notificationDate: entry.evidence.date, reportedAt: entry.reportedAt,
                event: DeliveryEvent(kind: kind, values: values)))
        catchUp()
    }

    /// Applies the ledger records not applied yet, then hands the changes to the observers outside every lock: one
    /// thread delivers at a time, in order, and the others leave their changes to it.
    func catchUp() {
        applying.withLock {
            let after = state.withLock { $0.index.appliedSequence }
            guard ledger.lastSequence > after else { return }
            let records = ledger.records(after: after)
            state.withLock { state in
                for record in records { state.undelivered += state.index.apply(record) }
            }
        }
        deliverChanges()
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
