import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// A ledger write that cannot succeed is refused whole, with a typed error, and never stops a delivery.
@Suite struct LedgerWriteFailureTests {
    private static let hugeText = String(repeating: "a", count: 2 << 20)

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
}

/// Dates the format cannot hold (a clock advanced by 1e300 s, NaN) are recorded at its edge, never a trap.
@Suite struct LedgerDateRangeTests {
    @Test(arguments: [1e300, -1e300, Double.infinity, Double.nan])
    func aDateBeyondWhatTheFormatHoldsIsRecordedAtTheEdge(offset: Double) throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let clock = LedgerFixture.clock()
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
