import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import PushBusTesting
import Testing

/// One inbox used from several tasks at once (the delegate's thread adds, the UI marks read, a second ledger on the
/// same directory refreshes): every entry once, each insertion heard once, the unread count consistent. Bounded:
/// 4 writers × 50 adds; run under the thread sanitizer by `.ci/steps/33-stores-tsan.sh`.
@Suite(.timeLimit(.minutes(2))) struct InboxConcurrencyTests {
    @Test func concurrentAddsReadsAndRefreshesLoseNothing() async throws {
        // Given an inbox on a durable ledger, its observer, and a second ledger on the same directory
        let clock = ManualClock()
        let directory = try InboxFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = PushInbox.Configuration()
        configuration.maximumCount = 1_000
        let inbox = PushInbox(
            ledger: try InboxFixture.durableLedger(in: directory, clock: clock), configuration: configuration)
        let inserted = Recorder<InboxEntry.ID>()
        let watching = inbox.observe { change in
            if case .inserted(let entry) = change { inserted.record(entry.id) }
        }
        let other = try InboxFixture.durableLedger(in: directory, clock: clock)
        let (writers, adds) = (4, 50)

        // When 4 tasks add while one marks entries read and another refreshes the second ledger
        let markedRead = try await withThrowingTaskGroup(of: Set<InboxEntry.ID>.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for index in 0..<adds {
                        let date = clock.now.addingTimeInterval(Double(writer * adds + index) * 60)
                        try inbox.add(
                            InboxFixture.alert(
                                "w\(writer)-\(index)", requestIdentifier: "w\(writer)-\(index)", date: date))
                    }
                    return []
                }
            }
            group.addTask {
                var marked = Set<InboxEntry.ID>()
                for _ in 0..<100 {
                    for entry in inbox.entries(limit: 2) where !entry.isRead {
                        try inbox.markRead(entry.id)
                        marked.insert(entry.id)
                    }
                    await Task.yield()
                }
                return marked
            }
            group.addTask {
                for _ in 0..<50 {
                    try other.refresh()
                    await Task.yield()
                }
                return []
            }
            return try await group.reduce(into: Set<InboxEntry.ID>()) { $0.formUnion($1) }
        }

        // Then every entry is there once, each insertion was heard once, and the unread count agrees
        #expect(inbox.count == writers * adds)
        #expect(Set(inbox.entries().compactMap(\.title)).count == writers * adds)
        #expect(inserted.count == writers * adds)
        #expect(Set(inserted.values).count == writers * adds)
        #expect(inbox.unreadCount == writers * adds - markedRead.count)
        let ledger = inbox.ledger
        await OwnThread.run { ledger.waitForWrites() }  // the inbox's writer writes its records a moment later
        try other.refresh()
        #expect(other.count == inbox.entries().count + markedRead.count)  // one record per add and per read mark
        watching.cancel()
    }
}
