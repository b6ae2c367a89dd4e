import Foundation
import PushBusCore
public import PushBusStorage

extension PushRouter.NotificationRoutes {
    /// Opens an inbox entry the user chose in the app's notification list, like a tap, and only once per delivery:
    /// marks it read, finds its link with the same rules as tapped notifications, opens it with source
    /// ``RouteSource/inbox`` (the entry in ``RouteContext/values`` under `"inboxEntry"`, the rebuilt message in
    /// ``RouteContext/message``), and records the route in the inbox's ledger.
    ///
    /// ```swift
    /// let options = PushRouter.AttachOptions(link: { rules.link(for: $0) ?? .default(in: $0) })
    /// subscription = router.attach(to: delivery.center, options: options)
    /// // the inbox list's row tap:
    /// router.notifications.route(entry, in: inbox)  // the link rules above apply; a second tap routes nothing
    /// ```
    ///
    /// - Parameters:
    ///   - entry: The entry the user chose.
    ///   - inbox: The inbox it is in.
    ///   - options: How the link is found (``PushRouter/AttachOptions/link``); `nil` uses the options of this router's first
    ///     `attach(to:options:)`, so payload link rules given there apply to the inbox too. Only the custom keys
    ///     the ledger keeps (`DeliveryLedger.Configuration.keptCustomKeys`) are there for those rules to read.
    /// - Returns: What the router did: opened, fallen back, or ``RouteResult/deferred`` until ``PushRouter/setReady(_:)``
    ///   (recorded as routed all the same, like a deferred tap). `nil` when there is nothing to open: no link, or
    ///   this delivery was routed already, from the inbox or by a tap, in this launch or an earlier one (the
    ///   ledger's `routed` record). The entry is marked read in every case.
    @discardableResult
    public func route(
        _ entry: InboxEntry, in inbox: PushInbox, options: PushRouter.AttachOptions? = nil
    ) -> RouteResult? {
        try? inbox.markRead(entry.id)
        let options = options ?? router.attachmentOptions.first ?? PushRouter.AttachOptions()
        let message = Self.message(for: entry, at: inbox.ledger.configuration.clock.now)
        guard let link = options.link(message), let url = URL(string: link.url) else { return nil }
        guard !Self.hasRouted(entry, in: inbox) else { return nil }
        // The router's memory of routed deliveries: two opens racing in this process route once.
        guard router.recordRouted(message) else { return nil }
        let result = router.open(
            link.url, source: .inbox,
            context: RouteContext(message: message, parameters: link.parameters, values: ["inboxEntry": entry]))
        if result.isTaken {
            inbox.ledger.enqueue(
                DeliveryRecord(
                    messageID: entry.messageID, requestIdentifier: entry.requestIdentifier,
                    notificationDate: entry.evidence.date, reportedAt: entry.reportedAt, messageKind: .remoteTapped,
                    event: .routed(url)))
        }
        return result
    }

    /// The entry as the tap of its notification: its summary, kept custom keys and deep link as the payload, and the
    /// push's own identity.
    static func message(for entry: InboxEntry, at date: Date) -> PushMessage {
        var payload = entry.customData
        var alert: [String: PushValue] = [:]
        if let title = entry.title { alert["title"] = .string(title) }
        if let subtitle = entry.subtitle { alert["subtitle"] = .string(subtitle) }
        if let body = entry.body { alert["body"] = .string(body) }
        var aps: [String: PushValue] = ["alert": .object(alert)]
        if let category = entry.categoryIdentifier { aps["category"] = .string(category) }
        if let thread = entry.threadIdentifier { aps["thread-id"] = .string(thread) }
        payload["aps"] = .object(aps)
        if let link = entry.deepLink, payload["url"] == nil { payload["url"] = .string(link.absoluteString) }
        var message = PushMessage(
            kind: .remoteTapped, content: PushContent(payload: .object(payload)), response: PushResponse(action: .open),
            requestIdentifier: entry.requestIdentifier, date: date, notificationDate: entry.evidence.date)
        message.id = entry.messageID  // the push's identity, not a digest of the rebuilt payload
        message.scope = entry.scope
        return message
    }

    /// A Boolean value indicating whether the ledger holds a `routed` record of the entry's delivery, by the one
    /// identity rule (`SeenDeliveries`) with the inbox's correlation window.
    static func hasRouted(_ entry: InboxEntry, in inbox: PushInbox) -> Bool {
        inbox.ledger.history(of: entry.messageID).contains { record in
            record.event.kind == .routed
                && SeenDeliveries.isSameDelivery(
                    entry.evidence, reportedAt: entry.reportedAt, record.evidence, reportedAt: record.reportedAt,
                    correlationWindow: inbox.configuration.correlationWindow)
        }
    }
}
