import Foundation
import Testing

@testable import PushBus

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
import PushBusTestSupport
#endif

/// `kill -9` of a writing process at random instants (also during compaction): every record the child reported
/// written is there afterwards, and no damaged record is ever returned.
///
/// 50 kills by default; `LEDGER_TORTURE_KILLS=200 swift test --filter LedgerCrashConsistencyTests` runs the longer
/// run Docs/Ledger.md reports.
@Suite struct LedgerCrashConsistencyTests {
    static let kills = ProcessInfo.processInfo.environment["LEDGER_TORTURE_KILLS"].flatMap { Int($0) } ?? 50

    /// Starts `ledger-append-loop`, waits for its first reported write (or, when `duringCompaction`, for it to
    /// start a compaction), lets it run a random 0–15 ms (0–2 ms), kills it with SIGKILL and returns the
    /// sequences it reported written and whether it was still compacting.
    private func runAndKill(_ directory: LedgerDirectory, writer: Int, duringCompaction: Bool) throws -> (
        written: [UInt64], killedCompacting: Bool
    ) {
        let process = Process()
        process.executableURL = BuiltBinary.testChild
        process.arguments = [
            "ledger-append-loop", directory.url.path, "--writer", "w\(writer)", "--compact-every", "9",
            "--messages", "40",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading
        var text = Data()
        let marker = duringCompaction ? "compacting" : "written"
        while !String(decoding: text, as: UTF8.self).contains(marker) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += chunk
        }
        usleep(UInt32.random(in: 0..<(duringCompaction ? 2_000 : 15_000)))
        kill(process.processIdentifier, SIGKILL)
        text += reader.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        // Only complete lines count: a line cut by the kill was never fully reported.
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
        return (
            lines.compactMap { $0.hasPrefix("written ") ? UInt64($0.dropFirst(8)) : nil }, lines.last == "compacting"
        )
    }

    @Test(.enabled(if: BuiltBinary.testChild != nil, "pushbus-test-child is built next to the tests"))
    func everyReportedWriteSurvivesSIGKILL() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        var reported: Set<UInt64> = []
        var killsDuringCompaction = 0
        for writer in 0..<Self.kills {
            // Every third kill aims at a compaction in progress
            let run = try runAndKill(directory, writer: writer, duringCompaction: writer % 3 == 2)
            reported.formUnion(run.written)
            if run.killedCompacting { killsDuringCompaction += 1 }
            // After each kill, a fresh reader (the next launch) has every reported record, each valid and once
            let ledger = try DeliveryLedger(directory: directory.url)
            let records = ledger.allRecords
            let sequences = records.map(\.sequence)
            #expect(Set(sequences).count == sequences.count)
            #expect(reported.isSubset(of: Set(sequences)), "lost: \(reported.subtracting(sequences).sorted())")
            #expect(records.allSatisfy { $0.messageID.rawValue.hasPrefix("m") && $0.event.values["w"] != nil })
            #expect(ledger.issues.allSatisfy { $0.kind == .tornTail })
        }
        print(
            "LedgerCrashConsistencyTests: \(Self.kills) kills, \(reported.count) reported writes all present,"
                + " \(killsDuringCompaction) kills hit a compaction in progress")
        #expect(killsDuringCompaction > 0)
    }
}

/// Two processes appending 10,000 records each at the same time: 20,000 records, none lost or doubled.
@Suite struct LedgerConcurrentProcessTests {
    @Test(.enabled(if: BuiltBinary.testChild != nil, "pushbus-test-child is built next to the tests"))
    func twoProcessesAppendTenThousandEach() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let processes = try ["A", "B"].map { writer -> Process in
            let process = Process()
            process.executableURL = BuiltBinary.testChild
            process.arguments = [
                "ledger-append", directory.url.path, "--count", "10000", "--writer", writer, "--max-messages", "100000",
            ]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
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
