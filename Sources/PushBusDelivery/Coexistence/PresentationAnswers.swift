/// Whose answers decide how a notification that arrives in the foreground is shown, when other SDKs' delegates
/// (`NotificationForwardee`) answer `willPresent` too (see Docs/Coexistence.md).
///
/// Either way every forwardee chosen for the notification is still called, so an SDK's own work there (JPush's
/// and other SDKs' arrival statistics) still runs; only what iOS is told differs.
public enum PresentationAnswers: Sendable, Hashable {
    /// iOS gets the union of PushBus's `PresentationPolicy` answer and every forwardee's answer (the default):
    /// a forwardee that answers `.banner` shows a banner whatever the policy says.
    case union
    /// iOS gets PushBus's `PresentationPolicy` answer alone, as soon as PushBus has it; the forwardees' answers
    /// are ignored and not waited for.
    case pushBusOnly
}
