import Foundation
import PushBusCore
import PushBusServiceExtension
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// The extension's receipt and inbox entry land in the ledger the app shares, under the identity the app computes.
@Suite(.timeLimit(.minutes(2))) struct ServiceExtensionLedgerStepTests {
    let payload: [AnyHashable: Any] = [
        "aps": ["alert": ["title": "Encrypted", "body": "•••"], "mutable-content": 1], "order": "42",
    ]

    @Test func theReceiptAndTheInboxEntryUseTheAppsIdentityAndTheRewrittenText() async throws {
        let clock = ManualClock()
        let ledger = InboxFixture.ledger(clock: clock, role: .serviceExtension)
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The receipt is written before the content handler, but never holds it up past the extension's lock wait.
@Suite(.timeLimit(.minutes(2))) struct ServiceExtensionReceiptLockTests {
    @Test func aReceiptWaitsAtMostTheConfiguredTimeForTheAppsLockThenTheHandlerRuns() async throws {
        // Given the extension's ledger, configured to wait at most 50 ms for the lock, while the app holds it
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        var configuration = DeliveryLedger.Configuration()
        configuration.role = .serviceExtension
        configuration.maximumLockWait = 0.05
        let ledger = try DeliveryLedger(directory: directory.url, configuration: configuration)
        let appLock = open(directory.url.appendingPathComponent("ledger.lock").path, O_RDWR)
        #expect(flock(appLock, LOCK_EX) == 0)  // blocking-ok: the ledger holds it only inside a write, none runs yet

        // When a push runs through the pipeline
        let box = ResultBox()
        ServiceExtensionPipeline(steps: [.rewrite { $0.title = "Decrypted" }, .ledgerReceipt(ledger)])
            .run(
                PushContent(userInfo: ["aps": ["alert": "•••", "mutable-content": 1]]), requestIdentifier: "r",
                contentHandler: box.handler)
        let result = try #require(await box.next())

        // Then the handler got the rewritten content, and the receipt reports the busy lock instead of waiting
        #expect(result.content.title == "Decrypted")
        #expect(result.ending == .stepsFinished)
        #expect("\(result.steps)".contains("lock"), "\(result.steps)")
        #expect(ledger.count == 0)

        // And once the app lets go, the next receipt is written, and so is the first, left with the writer
        flock(appLock, LOCK_UN)
        close(appLock)
        let second = ResultBox()
        ServiceExtensionPipeline(steps: [.ledgerReceipt(ledger)])
            .run(
                PushContent(userInfo: ["aps": ["alert": "Hi"]]), requestIdentifier: "s", contentHandler: second.handler)
        _ = try #require(await second.next())
        #expect(ledger.allRecords.map(\.requestIdentifier) == ["r", "s"])
    }
}
