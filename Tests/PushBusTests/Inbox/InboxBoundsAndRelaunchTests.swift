import Foundation
import PushBus
@_spi(PushBusInternals) import PushBusCore
import PushBusRouting
import PushBusTestSupport
import PushBusTesting
import Testing

/// The inbox is bounded (oldest leave first) and its read state outlives the process and compaction.
@Suite struct InboxBoundsAndRelaunchTests {
    let clock = ManualClock()

    @Test func theCountLimitRemovesTheOldestFirst() throws {
        var configuration = PushInbox.Configuration()
        configuration.maximumCount = 3
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock), configuration: configuration)
        for title in ["a", "b", "c", "d", "e"] {
            clock.advance(by: 1)
            try inbox.add(InboxFixture.alert(title, requestIdentifier: title, date: clock.now))
        }
        #expect(inbox.entries().map(\.title) == ["e", "d", "c"])
        #expect(inbox.unreadCount == 3)
    }

    @Test func entriesOlderThanTheMaximumAgeExpire() throws {
        var configuration = PushInbox.Configuration()
        configuration.maximumAge = 3_600
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock), configuration: configuration)
        try inbox.add(InboxFixture.alert("old", requestIdentifier: "old", date: clock.now))
        clock.advance(by: 3_000)
        try inbox.add(InboxFixture.alert("new", requestIdentifier: "new", date: clock.now))
        clock.advance(by: 1_000)
        try inbox.refresh()
        #expect(inbox.entries().map(\.title) == ["new"])
    }

    @Test func readStateSurvivesRelaunchAndCompaction() throws {
        let directory = try InboxFixture.temporaryDirectory()
        do {
            let inbox = PushInbox(ledger: try InboxFixture.durableLedger(in: directory, clock: clock))
            for title in ["a", "b", "c"] {
                clock.advance(by: 1)
                try inbox.add(InboxFixture.alert(title, requestIdentifier: title, date: clock.now))
            }
            try inbox.markRead(try #require(inbox.entries().last).id)  // "a"
            inbox.ledger.waitForWrites()
            try inbox.ledger.compact()
        }
        // The next launch: a new ledger and inbox on the same directory
        let relaunched = PushInbox(ledger: try InboxFixture.durableLedger(in: directory, clock: clock))
        #expect(relaunched.entries().map(\.title) == ["c", "b", "a"])
        #expect(relaunched.entries().map(\.isRead) == [false, false, true])
        #expect(relaunched.unreadCount == 2)
    }

    @Test func openingAnEntryRoutesItFromTheInboxOnceAndMarksItRead() throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let entry = try #require(try inbox.add(InboxFixture.alert("Sale", date: clock.now)))
        let router = PushRouter(schemes: ["app"])
        let sources = LockedState<[RouteSource]>([])
        try router.register("app://inbox/:title") { request in sources.withLock { $0.append(request.source) } }
        let result = router.notifications.route(entry, in: inbox)
        #expect(result?.match != nil)
        #expect(sources.withLock { $0 } == [.inbox])
        #expect(inbox.unreadCount == 0)
        #expect(inbox.ledger.hasRecorded(.routed, messageID: entry.messageID))
    }
}
