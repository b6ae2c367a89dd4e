import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

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

    /// What one storm found: each line a broken promise (empty when none was).
    struct Storm: Sendable {
        var failures: [String] = []
        var reportedCount = 0
        var killsDuringCompaction = 0
    }

    /// Starts `ledger-append-loop`, waits for its first reported write (or, when `duringCompaction`, for it to
    /// start a compaction), lets it run `pause` microseconds, kills it with SIGKILL and returns the sequences it
    /// reported written, whether it was still compacting and whether a signal ended it.
    // blocking-ok: only ever run inside the storm, on a thread of its own (OwnThread, below)
    private static func runAndKill(
        _ directory: LedgerDirectory, writer: Int, duringCompaction: Bool, pause: UInt32
    ) throws -> (written: [UInt64], killedCompacting: Bool, killedBySignal: Bool) {
        let child = try ChildProcess(
            BuiltBinary.testChild,
            [
                "ledger-append-loop", directory.url.path, "--writer", "w\(writer)", "--compact-every", "9",
                "--messages", "40",
            ])
        let marker = duringCompaction ? "compacting" : "written"
        var lines = try child.lines(through: marker) { $0.hasPrefix(marker) }
        usleep(pause)
        child.kill(SIGKILL)
        let (rest, killedBySignal) = child.reap()
        // Only complete lines count: a line cut by the kill was never fully reported.
        lines += String(decoding: rest, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
        return (
            lines.compactMap { $0.hasPrefix("written ") ? UInt64($0.dropFirst(8)) : nil },
            lines.last == "compacting", killedBySignal
        )
    }

    /// The whole storm, kill after kill, checking after each what the next launch reads.
    // blocking-ok: only ever run by OwnThread (below)
    private static func storm(_ directory: LedgerDirectory) throws -> Storm {
        var storm = Storm()
        var reported: Set<UInt64> = []
        var random = SeededRandom(default: 0x5EED_0050)
        for writer in 0..<kills {
            // Every third kill aims at a compaction in progress; the child runs a random 0–15 ms (0–2 ms) first
            let duringCompaction = writer % 3 == 2
            let pause = UInt32.random(in: 0..<(duringCompaction ? 2_000 : 15_000), using: &random)
            let run = try runAndKill(directory, writer: writer, duringCompaction: duringCompaction, pause: pause)
            if !run.killedBySignal { storm.failures.append("kill \(writer): the child was not ended by the signal") }
            reported.formUnion(run.written)
            if run.killedCompacting { storm.killsDuringCompaction += 1 }
            // After each kill, a fresh reader (the next launch) has every reported record, each valid and once
            let ledger = try DeliveryLedger(directory: directory.url)
            let records = ledger.allRecords
            let sequences = records.map(\.sequence)
            if Set(sequences).count != sequences.count { storm.failures.append("kill \(writer): a record twice") }
            if !reported.isSubset(of: Set(sequences)) {
                storm.failures.append("kill \(writer): lost \(reported.subtracting(sequences).sorted()); \(random)")
            }
            if !records.allSatisfy({ $0.messageID.rawValue.hasPrefix("m") && $0.event.values["w"] != nil }) {
                storm.failures.append("kill \(writer): a damaged record was returned")
            }
            if !ledger.issues.allSatisfy({ $0.kind == .tornTail }) {
                storm.failures.append("kill \(writer): issues \(ledger.issues.map(\.kind))")
            }
        }
        storm.reportedCount = reported.count
        return storm
    }

    @Test
    func everyReportedWriteSurvivesSIGKILL() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        // One thread of its own for the whole storm: the test suspends once, not once per kill behind every other
        // test's tasks.
        let storm = try await OwnThread.run { try Self.storm(directory) }
        #expect(storm.failures.isEmpty, "\(storm.failures.prefix(10))")
        print(
            "LedgerCrashConsistencyTests: \(Self.kills) kills, \(storm.reportedCount) reported writes all present,"
                + " \(storm.killsDuringCompaction) kills hit a compaction in progress")
        #expect(storm.killsDuringCompaction > 0)
    }
}

/// Two processes appending 10,000 records each at the same time: 20,000 records, none lost or doubled, and the
/// two writers' intervals overlap (started together, they really wrote at the same time).
@Suite(.timeLimit(.minutes(2))) struct LedgerConcurrentProcessTests {
    @Test func twoProcessesAppendTenThousandEach() async throws {
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
        for writer in writers { try await writer.line("ready") { $0 == "ready" } }
        for writer in writers { writer.send(line: "go") }
        var intervals: [WriterInterval] = []
        for writer in writers {
            let line = try await writer.line("its interval") { $0.hasPrefix("interval ") }
            let (status, _) = try await writer.finished()
            #expect(status == 0, "\(writer.errors)")
            intervals.append(try #require(WriterInterval(line: line)))
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
