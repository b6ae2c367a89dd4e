internal import PushBusCore
public import PushBusServiceExtension

extension ServiceExtensionStep {
    /// Adds the push to `inbox` before iOS shows it (a finishing step), with the scope (account) the inbox's
    /// `scopeReader` finds, and, unless the inbox's `PushInbox.BadgePolicy` is `manual`, sets the badge of the shown
    /// notification to what the policy counts (the unread count by default). The entry shows the rewritten text (a
    /// decrypted body, say). A dropped notification does not enter. Waits for the ledger as ``ledgerReceipt(_:)``
    /// does, until the run's deadline at most.
    public static func inbox(_ inbox: PushInbox) -> Self {
        .finishing("inbox") { content, info in
            guard info.disposition == .show else { return }
            let message = PushMessage(
                kind: .remote, content: shownContent(content), requestIdentifier: info.requestIdentifier,
                date: info.endDate)
            try inbox.add(message, role: .serviceExtension)
            if let badge = inbox.badge { content.badge = badge }
            try waitForWrites(of: inbox.ledger, until: info)
        }
    }
}
