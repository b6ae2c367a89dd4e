import Foundation
import PushBusCore
import PushBusTestSupport
import PushBusTesting
import Testing

@testable import PushBusStorage

/// The badge follows a burst of changes (taps, each adding its entry and marking it read) with one call per
/// gathering interval, not one task and one call per change, and ends on the latest count; after a quiet spell
/// the next change is set again.
@Suite(.timeLimit(.minutes(1))) struct InboxBadgeGatheringTests {
    struct RecordingBadge: BadgeController {
        let counts: Recorder<Int>
        func apply(_ change: BadgeChange) async throws { counts.record(change.count) }
    }

    let clock = ManualClock()

    /// An empty inbox whose badge is followed, once the badge has been set to its first count.
    func followedInbox() async throws -> (inbox: PushInbox, counts: Recorder<Int>, syncing: PushCancellable) {
        let inbox = PushInbox(ledger: InboxFixture.ledger(clock: clock))
        let counts = Recorder<Int>()
        let syncing = inbox.syncBadge(with: RecordingBadge(counts: counts))
        try await counts.wait(for: "the first badge") { $0 == [0] }
        return (inbox, counts, syncing)
    }

    @Test func aBurstOfChangesCostsOneCallPerIntervalAndEndsOnTheLatestCount() async throws {
        let (inbox, counts, syncing) = try await followedInbox()
        defer { syncing.cancel() }

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
        let interval = Duration.nanoseconds(Int64(LatestBadgeSetter.gatheringInterval))
        let bound = 2 + Int((elapsed / interval).rounded(.up))
        #expect(calls.count - 1 <= bound, "\(calls.count - 1) calls for a burst of \(elapsed)")
        #expect(inbox.badge == 3)
    }

    @Test func theNextChangeAfterAQuietSpellIsSetAgain() async throws {
        let (inbox, counts, syncing) = try await followedInbox()
        defer { syncing.cancel() }
        for expected in 1...3 {
            // Longer than the interval: the setting task has ended, and the change starts another.
            try await Task.sleep(nanoseconds: 2 * LatestBadgeSetter.gatheringInterval)
            clock.advance(by: 1)
            try inbox.add(InboxFixture.alert("message \(expected)", date: clock.now))
            try await counts.wait(for: "badge \(expected)") { $0.last == expected }
        }
    }
}
