import Foundation
import PushBusCore
import PushBusServiceExtension
import PushBusStorage

extension ServiceExtensionStep {
    /// Records "received by the service extension" in `ledger` (a finishing step: put it last), so the app learns
    /// of a push it may never see opened: a confirmed delivery. The record carries the request identifier, how the
    /// run ended (`values["ending"]`) and whether the notification was shown or dropped (`values["disposition"]`).
    ///
    /// ```swift
    /// let ledger = try DeliveryLedger(directory: appGroupURL, configuration: extensionConfiguration)
    /// ServiceExtensionPipeline(steps: [.rewrite { … }, .attachments(policy), .ledgerReceipt(ledger)])
    /// ```
    ///
    /// The message identity is the one the app computes from the same payload (the provider's message id, or the
    /// digest of `userInfo`), so the app's later records of the push join this one.
    public static func ledgerReceipt(_ ledger: DeliveryLedger) -> Self {
        receipt { receipt in
            let message = PushMessage(
                kind: .remote, content: Self.shownContent(receipt.content),
                requestIdentifier: receipt.requestIdentifier, date: receipt.endDate)
            try ledger.record(
                DeliveryEvent(
                    kind: .received,
                    values: ["ending": "\(receipt.ending)", "disposition": receipt.disposition.rawValue]),
                for: message, role: .serviceExtension)
        }
    }

    /// Adds the push to `inbox` before iOS shows it (a finishing step), and, under the inbox's
    /// `PushInbox.BadgePolicy.unreadCount` policy, sets the badge of the shown notification to the inbox's unread
    /// count. The entry shows the rewritten text (a decrypted body, say). A dropped notification does not enter.
    public static func inbox(_ inbox: PushInbox) -> Self {
        .finishing("inbox") { content, info in
            guard info.disposition == .show else { return }
            let message = PushMessage(
                kind: .remote, content: shownContent(content), requestIdentifier: info.requestIdentifier,
                date: info.endDate)
            try inbox.add(message, role: .serviceExtension)
            if inbox.configuration.badgePolicy == .unreadCount { content.badge = inbox.unreadCount }
        }
    }

    /// The payload as the app will read it, with the text the extension wrote.
    static func shownContent(_ content: ServiceExtensionContent) -> PushContent {
        var shown = PushContent(payload: .object(content.userInfo))
        shown.title = content.title
        shown.subtitle = content.subtitle
        shown.body = content.body
        return shown
    }
}
