import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Entries of the same date are ordered by the sequence of the records that added them, in every process: an entry
/// the app added comes after every written one of its date until its record is written, then takes the place its
/// sequence gives it, as a fresh reader orders them.
@Suite struct InboxSameDateOrderTests {
    let clock = ManualClock()

    @Test func entriesOfOneDateAreInTheOrderTheirRecordsWereWrittenAsAFreshReaderHasThem() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let app = PushInbox(ledger: try InboxFixture.durableLedger(in: directory.url, clock: clock))
        // Given: the extension wrote an entry the app has not read yet
        let extensionInbox = PushInbox(
            ledger: try InboxFixture.durableLedger(in: directory.url, clock: clock, role: .serviceExtension))
        try extensionInbox.add(InboxFixture.alert("From the extension", requestIdentifier: "e", date: clock.now))
        extensionInbox.ledger.waitForWrites()
        // When: the app adds an entry of the same date while another process holds the lock (its add reads nothing)
        let holder = open(directory.url.appendingPathComponent("ledger.lock").path, O_RDWR)
        #expect(flock(holder, LOCK_EX) == 0)  // blocking-ok: no ledger holds it now (nothing is being written)
        try app.add(InboxFixture.alert("From the app", requestIdentifier: "a", date: clock.now))
        #expect(app.entries().map(\.title) == ["From the app"])
        flock(holder, LOCK_UN)
        close(holder)
        app.ledger.waitForWrites()
        // And the extension adds another of the same date after the app's was written
        try extensionInbox.add(InboxFixture.alert("Later from the extension", requestIdentifier: "l", date: clock.now))
        extensionInbox.ledger.waitForWrites()
        try app.refresh()
        // Then: the app's order is the file's
        let fresh = PushInbox(ledger: try InboxFixture.durableLedger(in: directory.url, clock: clock))
        #expect(fresh.entries().map(\.title) == ["Later from the extension", "From the app", "From the extension"])
        #expect(app.entries() == fresh.entries())
    }
}
