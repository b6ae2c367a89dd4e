import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// The per-scope counts stay exact on every path the inbox applies records by: its own records applied before they
/// are written, the same records read back written, another process's records, and a fold again when another
/// process wrote about the same push first. Each step compares the counts with the entries they count, and the
/// end with a fresh inbox folding the file. "Mark all read" for a scope does not wait for another process's lock.
@Suite(.timeLimit(.minutes(2))) struct InboxScopeCountsOnEveryPathTests {
    /// The counts the entries of `inbox` give, recomputed by a scan, and the counts the inbox keeps, seen at one
    /// instant (the ledger's writer may apply records between two separate reads).
    static func kept(_ inbox: PushInbox) -> (kept: InboxUnreadCounts, scanned: InboxUnreadCounts) {
        let (counts, entries) = inbox.countsAndEntries
        return (counts, scanned(entries))
    }

    /// The counts `entries` give, by a scan.
    static func scanned(_ entries: [InboxEntry]) -> InboxUnreadCounts {
        var byScope: [PushScope: Int] = [:]
        for entry in entries where !entry.isRead {
            if let scope = entry.scope { byScope[scope, default: 0] += 1 }
        }
        return InboxUnreadCounts(total: entries.filter { !$0.isRead }.count, byScope: byScope)
    }

    @Test func unwrittenWrittenAndRefoldedRecordsKeepTheCountsExact() async throws {
        var random = SeededRandom(default: 0x5C0_9E5)
        let directory = try InboxFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualClock()
        let app = PushInbox(
            ledger: try InboxFixture.durableLedger(in: directory, clock: clock),
            configuration: ScopeFixture.scopedConfiguration())
        let other = PushInbox(
            ledger: try InboxFixture.durableLedger(in: directory, clock: clock, role: .serviceExtension),
            configuration: ScopeFixture.scopedConfiguration())
        let accounts: [String?] = ["alice", "bob", "carol", nil]

        for step in 0..<400 {
            clock.advance(by: 1)
            let title = "p\(Int.random(in: 0..<60, using: &random))"
            let account = accounts[Int(title.dropFirst())! % accounts.count]  // one push, one account
            let message = ScopeFixture.alert(title, account: account, requestIdentifier: title, date: clock.now)
            switch Int.random(in: 0..<8, using: &random) {
            case 0, 1: try app.add(message)
            case 2: try other.add(message)  // the same push from the other process: a race the fold settles
            case 3:
                if let entry = app.entries().randomElement(using: &random) { try app.markRead(entry.id) }
            case 4:
                if let entry = other.entries().randomElement(using: &random) { try other.markUnread(entry.id) }
            case 5: try app.markAllRead(in: PushScope(rawValue: accounts[step % 3]!)!)
            case 6: other.ledger.waitForWrites()
            default: try app.refresh()
            }
            let (kept, scanned) = Self.kept(app)
            #expect(kept == scanned, "step \(step), \(random)")
        }

        app.ledger.waitForWrites()
        other.ledger.waitForWrites()
        try app.refresh()
        let fresh = PushInbox(
            ledger: try InboxFixture.durableLedger(in: directory, clock: clock),
            configuration: ScopeFixture.scopedConfiguration())
        #expect(Self.kept(app).kept == Self.kept(app).scanned, "\(random)")
        #expect(fresh.unreadCounts == app.unreadCounts, "\(random)")
        #expect(fresh.entries() == app.entries(), "\(random)")
    }

    @Test func twoProcessesMarkingOnePushUnderAHeldLockAgreeOnTheCounts() async throws {
        // Given: two processes' inboxes on one ledger, both holding a1 and a2 (alice) and b1 (bob), unread, and a
        // third process holding the ledger's lock
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        let app = PushInbox(
            ledger: try InboxFixture.durableLedger(in: directory.url, clock: clock),
            configuration: ScopeFixture.scopedConfiguration())
        for (title, account) in [("a1", "alice"), ("a2", "alice"), ("b1", "bob")] {
            clock.advance(by: 60)
            try app.add(ScopeFixture.alert(title, account: account, date: clock.now))
        }
        app.ledger.waitForWrites()
        let other = PushInbox(
            ledger: try InboxFixture.durableLedger(in: directory.url, clock: clock, role: .serviceExtension),
            configuration: ScopeFixture.scopedConfiguration())
        let holder = try ChildProcess(BuiltBinary.testChild, ["ledger-hold-lock", directory.url.path])
        try await holder.line("held") { $0 == "held" }

        // When: the other process marks a1 read and the app marks every entry of alice read, neither written yet;
        // then the lock is released and both writers write, in either order
        try other.markRead(try #require(other.entries(in: ScopeFixture.alice).last).id)
        try app.markAllRead(in: ScopeFixture.alice)
        #expect(app.unreadCounts == InboxUnreadCounts(total: 1, byScope: ["bob": 1]))  // applied before written
        #expect(other.unreadCounts == InboxUnreadCounts(total: 2, byScope: ["alice": 1, "bob": 1]))
        holder.send(line: "release")
        try await holder.line("released") { $0 == "released" }
        _ = try await holder.finished()
        await OwnThread.run {
            app.ledger.waitForWrites()
            other.ledger.waitForWrites()
        }
        try app.refresh()
        try other.refresh()

        // Then: whichever was written first (and whether a process folded again on reading the other's record about
        // a push its own unwritten records were about), every process, and a fresh fold, has the same counts
        let expected = InboxUnreadCounts(total: 1, byScope: ["bob": 1])
        #expect(app.unreadCounts == expected && other.unreadCounts == expected)
        #expect(Self.kept(app).kept == Self.kept(app).scanned && Self.kept(other).kept == Self.kept(other).scanned)
        let fresh = PushInbox(
            ledger: try InboxFixture.durableLedger(in: directory.url, clock: clock),
            configuration: ScopeFixture.scopedConfiguration())
        #expect(fresh.unreadCounts == expected)
    }

    @Test func markAllReadForAScopeDoesNotWaitForAnotherProcesssLock() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = clock
        configuration.maximumLockWait = nil  // a wait for the held lock would never end
        let inbox = PushInbox(
            ledger: try DeliveryLedger(directory: directory.url, configuration: configuration),
            configuration: ScopeFixture.scopedConfiguration())
        for index in 0..<5 {
            clock.advance(by: 60)
            try inbox.add(ScopeFixture.alert("m\(index)", account: index < 3 ? "alice" : "bob", date: clock.now))
        }
        inbox.ledger.waitForWrites()
        let holder = try ChildProcess(BuiltBinary.testChild, ["ledger-hold-lock", directory.url.path])
        try await holder.line("held") { $0 == "held" }

        let unread = try await TestDeadline.race("markAllRead(in:) under another process's lock") {
            try await OwnThread.run {
                try inbox.markAllRead(in: ScopeFixture.alice)
                return inbox.unreadCount(in: ScopeFixture.alice)
            }
        }
        #expect(unread == 0 && inbox.unreadCount(in: ScopeFixture.bob) == 2)
        #expect(inbox.ledger.unwrittenCount > 0)

        holder.send(line: "release")
        try await holder.line("released") { $0 == "released" }
        _ = try await holder.finished()
        await OwnThread.run { inbox.ledger.waitForWrites() }
        let fresh = PushInbox(
            ledger: try DeliveryLedger(directory: directory.url), configuration: ScopeFixture.scopedConfiguration())
        #expect(fresh.unreadCount(in: ScopeFixture.alice) == 0 && fresh.unreadCount(in: ScopeFixture.bob) == 2)
    }
}
