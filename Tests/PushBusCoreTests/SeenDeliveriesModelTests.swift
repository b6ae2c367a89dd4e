import Foundation
import PushBusTestSupport
import Testing

@testable import PushBusCore

/// `SeenDeliveries` keeps its memory in a ring and an open-addressing table (stale slots reused, rebuilt in place)
/// so the hub's gate costs no dictionary work per post. This suite runs it against the plainest possible model of
/// the same rules — every remembered report in a list, searched newest first — over long random streams that
/// wrap the ring many times, evict, expire and repeat reports, and expects the same answer to every report.
@Suite struct SeenDeliveriesModelTests {
    /// The rules, written as plainly as possible: the last `capacity` new reports, newest first.
    struct Model {
        struct Entry {
            var key: String
            var at: Date
            var evidence: SeenDeliveries.Evidence
        }
        let window: TimeInterval
        let retention: TimeInterval
        let capacity: Int
        var entries: [Entry] = []

        mutating func record(_ key: String, _ evidence: SeenDeliveries.Evidence, at now: Date) -> Bool {
            for index in entries.indices.reversed() where entries[index].key == key {
                let entry = entries[index]
                guard now.timeIntervalSince(entry.at) <= retention else { break }  // older ones are older still
                if SeenDeliveries.isSameDelivery(
                    evidence, at: now, entry.evidence, at: entry.at, correlationWindow: window)
                {
                    entries[index].evidence.learn(from: evidence)
                    return false
                }
            }
            entries.append(Entry(key: key, at: now, evidence: evidence))
            if entries.count > capacity { entries.removeFirst() }
            return true
        }
    }

    @Test(arguments: [(capacity: 1, ids: 3), (capacity: 7, ids: 5), (capacity: 16, ids: 40), (capacity: 64, ids: 300)])
    func answersEveryReportAsThePlainModelDoes(capacity: Int, ids: Int) {
        var random = SeededRandom(default: 0x5EED_0024)
        var seen = SeenDeliveries(correlationWindow: 30, retention: 120, capacity: capacity)
        var model = Model(window: 30, retention: 120, capacity: capacity)
        var now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        var disagreements = 0
        for step in 0..<20_000 {
            now += Double(Int.random(in: 0...3, using: &random))
            let id = "push-\(Int.random(in: 0..<ids, using: &random))"
            let requestIdentifier = Bool.random(using: &random) ? "R\(Int.random(in: 0..<3, using: &random))" : nil
            let date = Bool.random(using: &random) ? now - Double(Int.random(in: 0...2, using: &random)) : nil
            let report = PushMessage.DeduplicationKey(
                id: PushMessage.ID(rawValue: id), kind: .remoteTapped, action: .open,
                requestIdentifier: requestIdentifier, notificationDate: date)
            let expected = model.record(id, SeenDeliveries.Evidence(report), at: now)
            if seen.record(report, at: now) != expected {
                disagreements += 1
                if disagreements <= 3 {
                    Issue.record("step \(step), \(report): model says new = \(expected); \(random)")
                }
            }
        }
        #expect(disagreements == 0)
        #expect(seen.allocatedCount <= capacity.nextPowerOfTwo)
    }
}

extension Int {
    fileprivate var nextPowerOfTwo: Int {
        var size = 1
        while size < self { size <<= 1 }
        return size
    }
}
