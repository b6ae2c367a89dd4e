import Foundation
import PushBusTesting
import Testing

@testable import PushBus

/// The extension's receipt and inbox entry land in the ledger the app shares, under the identity the app computes.
struct ServiceExtensionLedgerStepTests {
    let payload: [AnyHashable: Any] = [
        "aps": ["alert": ["title": "Encrypted", "body": "•••"], "mutable-content": 1], "order": "42",
    ]

    @Test func theReceiptAndTheInboxEntryUseTheAppsIdentityAndTheRewrittenText() async throws {
        let clock = ManualClock()
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        configuration.role = .serviceExtension
        let ledger = DeliveryLedger(configuration: configuration)
        let inbox = PushInbox(ledger: ledger)
        let box = ResultBox()
        ServiceExtensionPipeline(
            clock: clock,
            steps: [.rewrite { $0.body = "Your order 42 shipped" }, .inbox(inbox), .ledgerReceipt(ledger)]
        )
        .run(PushContent(userInfo: payload), requestIdentifier: "REQ-9", contentHandler: box.handler)
        let result = try #require(await box.next())
        // The app will compute this id for the same userInfo
        let appID = PushMessage(content: PushContent(userInfo: payload)).id
        let received = ledger.allRecords.filter { $0.event.kind == .received }
        #expect(received.map(\.messageID) == [appID])
        #expect(received.first?.role == .serviceExtension)
        #expect(received.first?.requestIdentifier == "REQ-9")
        #expect(received.first?.event.values["disposition"] == "show")
        let entry = try #require(inbox.entries().first)
        #expect(entry.messageID == appID)
        #expect(entry.body == "Your order 42 shipped")
        // The badge of the shown notification is the unread count
        #expect(result.content.badge == 1)
    }
}
