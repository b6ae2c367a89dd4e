import Foundation
import PushBusCore
import PushBusStorage
import PushBusTesting

/// Builders for test records.
enum LedgerFixture {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    /// A clock the test sets by hand, starting well after ``date``.
    static func clock() -> ManualClock { ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000)) }

    static func record(_ message: String, _ event: DeliveryEvent = .received, request: String? = nil)
        -> DeliveryRecord
    {
        DeliveryRecord(
            messageID: PushMessage.ID(rawValue: message), requestIdentifier: request ?? "req-\(message)",
            notificationDate: date, event: event, summary: DeliverySummary(title: "Title \(message)", body: "Body"))
    }

    static func message(_ id: String, title: String = "Sale") -> PushMessage {
        let json =
            #"{"aps":{"alert":{"title":"\#(title)","body":"50% off"},"category":"promo","thread-id":"t1"},"#
            + #""campaign":"spring","route":"shop/\#(id)","id":"\#(id)"}"#
        return PushMessage(
            kind: .remote, content: PushContent(json: Data(json.utf8)),
            requestIdentifier: "request-\(id)", date: date, notificationDate: date)
    }
}
