public import Foundation
public import PushBusCore

/// One event in a ``DeliveryLedger``: what happened to which delivery, written by which process, when.
public struct DeliveryRecord: Sendable, Hashable, Identifiable {
    /// The record's position in its ledger: assigned when it is written, increasing, never reused (compaction
    /// keeps the numbers of the records it keeps).
    public var sequence: UInt64
    /// The message's identity (`PushMessage.ID`).
    public var messageID: PushMessage.ID
    /// `UNNotificationRequest.identifier`, when known.
    public var requestIdentifier: String?
    /// The notification's own date (`UNNotification.date`, `PushMessage.notificationDate`), when the report knew
    /// it; `nil` for a report that did not (legacy callbacks, launch options, silent pushes).
    public var notificationDate: Date?
    /// When the app was handed the delivery (`PushMessage.date`: the callback's date). Never compared as a
    /// notification date.
    public var reportedAt: Date
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
    /// The account the delivery belongs to (`PushMessage.scope`); `nil` for an app with one, and in records
    /// written before scopes were recorded.
    public var scope: PushScope?

    /// The record's ``sequence``. Every record not written yet has ``unwritten`` as its id.
    public var id: UInt64 { sequence }

    /// The `sequence` of a record handed to ``DeliveryLedger/enqueue(_:)`` and not written yet: the queries show
    /// it at once, after every written record.
    public static let unwritten: UInt64 = .max

    /// Creates a record; ``DeliveryLedger/append(_:)`` assigns `sequence` and ``writtenAt``.
    ///
    /// `reportedAt` defaults to `notificationDate` when that is known, else to the current date.
    public init(
        messageID: PushMessage.ID, requestIdentifier: String? = nil, notificationDate: Date?, reportedAt: Date? = nil,
        messageKind: PushMessage.Kind = .remote, event: DeliveryEvent, role: DeliveryProcessRole = .app,
        summary: DeliverySummary? = nil, scope: PushScope? = nil, sequence: UInt64 = 0,
        writtenAt: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.sequence = sequence
        self.messageID = messageID
        self.requestIdentifier = requestIdentifier
        self.notificationDate = notificationDate
        self.reportedAt = reportedAt ?? notificationDate ?? Date()
        self.messageKind = messageKind
        self.event = event
        self.role = role
        self.writtenAt = writtenAt
        self.summary = summary
        self.scope = scope
    }

    /// A Boolean value indicating whether the record is about the delivery of `messageID` identified by
    /// `requestIdentifier` and `notificationDate`, by the one identity rule (`SeenDeliveries`): request identifiers
    /// equal ignoring case, notification dates equal within one second.
    ///
    /// What either side does not know matches anything: a `nil` request identifier or date, and a record that did
    /// not know the notification's date (its ``reportedAt`` is a callback's date, never compared as one).
    package func isAbout(messageID: PushMessage.ID, requestIdentifier: String? = nil, notificationDate: Date? = nil)
        -> Bool
    {
        self.messageID == messageID
            && SeenDeliveries.mayBeSameDelivery(
                evidence, SeenDeliveries.Evidence(identifier: requestIdentifier, date: notificationDate))
    }

    /// What the record knows of its notification, for the identity rule.
    package var evidence: SeenDeliveries.Evidence {
        SeenDeliveries.Evidence(identifier: requestIdentifier, date: notificationDate)
    }
}
