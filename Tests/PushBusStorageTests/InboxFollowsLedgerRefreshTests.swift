import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// Entries another process writes reach the app's inbox, its change sequence and the badge as soon as anything
/// refreshes the ledger (the Apple glue's `DeliveryLedgerRefresher` refreshes the ledger, not the inbox).
@Suite(.timeLimit(.minutes(2))) struct InboxFollowsLedgerRefreshTests {
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
        extensionInbox.ledger.waitForWrites()  // as the extension's inbox step does
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
        let badge = RecordingBadge()
        let syncing = app.syncBadge(with: badge)
        let extensionInbox = PushInbox(
            ledger: try InboxFixture.durableLedger(in: directory, clock: clock, role: .serviceExtension))
        try extensionInbox.add(InboxFixture.alert("One", requestIdentifier: "r1", date: clock.now))
        try extensionInbox.add(InboxFixture.alert("Two", requestIdentifier: "r2", date: clock.now))
        extensionInbox.ledger.waitForWrites()  // as the extension's inbox step does
        try appLedger.refresh()
        try await badge.counts.wait(for: "badge 2") { $0.last == 2 }
        // The app marks one read; the extension's next add reads the mark and counts it
        try app.markRead(try #require(app.entries().last).id)
        try await badge.counts.wait(for: "badge 1") { $0.last == 1 }
        await OwnThread.run { app.ledger.waitForWrites() }  // the mark is written a moment later
        try extensionInbox.add(InboxFixture.alert("Three", requestIdentifier: "r3", date: clock.now))
        extensionInbox.ledger.waitForWrites()  // as the extension's inbox step does
        #expect(extensionInbox.unreadCount == 2)
        try appLedger.refresh()
        try await badge.counts.wait(for: "badge 2") { $0.last == 2 }
        syncing.cancel()
    }

    @Test func aReleasedInboxStopsFollowingItsLedger() throws {
        let ledger = InboxFixture.ledger(clock: clock)
        var inbox: PushInbox? = PushInbox(ledger: ledger)
        weak var released: PushInbox?  // `weak var`: `weak let` needs Swift 6.2
        released = inbox
        inbox = nil
        try ledger.append(
            DeliveryRecord(
                messageID: PushMessage.ID(rawValue: "digest:x"), notificationDate: clock.now, event: .received))
        #expect(released == nil)
    }
}

/// A badge that records every count it is set to (set from a task), so a test waits for the count it expects.
private struct RecordingBadge: BadgeController {
    let counts = Recorder<Int>()

    func apply(_ change: BadgeChange) async throws { counts.record(change.count) }
}
