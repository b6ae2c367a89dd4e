import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Records the writer lets go (more than it keeps waiting while another process holds the lock) leave the inbox as
/// they leave the ledger: once the writer writes again, the inbox agrees with a fresh reader.
@Suite(.timeLimit(.minutes(2))) struct InboxDroppedRecordsTests {
    @Test func entriesWhoseRecordsTheWriterDroppedLeaveTheInbox() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        var configuration = PushInbox.Configuration()
        configuration.maximumCount = 100_000
        var ledgerConfiguration = DeliveryLedger.Configuration()
        ledgerConfiguration.maximumMessages = 100_000
        let dropsReported = LockedCounter()
        ledgerConfiguration.onIssue = { issue in
            if case .io(_, _, ENOBUFS) = issue.error { dropsReported.increment() }
        }
        let ledger = try DeliveryLedger(directory: directory.url, configuration: ledgerConfiguration)
        let app = PushInbox(ledger: ledger, configuration: configuration)
        // Given: another process holds the lock while the app adds more entries than the writer keeps waiting
        let holder = open(directory.url.appendingPathComponent("ledger.lock").path, O_RDWR)
        #expect(flock(holder, LOCK_EX) == 0)  // blocking-ok: no ledger holds it now (nothing is being written)
        let extra = 25
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for index in 0..<(10_000 + extra) {
            try app.add(
                InboxFixture.alert("n\(index)", requestIdentifier: "r\(index)", date: start + Double(index)))
        }
        // Then: once the writer writes again, the oldest it was not writing were let go — up to a tenth of the
        // bound at once (fewer when a stuck drain holds more of them), each reported — and left the inbox
        flock(holder, LOCK_UN)
        close(holder)
        ledger.waitForWrites()
        let dropped = dropsReported.value
        #expect(dropped >= extra && dropped <= 1_000)
        #expect(app.count == 10_000 + extra - dropped)
        let fresh = PushInbox(
            ledger: try DeliveryLedger(directory: directory.url, configuration: ledgerConfiguration),
            configuration: configuration)
        #expect(fresh.count == 10_000 + extra - dropped)
        #expect(app.entries() == fresh.entries())
    }
}
