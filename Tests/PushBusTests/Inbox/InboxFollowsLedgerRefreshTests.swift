import Foundation
import PushBus
import PushBusTesting
import Testing

/// Entries another process writes reach the app's inbox, its change sequence and the badge as soon as anything
/// refreshes the ledger (the Apple glue's `DeliveryLedgerRefresher` refreshes the ledger, not the inbox).
@Suite struct InboxFollowsLedgerRefreshTests {
    let clock = ManualClock()

    @Test func aLedgerRefreshMadeByOthersEmitsTheExtensionsEntry() throws {
        // Given: the app's inbox and, on the same directory, the extension's own ledger and inbox
        let directory = try InboxFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let appLedger = try InboxFixture.durableLedger(in: directory, clock: clock)
        let app = PushInbox(ledger: appLedger)
        let changes = LockedState<[InboxChange]>([])
        let watching = app.observe { change in changes.withLock { $0.append(change) } }
        let extensionInbox = PushInbox(
            ledger: try InboxFixture.durableLedger(in: directory, clock: clock, role: .serviceExtension))
        // When: the extension adds a push, and the app's ledger (not its inbox) is refreshed
        try extensionInbox.add(InboxFixture.alert("Hello", requestIdentifier: "r1", date: clock.now))
        #expect(changes.withLock { $0 }.isEmpty)
        try appLedger.refresh()
        // Then: the inbox has it, and its observers heard it at once
        let heard = changes.withLock { $0 }
        #expect(heard.count == 2)
        guard case .inserted(let entry)? = heard.first else {
            Issue.record("expected an insertion first, got \(heard)")
            return
        }
        #expect(entry.title == "Hello")
        #expect(heard.last == .unreadCount(1))
        #expect(app.unreadCount == 1)
        watching.cancel()
    }

    @Test func theBadgeFollowsAnEntryTheExtensionAddedAfterALedgerRefresh() async throws {
        let directory = try InboxFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let appLedger = try InboxFixture.durableLedger(in: directory, clock: clock)
        let app = PushInbox(ledger: appLedger)
        let badge = SimulatedBadge()
        let syncing = app.syncBadge(with: badge)
        let extensionInbox = PushInbox(
            ledger: try InboxFixture.durableLedger(in: directory, clock: clock, role: .serviceExtension))
        try extensionInbox.add(InboxFixture.alert("One", requestIdentifier: "r1", date: clock.now))
        try extensionInbox.add(InboxFixture.alert("Two", requestIdentifier: "r2", date: clock.now))
        try appLedger.refresh()
        #expect(await Self.eventually { badge.count == 2 })
        // The app marks one read; the extension's next add reads the mark and counts it
        try app.markRead(try #require(app.entries().last).id)
        #expect(await Self.eventually { badge.count == 1 })
        try extensionInbox.add(InboxFixture.alert("Three", requestIdentifier: "r3", date: clock.now))
        #expect(extensionInbox.unreadCount == 2)
        try appLedger.refresh()
        #expect(await Self.eventually { badge.count == 2 })
        syncing.cancel()
    }

    @Test func aReleasedInboxStopsFollowingItsLedger() throws {
        let ledger = InboxFixture.ledger(clock: clock)
        var inbox: PushInbox? = PushInbox(ledger: ledger)
        weak let released = inbox
        inbox = nil
        try ledger.append(
            DeliveryRecord(
                messageID: PushMessage.ID(rawValue: "digest:x"), notificationDate: clock.now, event: .received))
        #expect(released == nil)
    }

    /// Polls `condition` (the badge is set from a task) for at most two seconds.
    static func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
        for _ in 0..<400 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return condition()
    }
}
