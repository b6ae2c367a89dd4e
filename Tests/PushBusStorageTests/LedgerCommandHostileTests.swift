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

/// `pushbus ledger` and the file inputs of the other commands on what a hostile neighbour leaves: they never wait,
/// never trap, and say what is wrong in words (issue 23, items 5, 11 and 13). Each run is bounded by `timeout 20`
/// (status 124 when it hangs).
@Suite(.timeLimit(.minutes(2))) struct LedgerCommandHostileTests {
    @Test func anEmptyDirectoryIsNoLedgerInWords() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let result = try await PushbusShell.run(#"timeout 20 "$PUSHBUS" ledger "\#(directory.url.path)""#)
        #expect(result.status == 2)
        #expect(result.errors.contains("no ledger in \(directory.url.path)"))
        #expect(!result.errors.contains("errno"))
        #expect(result.errors.hasSuffix("(it holds no ledger.pbl)\n"))
    }

    @Test func aFIFOInPlaceOfTheLedgerEndsAtOnce() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        #expect(mkfifo(directory.dataFile.path, 0o644) == 0)
        let result = try await PushbusShell.run(#"timeout 20 "$PUSHBUS" ledger "\#(directory.url.path)""#)
        #expect(result.status == 2)
        #expect(result.errors.contains("not a regular file"))
    }

    @Test func aHeldLockDoesNotHoldUpInspection() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        try DeliveryLedger(directory: directory.url).append(LedgerFixture.record("m1"))
        // This process holds the writers' lock, as an app stuck in an append would.
        let lock = open(directory.url.appendingPathComponent("ledger.lock").path, O_RDWR)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)  // blocking-ok: a new ledger's lock, which nobody else holds
        for flag in ["", "--json", "--stats", "--verify"] {
            let result = try await PushbusShell.run(#"timeout 20 "$PUSHBUS" ledger \#(flag) "\#(directory.url.path)""#)
            #expect(result.status == 0)
        }
    }

    @Test func hugeSequencesNeverTrapInAnyOutput() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let bytes =
            LedgerCraftedFileTests.header() + LedgerCraftedFileTests.frame("a", sequence: 1)
            + LedgerCraftedFileTests.frame("b", sequence: 1 << 63)
            + LedgerCraftedFileTests.frame("c", sequence: LedgerCodec.maximumSequence)
        try Data(bytes).write(to: directory.dataFile)
        for flag in ["", "--json", "--stats"] {
            let result = try await PushbusShell.run(#"timeout 20 "$PUSHBUS" ledger \#(flag) "\#(directory.url.path)""#)
            #expect(result.status == 0)
            #expect(result.output.contains(String(LedgerCodec.maximumSequence)))
        }
    }

    @Test func controlCharactersInIdsAreEscaped() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url)
        try ledger.append(LedgerFixture.record("evil\u{1B}]0;title\u{07}\r\nfake line", request: "r\u{1B}[2J"))
        let result = try await PushbusShell.run(#"timeout 20 "$PUSHBUS" ledger "\#(directory.url.path)""#)
        #expect(result.status == 0)
        #expect(!result.output.unicodeScalars.contains { $0.value == 0x1B || $0 == "\r" })
        #expect(result.output.split(separator: "\n").count == 1)
        #expect(result.output.contains(#"evil\u{1B}]0;title\u{7}\u{D}\u{A}fake line"#))
    }

    @Test(arguments: ["validate", "simulate", "apns", "check-extension"])
    func aFIFOWithoutAWriterDoesNotHoldUpAFileInput(command: String) async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let fifo = directory.url.appendingPathComponent("input.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let result = try await PushbusShell.run(#"timeout 20 "$PUSHBUS" \#(command) "\#(fifo)" </dev/null"#)
        #expect(result.status != 124)
    }
}
