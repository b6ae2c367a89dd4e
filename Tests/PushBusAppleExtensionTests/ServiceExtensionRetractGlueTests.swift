#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusAppleExtension
import PushBusAppleStubs
import Testing

/// The extension's `.retract(ledger:inbox:)` reads and edits `UNUserNotificationCenter.current()`.
@Suite(.timeLimit(.minutes(1))) struct ServiceExtensionRetractGlueTests {
    static func remote(_ payload: [AnyHashable: Any], identifier: String) -> UNNotification {
        let content = UNMutableNotificationContent()
        content.userInfo = payload
        let request = UNNotificationRequest(
            identifier: identifier, content: content, trigger: UNPushNotificationTrigger(stubbedRepeats: false))
        return UNNotification(stubbedDate: Date(timeIntervalSince1970: 1_767_225_600), request: request)
    }

    @Test func aVisibleRetractRemovesTheNamedDeliveredNotificationAndRecordsIt() async {
        let center = UNUserNotificationCenter.current()
        let earlier = "retract-glue-\(UUID().uuidString)"
        let other = "retract-glue-\(UUID().uuidString)"
        center.stubDeliver(Self.remote(["aps": ["alert": "A"], "gcm.message_id": earlier], identifier: earlier))
        center.stubDeliver(Self.remote(["aps": ["alert": "B"], "gcm.message_id": other], identifier: other))
        let ledger = DeliveryLedger()
        let pipeline = ServiceExtensionPipeline(steps: [.retract(ledger: ledger)])
        let summary = PushContent(
            payload: [
                "aps": ["alert": "1 read elsewhere", "mutable-content": 1],
                "pushbus": ["retract": [.string(earlier)]],
            ])

        let result = await withCheckedContinuation { continuation in
            _ = pipeline.run(summary, requestIdentifier: "summary") { continuation.resume(returning: $0) }
        }

        let listed = await center.deliveredNotifications().map(\.request.identifier)
        #expect(!listed.contains(earlier))
        #expect(listed.contains(other))
        #expect(ledger.allRecords.map(\.requestIdentifier) == [earlier])
        #expect(ledger.allRecords.map(\.event.kind) == [.removed])
        #expect(result.steps.map(\.name) == ["retract"])
        center.removeDeliveredNotifications(withIdentifiers: [other])
    }
}
#endif
