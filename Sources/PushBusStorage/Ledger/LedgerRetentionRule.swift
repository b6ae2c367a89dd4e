/// What a layer that writes records into a ``DeliveryLedger`` keeps through compaction beyond the ledger's own
/// bounds (the most recently active messages, the records per message). Compaction names no layer's record kinds:
/// it asks each rule of ``all``, and each layer defines its rule beside its records (the inbox's in Inbox/).
///
/// The rules are a fixed list, not something a layer registers when it starts: every process that opens the ledger
/// compacts it, the Notification Service Extension too, which opens it without an inbox. A rule registered at run
/// time would be missing there, and that process's compaction would drop what a layer in another process still
/// needs. A fixed list holds in every process that links the storage module.
struct LedgerRetentionRule: Sendable {
    /// How the per-message bound (``DeliveryLedger/Configuration/maximumRecordsPerMessage``) treats a record.
    enum Treatment: Sendable {
        /// Kept whenever its message is inside the ledger's bounds, and not counted against the per-message bound.
        case keptWithMessage
        /// Neither kept nor counted by the per-message bound: only the rule's ``keep`` keeps it.
        case leftToRule
    }

    /// How the per-message bound treats a record; `nil` for a record the rule is not about.
    let treatment: @Sendable (DeliveryRecord) -> Treatment?
    /// The sequences of the records kept whatever the ledger's bounds, given every record of the ledger.
    let keep: @Sendable ([DeliveryRecord]) -> Set<UInt64>

    init(
        treatment: @escaping @Sendable (DeliveryRecord) -> Treatment?,
        keep: @escaping @Sendable ([DeliveryRecord]) -> Set<UInt64> = { _ in [] }
    ) {
        self.treatment = treatment
        self.keep = keep
    }

    /// The rules every compaction applies, in every process: the one place the ledger names its rules' owners
    /// (a static member each, defined beside the records it keeps); what each keeps is the owner's alone.
    static let all: [LedgerRetentionRule] = [.inboxEntries, .contentAnswers]

    /// How `rules` treat `record`: the first rule's that is about it.
    static func treatment(of record: DeliveryRecord, under rules: [LedgerRetentionRule]) -> Treatment? {
        for rule in rules {
            if let treatment = rule.treatment(record) { return treatment }
        }
        return nil
    }
}
