/// The inbox's records in the ledger: their kinds, and the value by which they name an entry.
extension DeliveryEvent.Kind {
    /// A notification entered the inbox (the record carries its summary; `subtitle` in the values).
    public static let inboxAdded: Self = "inbox.added"
    /// An inbox entry was marked read (`entry` names it).
    public static let inboxRead: Self = "inbox.read"
    /// An inbox entry was marked unread.
    public static let inboxUnread: Self = "inbox.unread"
    /// An inbox entry was removed (by the user, by expiry or by the count limit: `reason`).
    public static let inboxRemoved: Self = "inbox.removed"

    /// A Boolean value indicating whether the kind is one of the inbox's.
    var isInbox: Bool { rawValue.hasPrefix("inbox.") }
}

extension DeliveryRecord {
    /// The value key of an entry's id: in its `inbox.added` record, the id it is given (so it is known before the
    /// record is written); in an `inbox.read`, `inbox.unread` or `inbox.removed` record, the entry it names. Records
    /// written without one in `inbox.added` name the entry by that record's sequence.
    static let entryKey = "entry"

    /// The entry id this record carries (``entryKey``), if any.
    var entryReference: UInt64? { event.values[Self.entryKey].flatMap { UInt64($0) } }

    /// The id of the entry an `inbox.added` record adds: the id it carries, or its sequence.
    var addedEntryID: UInt64 { entryReference ?? sequence }

    /// A Boolean value indicating whether `written` is this record, read back from the file: the same event about
    /// the same delivery from the same role (a record handed to the writer has no sequence yet).
    func isSameWrite(as written: DeliveryRecord) -> Bool {
        event == written.event && messageID == written.messageID && reportedAt == written.reportedAt
            && role == written.role && requestIdentifier == written.requestIdentifier
    }

    /// A new entry id: random above every sequence the ledger gives (at most `Int64.max`), so ids given by
    /// different processes, and the sequences of records written without an id, never meet.
    static func newEntryID() -> UInt64 {
        UInt64.random(in: (UInt64(Int64.max) + 1)...(UInt64.max - 1))
    }
}
