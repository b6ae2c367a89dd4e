import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// Read state: each change is one ledger append; the unread count follows.
@Suite(.timeLimit(.minutes(2))) struct InboxReadStateTests {
    let clock = ManualClock()

    func filledInbox(_ titles: [String]) throws -> PushInbox {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        for title in titles {
            clock.advance(by: 60)
            try inbox.add(InboxFixture.alert(title, requestIdentifier: title, date: clock.now))
        }
        return inbox
    }

    @Test func markingOneReadCostsOneLedgerAppend() throws {
        let inbox = try filledInbox(["a", "b", "c"])
        let before = inbox.ledger.count
        let entry = try #require(inbox.entries().first)
        try inbox.markRead(entry.id)
        #expect(inbox.ledger.count == before + 1)
        #expect(inbox.unreadCount == 2)
        try inbox.markRead(entry.id)  // already read: nothing written
        #expect(inbox.ledger.count == before + 1)
        try inbox.markUnread(entry.id)
        #expect(inbox.unreadCount == 3)
    }

    @Test func entriesListNewestFirstInPages() throws {
        let inbox = try filledInbox(["a", "b", "c", "d", "e"])
        #expect(inbox.entries().map(\.title) == ["e", "d", "c", "b", "a"])
        #expect(inbox.entries(offset: 0, limit: 2).map(\.title) == ["e", "d"])
        #expect(inbox.entries(offset: 2, limit: 2).map(\.title) == ["c", "b"])
        #expect(inbox.entries(offset: 4, limit: 2).map(\.title) == ["a"])
        #expect(inbox.entries(offset: 9, limit: 2).isEmpty)
    }

    @Test func markAllReadAndRemoveAll() throws {
        let inbox = try filledInbox(["a", "b", "c"])
        try inbox.markAllRead()
        #expect(inbox.unreadCount == 0)
        #expect(inbox.entries().filter { !$0.isRead }.isEmpty)
        try inbox.remove(try #require(inbox.entries().first).id)
        #expect(inbox.count == 2)
        try inbox.removeAll()
        #expect(inbox.count == 0)
        #expect(inbox.unreadCount == 0)
    }

    @Test func removingAnUnreadEntryLowersTheUnreadCount() throws {
        let inbox = try filledInbox(["a", "b"])
        try inbox.remove(try #require(inbox.entries().last).id)
        #expect(inbox.unreadCount == 1)
    }

    @Test func changesArriveInOrderWithTheUnreadCount() async throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let changes = inbox.changes()
        let entry = try #require(try inbox.add(InboxFixture.alert("a", date: clock.now)))
        try inbox.markRead(entry.id)
        try inbox.remove(entry.id)
        var received: [InboxChange] = []
        for await change in changes {
            received.append(change)
            if received.count == 6 { break }
        }
        var read = entry
        read.isRead = true
        #expect(
            received == [
                .inserted(entry), .unreadCount(1), .updated(read), .unreadCount(0), .removed(entry.id), .unreadCount(0),
            ])
    }

    @Test func theBadgeFollowsTheUnreadCount() async throws {
        let inbox = try filledInbox(["a", "b"])
        let badge = SimulatedBadge()
        let syncing = inbox.syncBadge(with: badge)
        try inbox.markRead(try #require(inbox.entries().first).id)
        try inbox.add(InboxFixture.alert("c", requestIdentifier: "c", date: clock.now))
        // The badge is set by a task: wait (bounded) for it to settle on the unread count.
        for _ in 0..<1_000 where badge.count != inbox.unreadCount { await Task.yield() }
        #expect(badge.count == 2)
        syncing.cancel()
    }

    @Test func aManualBadgePolicyLeavesTheBadgeAlone() throws {
        var configuration = PushInbox.Configuration()
        configuration.badgePolicy = .manual
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock), configuration: configuration)
        let badge = SimulatedBadge(count: 7)
        let syncing = inbox.syncBadge(with: badge)
        try inbox.add(InboxFixture.alert("a", date: clock.now))
        #expect(badge.changes.isEmpty)
        syncing.cancel()
    }
}
