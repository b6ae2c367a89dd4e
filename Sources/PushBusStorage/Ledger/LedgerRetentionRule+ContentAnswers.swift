/// A content extension's answers are delivered to the app once: compaction keeps each answer, and the app's record
/// that it delivered one, while their message is inside the ledger's bounds. The content extension and the delivery
/// that write these records are modules above the ledger (and a process may link neither), so the ledger declares
/// the kind, the value key and the rule, and names neither module.
extension LedgerRetentionRule {
    /// Every content answer and every record naming one is kept with its message.
    static let contentAnswers = LedgerRetentionRule { record in
        record.event.kind == .contentAnswered || record.event.values[DeliveryRecord.deliveredAnswerKey] != nil
            ? .keptWithMessage : nil
    }
}

extension DeliveryEvent.Kind {
    /// A Notification Content Extension answered (`ContentExtensionAnswer` in PushBusContentExtension): the action and
    /// the values it attached. Stored as text (`content.answer`): no new ledger format version.
    public static let contentAnswered: DeliveryEvent.Kind = "content.answer"
}

extension DeliveryRecord {
    /// The value key of the app's own record of a delivered content-extension answer: the answer record's sequence.
    package static let deliveredAnswerKey = "contentAnswer"
}
