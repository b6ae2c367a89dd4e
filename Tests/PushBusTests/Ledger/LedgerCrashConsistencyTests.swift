import Foundation
import PushBusTestSupport
import Testing

@testable import PushBus
@testable import PushBusCategories
@testable import PushBusContentExtensionKit
@testable import PushBusCore
@testable import PushBusDelivery
@testable import PushBusHub
@testable import PushBusLiveActivity
@testable import PushBusServiceExtension
@testable import PushBusServiceExtensionStorage
@testable import PushBusStorage
@testable import PushBusValidation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// `kill -9` of a writing process at random instants (also during compaction): every record the child reported
/// written is there afterwards, and no damaged record is ever returned.
///
/// 50 kills by default; `LEDGER_TORTURE_KILLS=200 swift test --filter LedgerCrashConsistencyTests` runs the longer
/// run Docs/Ledger.md reports.
@Suite(.timeLimit(.minutes(5))) struct LedgerCrashConsistencyTests {
    static let kills = ProcessInfo.processInfo.environment["LEDGER_TORTURE_KILLS"].flatMap { Int($0) } ?? 50

    /// Starts `ledger-append-loop`, waits for its first reported write (or, when `duringCompaction`, for it to
    /// start a compaction), lets it run a random 0–15 ms (0–2 ms), kills it with SIGKILL and returns the
    /// sequences it reported written and whether it was still compacting.
    private func runAndKill(
        _ directory: LedgerDirectory, writer: Int, duringCompaction: Bool, random: inout SeededRandom
    ) throws -> (written: [UInt64], killedCompacting: Bool) {
        let child = try ChildProcess(
            BuiltBinary.testChild,
            [
                "ledger-append-loop", directory.url.path, "--writer", "w\(writer)", "--compact-every", "9",
                "--messages", "40",
            ])
        let marker = duringCompaction ? "compacting" : "written"
        var lines = try child.lines(through: marker) { $0.hasPrefix(marker) }
        usleep(UInt32.random(in: 0..<(duringCompaction ? 2_000 : 15_000), using: &random))
        child.kill(SIGKILL)
        let (rest, killedBySignal) = child.reap()
        #expect(killedBySignal)
        // Only complete lines count: a line cut by the kill was never fully reported.
        lines += String(decoding: rest, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
        return (
            lines.compactMap { $0.hasPrefix("written ") ? UInt64($0.dropFirst(8)) : nil }, lines.last == "compacting"
        )
    }

    @Test
    func everyReportedWriteSurvivesSIGKILL() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        var reported: Set<UInt64> = []
        var killsDuringCompaction = 0
        var random = SeededRandom(default: 0x5EED_0050)
        for writer in 0..<Self.kills {
            // Every third kill aims at a compaction in progress
            let run = try runAndKill(directory, writer: writer, duringCompaction: writer % 3 == 2, random: &random)
            reported.formUnion(run.written)
            if run.killedCompacting { killsDuringCompaction += 1 }
            // After each kill, a fresh reader (the next launch) has every reported record, each valid and once
            let ledger = try DeliveryLedger(directory: directory.url)
            let records = ledger.allRecords
            let sequences = records.map(\.sequence)
            #expect(Set(sequences).count == sequences.count)
            #expect(
                reported.isSubset(of: Set(sequences)), "lost: \(reported.subtracting(sequences).sorted()); \(random)")
            #expect(records.allSatisfy { $0.messageID.rawValue.hasPrefix("m") && $0.event.values["w"] != nil })
            #expect(ledger.issues.allSatisfy { $0.kind == .tornTail })
        }
        print(
            "LedgerCrashConsistencyTests: \(Self.kills) kills, \(reported.count) reported writes all present,"
                + " \(killsDuringCompaction) kills hit a compaction in progress")
        #expect(killsDuringCompaction > 0)
    }
}

/// Two processes appending 10,000 records each at the same time: 20,000 records, none lost or doubled, and the
/// two writers' intervals overlap (started together, they really wrote at the same time).
@Suite(.timeLimit(.minutes(2))) struct LedgerConcurrentProcessTests {
    @Test func twoProcessesAppendTenThousandEach() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let writers = try ["A", "B"].map { writer in
            try ChildProcess(
                BuiltBinary.testChild,
                [
                    "ledger-append", directory.url.path, "--count", "10000", "--writer", writer, "--max-messages",
                    "100000", "--start-on-input", "yes",
                ])
        }
        for writer in writers { try writer.waitForLine("ready") { $0 == "ready" } }
        for writer in writers { writer.send(line: "go") }
        let intervals = try writers.map { writer in
            let line = try writer.waitForLine("its interval") { $0.hasPrefix("interval ") }
            let (status, _) = try writer.finish()
            #expect(status == 0, "\(writer.errors)")
            return try #require(WriterInterval(line: line))
        }
        #expect(intervals[0].overlaps(intervals[1]), "the writers ran one after the other: \(intervals)")
        var configuration = DeliveryLedger.Configuration()
        configuration.maximumMessages = 100_000
        let ledger = try DeliveryLedger(directory: directory.url, configuration: configuration)
        let records = ledger.allRecords
        #expect(records.count == 20_000)
        #expect(records.map(\.sequence) == Array(1...20_000))
        for writer in ["A", "B"] {
            let indices = records.filter { $0.event.values["w"] == writer }.compactMap {
                $0.event.values["i"].flatMap { Int($0) }
            }
            #expect(indices == Array(0..<10_000))
        }
        #expect(ledger.issues.isEmpty)
    }
}
