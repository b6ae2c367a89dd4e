import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// The inbox by scope: unread counts per scope kept by the fold (O(1)), the entries of one scope, "mark all read"
/// for one scope, and each change observable as it happens.
@Suite(.timeLimit(.minutes(1))) struct InboxScopeCountTests {
    let clock = ManualClock()

    func inbox() throws -> PushInbox {
        let inbox = PushInbox(
            ledger: InboxFixture.ledger(clock: clock), configuration: ScopeFixture.scopedConfiguration())
        for (title, account) in [("a1", "alice"), ("b1", "bob"), ("a2", "alice"), ("n1", nil), ("b2", "bob")] {
            clock.advance(by: 60)
            try inbox.add(ScopeFixture.alert(title, account: account, date: clock.now))
        }
        return inbox
    }

    @Test func countsAndEntriesPerScope() throws {
        let inbox = try inbox()
        #expect(inbox.unreadCount == 5)
        #expect(inbox.unreadCount(in: ScopeFixture.alice) == 2 && inbox.unreadCount(in: ScopeFixture.bob) == 2)
        #expect(inbox.count(in: ScopeFixture.alice) == 2 && inbox.unreadCount(in: "carol") == 0)
        #expect(inbox.scopes == [ScopeFixture.alice, ScopeFixture.bob])
        #expect(inbox.entries(in: ScopeFixture.bob).map(\.title) == ["b2", "b1"])
        #expect(inbox.entries(in: ScopeFixture.alice, offset: 1, limit: 5).map(\.title) == ["a1"])
        #expect(inbox.unreadCounts == InboxUnreadCounts(total: 5, byScope: ["alice": 2, "bob": 2]))
    }

    @Test func markAllReadForOneScopeLeavesTheOthers() throws {
        let inbox = try inbox()
        let before = inbox.ledger.count
        try inbox.markAllRead(in: ScopeFixture.bob)
        #expect(inbox.ledger.count == before + 2)  // one record per unread entry of the scope
        #expect(inbox.unreadCount(in: ScopeFixture.bob) == 0)
        #expect(inbox.unreadCount(in: ScopeFixture.alice) == 2)
        #expect(inbox.unreadCount == 3)
        try inbox.markAllRead(in: ScopeFixture.bob)
        #expect(inbox.ledger.count == before + 2)  // nothing left to mark
    }

    @Test func readUnreadAndRemoveKeepTheScopeCounts() throws {
        let inbox = try inbox()
        let a1 = try #require(inbox.entries(in: ScopeFixture.alice).last)
        try inbox.markRead(a1.id)
        #expect(inbox.unreadCount(in: ScopeFixture.alice) == 1)
        try inbox.markUnread(a1.id)
        #expect(inbox.unreadCount(in: ScopeFixture.alice) == 2)
        try inbox.markRead(a1.id)
        try inbox.remove(a1.id)  // a read entry: the unread count stays
        #expect(inbox.unreadCount(in: ScopeFixture.alice) == 1 && inbox.count(in: ScopeFixture.alice) == 1)
        #expect(try inbox.removeAll(in: ScopeFixture.alice) == 1)
        #expect(inbox.count(in: ScopeFixture.alice) == 0 && !inbox.scopes.contains(ScopeFixture.alice))
        #expect(inbox.unreadCount == 3)
    }

    @Test func eachScopeChangeIsObservedBeforeTheTotal() throws {
        let inbox = PushInbox(
            ledger: InboxFixture.ledger(clock: clock), configuration: ScopeFixture.scopedConfiguration())
        let heard = Recorder<InboxChange>()
        let watching = inbox.observe { change in
            if case .inserted = change { return }
            if case .updated = change { return }
            heard.record(change)
        }
        defer { watching.cancel() }
        let entry = try #require(try inbox.add(ScopeFixture.alert("a1", account: "alice", date: clock.now)))
        try inbox.add(ScopeFixture.alert("n1", account: nil, date: clock.now.addingTimeInterval(60)))
        try inbox.markAllRead(in: ScopeFixture.alice)
        try inbox.remove(entry.id)
        #expect(
            heard.values == [
                .scopeUnreadCount("alice", 1), .unreadCount(1), .unreadCount(2), .scopeUnreadCount("alice", 0),
                .unreadCount(1), .removed(entry.id), .unreadCount(1),
            ])
    }

    @Test func theTapOfAScopedPushMarksItsEntryInItsScope() throws {
        let inbox = try inbox()
        try inbox.note(ScopeFixture.alert("b1", account: "bob", date: clock.now, kind: .remoteTapped))
        #expect(inbox.unreadCount(in: ScopeFixture.bob) == 1 && inbox.count(in: ScopeFixture.bob) == 2)
    }
}
