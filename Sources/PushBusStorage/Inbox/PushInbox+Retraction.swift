internal import Foundation
package import PushBusCore

extension PushInbox {
    /// Removes the entries `message` retracts or replaces (`PushContent.retraction`; arrivals only, never the
    /// message's own entries): an `inbox.removed` record with reason `retracted` or `replaced` each. The unread
    /// count, and so a following badge, drops with them.
    ///
    /// - Returns: The removed entries.
    @discardableResult
    package func removeRetracted(by message: PushMessage) throws(DeliveryLedgerError) -> [InboxEntry] {
        guard message.kind == .remote, let retraction = message.content.retraction else { return [] }
        try refreshWithoutWaiting()
        let named = entries().filter { $0.messageID != message.id && retraction.names($0.messageID) }
        for entry in named { try write(.inboxRemoved, entry, reason: retraction.reason(for: entry.messageID)) }
        return named
    }
}
