import Foundation
import PushBus

extension PushRouter {
    /// Opens an inbox entry the user chose in the app's notification list, like a tap: marks it read, opens its
    /// deep link with source ``RouteSource/inbox`` (the entry in ``RouteContext/values`` under `"inboxEntry"`), and
    /// records the route in the inbox's ledger.
    ///
    /// - Returns: What the router did, or `nil` when the entry has no deep link (it is still marked read).
    @discardableResult
    public func open(_ entry: InboxEntry, in inbox: PushInbox) -> RouteResult? {
        try? inbox.markRead(entry.id)
        guard let link = entry.deepLink else { return nil }
        let result = open(link.absoluteString, source: .inbox, context: RouteContext(values: ["inboxEntry": entry]))
        if result.isOpened {
            _ = try? inbox.ledger.append(
                DeliveryRecord(
                    messageID: entry.messageID, requestIdentifier: entry.requestIdentifier,
                    notificationDate: entry.date, event: .routed(link)))
        }
        return result
    }
}
