/// The values by which records refer to other records. Compaction keeps what they refer to, so the ledger owns
/// these names; the layers that write such records (the inbox, the delivery's content answers) use them and the
/// ledger never names those layers.
extension DeliveryRecord {
    /// The value key of an `inbox.read`, `inbox.unread` or `inbox.removed` record naming its entry: the sequence of
    /// the entry's `inbox.added` record.
    static let entryKey = "entry"
    /// The value key of the app's own record of a delivered content-extension answer: the answer record's sequence.
    static let deliveredAnswerKey = "contentAnswer"

    /// The sequence of the `inbox.added` record this record names (``entryKey``), if any.
    var entryReference: UInt64? { event.values[Self.entryKey].flatMap { UInt64($0) } }
}
