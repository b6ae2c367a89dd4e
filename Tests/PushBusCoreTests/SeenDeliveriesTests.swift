import Foundation
import PushBusCore
import Testing

/// The one "seen" component, rule by rule (DESIGN, "Identity and de-duplication"), without threads or clocks:
/// each report carries the time it was made.
@Suite struct SeenDeliveriesTests {
    let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let push = PushMessage.ID(rawValue: "digest:plain-alert")

    func report(
        _ kind: PushMessage.Kind = .remoteTapped, action: PushResponse.Action? = .open, id: String? = nil,
        date: TimeInterval? = nil, push: PushMessage.ID? = nil
    ) -> PushMessage.DeduplicationKey {
        PushMessage.DeduplicationKey(
            id: push ?? self.push, kind: kind, action: kind.isTapped ? action : nil, requestIdentifier: id,
            notificationDate: date.map { t0.addingTimeInterval($0) })
    }

    func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }

    /// The value type under test, in a box so `#expect` can call its mutating `record`.
    final class Memory {
        var seen: SeenDeliveries
        init(correlationWindow: TimeInterval = 30, retention: TimeInterval = 600, capacity: Int = 256) {
            seen = SeenDeliveries(correlationWindow: correlationWindow, retention: retention, capacity: capacity)
        }
        @discardableResult
        func record(_ report: PushMessage.DeduplicationKey, at now: Date) -> Bool { seen.record(report, at: now) }
        func contains(_ report: PushMessage.DeduplicationKey, at now: Date) -> Bool { seen.contains(report, at: now) }
    }

    @Test func reportsThatKnowNeitherMatchOnlyWithinTheCorrelationWindow() {
        let seen = Memory()
        #expect(seen.record(report(), at: at(0)))
        #expect(!seen.record(report(), at: at(30)), "30 s later: the same launch sequence")
        #expect(seen.record(report(), at: at(61)), "31 s after the last remembered report: a new delivery")
    }

    @Test func theCorrelationWindowIsConfigurable() {
        let seen = Memory(correlationWindow: 5)
        #expect(seen.record(report(), at: at(0)))
        #expect(seen.record(report(), at: at(6)))
    }

    @Test func differentRequestIdentifiersAreTwoDeliveries() {
        let seen = Memory()
        #expect(seen.record(report(id: "A", date: 0), at: at(0)))
        #expect(seen.record(report(id: "B", date: 0), at: at(0)))
    }

    @Test func requestIdentifiersThatDifferOnlyInCaseAreOneDelivery() {
        let seen = Memory()
        #expect(seen.record(report(id: "5F1C-ab", date: 0), at: at(0)))
        #expect(!seen.record(report(id: "5f1c-AB", date: 0), at: at(1)))
    }

    @Test func caseIsIgnoredBeyondASCIIAndLengthStillCounts() {
        let seen = Memory()
        #expect(seen.record(report(id: "Ärger-1", date: 0), at: at(0)))
        #expect(!seen.record(report(id: "äRGER-1", date: 0), at: at(0)))
        #expect(seen.record(report(id: "ärger-12", date: 0), at: at(0)))
        #expect(seen.record(report(id: "ärger-", date: 0), at: at(0)))
    }

    @Test func notificationDatesMoreThanASecondApartAreTwoDeliveries() {
        let seen = Memory()
        #expect(seen.record(report(id: "water", date: 0), at: at(0)))
        #expect(!seen.record(report(id: "water", date: 0.9), at: at(1)), "within a second: one delivery")
        #expect(seen.record(report(id: "water", date: 1.5), at: at(2)), "a repeating reminder's next firing")
    }

    @Test func evidenceThatAgreesMatchesBeyondTheCorrelationWindow() {
        let seen = Memory(correlationWindow: 30, retention: 600)
        #expect(seen.record(report(id: "A", date: 0), at: at(0)))
        #expect(!seen.record(report(id: "A", date: 0), at: at(300)))
        #expect(seen.record(report(id: "A", date: 0), at: at(601)), "forgotten after the retention")
    }

    @Test func aReportThatKnowsOnlyOneKindOfEvidenceComparesWhatBothKnow() {
        let seen = Memory()
        #expect(seen.record(report(id: "A"), at: at(0)))
        #expect(!seen.record(report(id: "a", date: 0), at: at(100)), "identifiers agree, dates unknown to one")
        #expect(seen.record(report(date: 50), at: at(100)), "the date learnt from the second report tells it apart")
    }

    @Test func receivingAndTappingAreTwoMessagesAndSoAreTwoActions() {
        let seen = Memory()
        #expect(seen.record(report(.remote, id: "A", date: 0), at: at(0)))
        #expect(seen.record(report(.remoteTapped, action: .open, id: "A", date: 0), at: at(1)))
        #expect(seen.record(report(.remoteTapped, action: .custom("LIKE"), id: "A", date: 0), at: at(1)))
        #expect(!seen.record(report(.remoteTapped, action: .custom("LIKE"), id: "A", date: 0), at: at(2)))
    }

    @Test func differentPushesAreNeverOneDelivery() {
        let seen = Memory()
        #expect(seen.record(report(id: "A", date: 0), at: at(0)))
        #expect(seen.record(report(id: "A", date: 0, push: PushMessage.ID(rawValue: "digest:new-content")), at: at(0)))
    }

    @Test func aDuplicateTeachesTheEvidenceItsFirstReportLacked() {
        // Launch options (no evidence), then the didReceive of the same tap, then another delivery of the
        // same payload inside the window: the remembered report now knows "A", so "B" is told apart.
        let seen = Memory()
        #expect(seen.record(report(), at: at(0)))
        #expect(!seen.record(report(id: "A", date: -2), at: at(1)))
        #expect(seen.record(report(id: "B", date: 5), at: at(5)))
    }

    @Test func containsAnswersWithoutRecording() {
        let seen = Memory()
        #expect(!seen.contains(report(), at: at(0)))
        seen.record(report(), at: at(0))
        #expect(seen.contains(report(), at: at(10)))
        #expect(!seen.contains(report(), at: at(31)))
        #expect(seen.record(report(), at: at(31)))
    }

    @Test func memoryIsBoundedByCount() {
        let seen = Memory(capacity: 4)
        for n in 0..<5 { #expect(seen.record(report(id: "\(n)", date: 0), at: at(0))) }
        #expect(seen.record(report(id: "0", date: 0), at: at(0)), "the oldest was forgotten")
        #expect(!seen.record(report(id: "4", date: 0), at: at(0)))
    }

    @Test func aSilentPushIsJoinedAcrossCallbacksButNeverOnTheSameOne() {
        func silent(_ path: DeliveryPath) -> PushMessage.DeduplicationKey {
            var key = report(.remote)
            key.silentPath = path
            return key
        }
        let seen = Memory()
        #expect(seen.record(silent(.launchOptions), at: at(0)))
        #expect(!seen.record(silent(.fetchCompletion), at: at(1)), "the fetch callback of the same launch")
        #expect(!seen.record(silent(.forwarded), at: at(2)), "handed over by another SDK")
        #expect(seen.record(silent(.fetchCompletion), at: at(3)), "the fetch callback again: a new push")
        #expect(seen.record(silent(.fetchCompletion), at: at(3)), "content alone never makes a duplicate")
        #expect(!seen.record(report(.remote), at: at(4)), "an arrival that is not silent still joins in the window")
    }

    @Test func aLargeCapacityIsAllocatedAsReportsArriveNotAtTheFirst() {
        // 50 million slots allocated at once were 2.7 GB at the first post.
        let seen = Memory(capacity: 50_000_000)
        #expect(seen.record(report(id: "0", date: 0), at: at(0)))
        #expect(seen.seen.allocatedCount == 1)
        for n in 1..<100 { seen.record(report(id: "\(n)", date: 0), at: at(0)) }
        #expect(seen.seen.allocatedCount == 100)
        #expect(!seen.record(report(id: "0", date: 0), at: at(1)))
    }

    @Test func aFullRingWrapsAround() {
        let seen = Memory(capacity: 3)
        for n in 0..<7 { seen.record(report(id: "\(n)", date: 0), at: at(0)) }
        #expect(seen.seen.allocatedCount == 4, "3 rounded up to a power of two; only the last 3 are remembered")
        for n in 4..<7 { #expect(!seen.record(report(id: "\(n)", date: 0), at: at(0))) }
        #expect(seen.record(report(id: "3", date: 0), at: at(0)), "forgotten when the ring wrapped")
    }

    @Test func manyReportsStayBoundedAndCorrect() {
        // Sweeps run as reports pile up; the last `capacity` reports are still remembered afterwards.
        let seen = Memory(capacity: 8)
        for n in 0..<1_000 { seen.record(report(id: "\(n)", date: Double(n)), at: at(Double(n) / 100)) }
        for n in 992..<1_000 { #expect(!seen.record(report(id: "\(n)", date: Double(n)), at: at(10))) }
        #expect(seen.record(report(id: "991", date: 991), at: at(10)))
    }

    @Test func aZeroWindowOrCapacityTurnsTheMemoryOff() {
        let noWindow = Memory(correlationWindow: 0)
        let noCapacity = Memory(capacity: 0)
        for _ in 0..<2 {
            #expect(noWindow.record(report(id: "A", date: 0), at: at(0)))
            #expect(noCapacity.record(report(id: "A", date: 0), at: at(0)))
        }
    }
}
