public import Foundation
public import PushBusCore

/// Everything a ledger knows about one message, folded from its records.
///
/// ```swift
/// if let state = ledger.state(of: message.id), state.isOpened { /* already counted */ }
/// ```
public struct MessageDeliveryState: Sendable, Hashable {
    /// The message's identity (`PushMessage.ID`).
    public var messageID: PushMessage.ID
    /// The request identifier of the latest record that had one.
    public var requestIdentifier: String?
    /// The latest summary written for the message.
    public var summary: DeliverySummary?
    /// The processes that recorded the message as received.
    public var receivedBy: Set<DeliveryProcessRole>
    /// A Boolean value indicating whether any process recorded the message as received.
    public var isReceived: Bool { !receivedBy.isEmpty }
    /// A Boolean value indicating whether the message was presented.
    public var isPresented: Bool
    /// The actions the user opened the message with, in order (Apple's identifiers).
    public var openedActions: [String]
    /// A Boolean value indicating whether the user opened the message (with any action).
    public var isOpened: Bool { !openedActions.isEmpty }
    /// A Boolean value indicating whether the user dismissed the message.
    public var isDismissed: Bool
    /// The URLs the router opened for the message, in order.
    public var routedURLs: [URL]
    /// A Boolean value indicating whether the router opened the message's link.
    public var isRouted: Bool { !routedURLs.isEmpty }
    /// A Boolean value indicating whether the message was removed.
    public var isRemoved: Bool
    /// The kinds of every record, first to last.
    public var events: [DeliveryEvent.Kind]
    /// When the first and the latest record were written.
    public var firstWrittenAt: Date
    public var lastWrittenAt: Date

    /// The state after the records `records` (in order) of one message.
    package init?<Records: Sequence>(_ records: Records) where Records.Element == DeliveryRecord {
        var iterator = records.makeIterator()
        guard let first = iterator.next() else { return nil }
        messageID = first.messageID
        receivedBy = []
        isPresented = false
        openedActions = []
        isDismissed = false
        routedURLs = []
        isRemoved = false
        events = []
        firstWrittenAt = first.writtenAt
        lastWrittenAt = first.writtenAt
        apply(first)
        while let record = iterator.next() { apply(record) }
    }

    /// Folds one more record of the same message into the state.
    mutating func apply(_ record: DeliveryRecord) {
        if let identifier = record.requestIdentifier { requestIdentifier = identifier }
        if let summary = record.summary { self.summary = summary }
        events.append(record.event.kind)
        lastWrittenAt = record.writtenAt
        switch record.event.kind {
        case .received: receivedBy.insert(record.role)
        case .presented: isPresented = true
        case .opened: openedActions.append(record.event.action ?? PushResponse.Action.defaultActionIdentifier)
        case .dismissed: isDismissed = true
        case .routed: if let url = record.event.url { routedURLs.append(url) }
        case .removed: isRemoved = true
        default: break
        }
    }
}
