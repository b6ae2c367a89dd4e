import Foundation
import PushBus
import Testing

/// A ledger write that cannot succeed is refused whole, with a typed error, and never stops a delivery.
@Suite struct LedgerWriteFailureTests {
    private static let hugeText = String(repeating: "a", count: 2 << 20)

    private static func response(text: String) -> ResponseSnapshot {
        let content = PushContent(userInfo: ["aps": ["alert": "Reply?", "category": "CHAT"]])
        let notification = NotificationSnapshot(requestIdentifier: "chat-1", content: content)
        return ResponseSnapshot(notification: notification, actionIdentifier: "REPLY", userText: text)
    }

    @Test func aRecordTooLargeForOneFrameIsRefusedBeforeAnythingIsWritten() throws {
        // Given a durable ledger with one record
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url)
        let message = PushMessage(content: PushContent(userInfo: ["aps": ["alert": "Hi"]]), requestIdentifier: "r")
        try ledger.record(.received, for: message)

        // When an event would not fit one frame (2 MB of typed text)
        let tapped = PushMessage(
            kind: .remoteTapped, content: message.content,
            response: PushResponse(action: .custom("REPLY"), userText: Self.hugeText), requestIdentifier: "r")
        do {
            try ledger.record(.responded(tapped.response!), for: tapped)
            Issue.record("a record larger than a frame was reported written")
        } catch {
            guard case .recordTooLarge(let bytes, let limit) = error else {
                Issue.record("expected recordTooLarge, got \(error)")
                return
            }
            #expect(bytes > limit && limit == 1 << 20)
        }

        // Then nothing of it reached the file: a reader finds the first record and no damage
        let reader = try DeliveryLedger(directory: directory.url)
        #expect(reader.count == 1)
        #expect(reader.issues.isEmpty)
    }

    @Test func aLedgerThatCannotBeWrittenNeverStopsADelivery() throws {
        // Given an app whose delivery is backed by a durable ledger
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let center = PushCenter()
        let delivery = PushDelivery(center: center, ledger: try DeliveryLedger(directory: directory.url))
        let received = LockedState<[PushMessage]>([])
        let subscription = center.subscribe(.tapped) { message in received.withLock { $0.append(message) } }
        let completed = LockedState(0)

        // When a response the ledger refuses arrives (typed text larger than a record may be)
        UserNotificationAdapter(delivery: delivery).didReceive(
            Self.response(text: Self.hugeText), appState: .active,
            completionHandler: { completed.withLock { $0 += 1 } })

        // Then the subscriber still gets it, the completion still runs, and the failure is a diagnostic once the
        // ledger's writer tried (the delivery never waits for it)
        delivery.ledger.waitForWrites()
        #expect(received.withLock { $0.map(\.response?.userText?.count) } == [Self.hugeText.count])
        #expect(delivery.deliveryDiagnostics.findings.map(\.code).contains("ledger.unwritable"))
        #expect(completed.withLock { $0 } == 1)
        withExtendedLifetime(subscription) {}
    }
}

/// Dates the format cannot hold (a clock advanced by 1e300 s, NaN) are recorded at its edge, never a trap.
@Suite struct LedgerDateRangeTests {
    @Test(arguments: [1e300, -1e300, Double.infinity, Double.nan])
    func aDateBeyondWhatTheFormatHoldsIsRecordedAtTheEdge(offset: Double) throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let clock = ManualLedgerClock()
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        let ledger = try DeliveryLedger(directory: directory.url, configuration: configuration)
        let message = PushMessage(
            content: PushContent(userInfo: ["aps": ["alert": "Far"]]), requestIdentifier: "far",
            date: Date(timeIntervalSince1970: offset))
        try ledger.record(.received, for: message)
        let reader = try DeliveryLedger(directory: directory.url, configuration: configuration)
        #expect(reader.count == 1)
        #expect(reader.issues.isEmpty)
    }
}
