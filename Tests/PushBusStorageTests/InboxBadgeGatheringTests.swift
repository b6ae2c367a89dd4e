import Foundation
import PushBusCore
import PushBusTestSupport
import PushBusTesting
import Testing

@testable import PushBusStorage

/// The badge follows a burst of changes (taps, each adding its entry and marking it read) with one call per
/// gathering interval, not one task and one call per change, and ends on the latest count; after a quiet spell
/// the next change is set at once again.
@Suite(.timeLimit(.minutes(1))) struct InboxBadgeGatheringTests {
    struct RecordingBadge: BadgeController {
        let counts: Recorder<Int>
        func apply(_ change: BadgeChange) async throws { counts.record(change.count) }
    }

    let clock = ManualClock()

    @Test func aBurstOfChangesCostsOneCallPerIntervalAndEndsOnTheLatestCount() async throws {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let counts = Recorder<Int>()
        // Through `syncBadge(with:)`, which gathers on the system's clock: the bound below counts the burst's time.
        let syncing = inbox.syncBadge(with: RecordingBadge(counts: counts))
        defer { syncing.cancel() }
        try await counts.wait(for: "the first badge") { $0 == [0] }

        let started = ContinuousClock.now
        for index in 0..<50 {  // 50 taps on new messages: each count goes up and back down
            clock.advance(by: 1)
            let entry = try #require(try inbox.add(InboxFixture.alert("tap \(index)", date: clock.now)))
            try inbox.markRead(entry.id)
        }
        for index in 0..<3 {  // then three stay unread
            clock.advance(by: 1)
            try inbox.add(InboxFixture.alert("unread \(index)", date: clock.now))
        }
        let elapsed = ContinuousClock.now - started

        let calls = try await counts.wait(for: "the latest count") { $0.last == 3 }
        // 103 changes: the burst's first count at once, then at most one call per interval it lasted, and the last.
        let interval = Duration.milliseconds(Int64(LatestBadgeSetter.gatheringInterval * 1_000))
        let bound = 2 + Int((elapsed / interval).rounded(.up))
        #expect(calls.count - 1 <= bound, "\(calls.count - 1) calls for a burst of \(elapsed)")
        #expect(inbox.badge == 3)
    }

    @Test func countsWaitForTheIntervalAfterACallAndAQuietLookEndsTheRun() async throws {
        let counts = Recorder<Int>()
        let setter = LatestBadgeSetter(badge: RecordingBadge(counts: counts), clock: clock)
        setter.set(0)  // the first count after a quiet spell: at once
        try await counts.wait(for: "the first count") { $0 == [0] }
        try await TestDeadline.poll("the look after the call") { clock.pendingCount == 1 }

        for count in 1...100 { setter.set(count % 2) }  // a burst: each tap adds its entry and marks it read
        setter.set(7)
        #expect(counts.values == [0])  // gathered until the clock reaches the look
        clock.advance(by: LatestBadgeSetter.gatheringInterval)
        try await counts.wait(for: "the latest count") { $0 == [0, 7] }
        try await TestDeadline.poll("the look after the second call") { clock.pendingCount == 1 }

        clock.advance(by: LatestBadgeSetter.gatheringInterval)  // nothing came: the run ends
        #expect(clock.pendingCount == 0)
        setter.set(3)  // a quiet spell again: at once
        try await counts.wait(for: "the count after the quiet spell") { $0 == [0, 7, 3] }
    }
}
