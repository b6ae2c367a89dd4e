import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// The badge policy counts the total, the total over chosen scopes, or the app's own function of the counts; the
/// badge follows every change, and the service extension writes the same number into the notification it shows.
@Suite(.timeLimit(.minutes(1))) struct InboxBadgePolicyTests {
    struct RecordingBadge: BadgeController {
        let counts: Recorder<Int>
        func apply(_ change: BadgeChange) async throws { counts.record(change.count) }
    }

    @Test func eachPolicyCountsWhatItSays() {
        let counts = InboxUnreadCounts(total: 7, byScope: ["alice": 2, "bob": 4])
        #expect(PushInbox.BadgePolicy.unreadCount.badge(for: counts) == 7)
        #expect(PushInbox.BadgePolicy.unreadCount(in: ["alice", "bob"]).badge(for: counts) == 6)
        #expect(PushInbox.BadgePolicy.unreadCount(in: ["carol"]).badge(for: counts) == 0)
        #expect(PushInbox.BadgePolicy.custom { min($0.total, 5) }.badge(for: counts) == 5)
        #expect(PushInbox.BadgePolicy.custom { _ in -3 }.badge(for: counts) == 0)  // never below zero
        #expect(PushInbox.BadgePolicy.manual.badge(for: counts) == nil)
    }

    @Test func theBadgeFollowsTheChosenScopesOnly() async throws {
        var configuration = ScopeFixture.scopedConfiguration()
        configuration.badgePolicy = .unreadCount(in: [ScopeFixture.alice])
        let clock = ManualClock()
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock), configuration: configuration)
        let counts = Recorder<Int>()
        let syncing = inbox.syncBadge(with: RecordingBadge(counts: counts))
        defer { syncing.cancel() }
        try await counts.wait(for: "the first badge") { $0.last == 0 }
        try inbox.add(ScopeFixture.alert("b1", account: "bob", date: clock.now))
        try inbox.add(ScopeFixture.alert("a1", account: "alice", date: clock.now.addingTimeInterval(60)))
        try await counts.wait(for: "alice's one unread") { $0.last == 1 }
        try inbox.markAllRead(in: ScopeFixture.alice)
        try await counts.wait(for: "alice read") { $0.last == 0 }
        #expect(inbox.badge == 0 && inbox.unreadCount == 1)
    }

    @Test func theServiceExtensionWritesThePolicysCount() async throws {
        var configuration = ScopeFixture.scopedConfiguration()
        configuration.badgePolicy = .custom { counts in counts[ScopeFixture.bob] * 10 }
        let inbox = PushInbox(ledger: DeliveryLedger(), configuration: configuration)
        let pipeline = ServiceExtensionPipeline(steps: [.inbox(inbox)])
        let results = Recorder<ServiceExtensionResult>()
        pipeline.run(
            PushContent(userInfo: ["aps": ["alert": "Hi", "mutable-content": 1], "account": "bob"]),
            requestIdentifier: "b1"
        ) { results.record($0) }
        try await results.wait(for: "the content handler") { !$0.isEmpty }
        #expect(results.values.first?.content.badge == 10)
        #expect(inbox.entries().first?.scope == ScopeFixture.bob)
    }
}
