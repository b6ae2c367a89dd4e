import PushBusCore

/// The values by which records refer to other records. Compaction keeps what they refer to, so the ledger owns
/// these names; the layers that write such records (the inbox, the delivery's content answers) use them and the
/// ledger never names those layers.
extension DeliveryRecord {
    /// The value key of an `inbox.read`, `inbox.unread` or `inbox.removed` record naming its entry: the sequence of
    /// the entry's `inbox.added` record.
    static let entryKey = "entry"
    /// The value key of the app's own record of a delivered content-extension answer: the answer record's sequence.
    package static let deliveredAnswerKey = "contentAnswer"

    /// The sequence of the `inbox.added` record this record names (``entryKey``), if any.
    var entryReference: UInt64? { event.values[Self.entryKey].flatMap { UInt64($0) } }
}

/// The kinds compaction treats apart: inbox entries and content answers are kept while they still count. The inbox
/// and the content extension write them; the ledger declares them so that it names neither.
extension DeliveryEvent.Kind {
    /// A notification entered the inbox (the record carries its summary; `subtitle` in the values).
    public static let inboxAdded: Self = "inbox.added"
    /// An inbox entry was marked read (`entry` names it).
    public static let inboxRead: Self = "inbox.read"
    /// An inbox entry was marked unread.
    public static let inboxUnread: Self = "inbox.unread"
    /// An inbox entry was removed (by the user, by expiry or by the count limit: `reason`).
    public static let inboxRemoved: Self = "inbox.removed"
}

extension DeliveryEvent.Kind {
    /// A Notification Content Extension answered (`ContentExtensionAnswer` in PushBusContentExtension): the action and
    /// the values it attached. Stored as text (`content.answer`): no new ledger format version.
    public static let contentAnswered: DeliveryEvent.Kind = "content.answer"
}
