import Foundation
import PushBusCore

/// One event in a ``DeliveryLedger``: what happened to which delivery, written by which process, when.
public struct DeliveryRecord: Sendable, Hashable, Identifiable {
    /// The record's position in its ledger: assigned when it is written, increasing, never reused (compaction
    /// keeps the numbers of the records it keeps).
    public var sequence: UInt64
    /// The message's identity (`PushMessage.ID`).
    public var messageID: PushMessage.ID
    /// `UNNotificationRequest.identifier`, when known.
    public var requestIdentifier: String?
    /// When the notification was delivered (`PushMessage.date`).
    public var notificationDate: Date
    /// The message's kind when the event was recorded.
    package var messageKind: PushMessage.Kind
    /// What happened.
    public var event: DeliveryEvent
    /// Which process wrote the record.
    public var role: DeliveryProcessRole
    /// When the record was written.
    public var writtenAt: Date
    /// What the message said, when the writer included it (usually with the first record of a message).
    public var summary: DeliverySummary?

    public var id: UInt64 { sequence }

    /// The `sequence` of a record handed to ``DeliveryLedger/enqueue(_:)`` and not written yet: the queries show
    /// it at once, after every written record.
    public static let unwritten: UInt64 = .max

    /// Creates a record; ``DeliveryLedger/append(_:)`` assigns `sequence` and ``writtenAt``.
    public init(
        messageID: PushMessage.ID, requestIdentifier: String? = nil, notificationDate: Date,
        messageKind: PushMessage.Kind = .remote, event: DeliveryEvent, role: DeliveryProcessRole = .app,
        summary: DeliverySummary? = nil, sequence: UInt64 = 0, writtenAt: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.sequence = sequence
        self.messageID = messageID
        self.requestIdentifier = requestIdentifier
        self.notificationDate = notificationDate
        self.messageKind = messageKind
        self.event = event
        self.role = role
        self.writtenAt = writtenAt
        self.summary = summary
    }

    /// A Boolean value indicating whether the record is about the delivery of `messageID` identified by
    /// `requestIdentifier` and `notificationDate`, by DESIGN's identity rules: request identifiers compared
    /// case-insensitively, dates equal within one second.
    ///
    /// A `nil` request identifier or date on either side matches any.
    package func isAbout(messageID: PushMessage.ID, requestIdentifier: String? = nil, notificationDate: Date? = nil)
        -> Bool
    {
        guard self.messageID == messageID else { return false }
        if let requestIdentifier, let own = self.requestIdentifier,
            own.caseInsensitiveCompare(requestIdentifier) != .orderedSame
        {
            return false
        }
        if let notificationDate,
            abs(notificationDate.timeIntervalSince(self.notificationDate)) > SeenDeliveries.dateTolerance
        {
            return false
        }
        return true
    }
}
