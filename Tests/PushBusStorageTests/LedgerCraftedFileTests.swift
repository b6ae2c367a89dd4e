import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

/// Ledger files a hostile neighbour crafted: short or damaged headers, sequences at the edge of the format,
/// repeated and misplaced frames. Nothing traps, no acknowledged append becomes invisible, every process agrees.
@Suite(.timeLimit(.minutes(1))) struct LedgerCraftedFileTests {
    static func frame(_ message: String, sequence: UInt64) -> [UInt8] {
        var record = LedgerFixture.record(message)
        record.sequence = sequence
        return LedgerCodec.frame(record)
    }

    static func header(base: UInt64 = 0, version: UInt32 = LedgerCodec.version) -> [UInt8] {
        LedgerCodec.encode(LedgerCodec.Header(version: version, generation: 7, baseSequence: base))
    }

    private func write(_ bytes: [UInt8], to directory: LedgerDirectory) throws {
        try Data(bytes).write(to: directory.dataFile)
    }

    // MARK: Short and damaged headers (issue 23, items 4 and 13)

    @Test func anAppendToAFileShorterThanItsHeaderIsSeenByEveryProcess() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        try write(Array(Self.header().prefix(10)), to: directory)
        let first = try DeliveryLedger(directory: directory.url)
        let second = try DeliveryLedger(directory: directory.url)
        let written = try first.append(LedgerFixture.record("a"))
        try second.refresh()
        #expect(second.allRecords.map(\.sequence) == [written.sequence])
        try second.append(LedgerFixture.record("b"))
        try first.refresh()
        #expect(first.allRecords.map(\.messageID.rawValue) == ["a", "b"])
        #expect(try DeliveryLedger(directory: directory.url).allRecords.map(\.sequence) == [1, 2])
    }

    @Test func aFileWithRecordsAndADamagedHeaderIsReadButNeverWritten() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        // A version-2 file whose header checksum is damaged: its version cannot be known.
        var header = Self.header(version: 2)
        header[30] ^= 0x01
        let bytes = header + Self.frame("a", sequence: 1) + Array("an unknown version-2 tail".utf8)
        try write(bytes, to: directory)
        let ledger = try DeliveryLedger(directory: directory.url)
        #expect(ledger.allRecords.map(\.messageID.rawValue) == ["a"])
        #expect(ledger.issues.map(\.kind).contains(.damagedHeader))
        #expect(throws: DeliveryLedgerError.damagedHeader(path: directory.dataFile.path)) {
            try ledger.append(LedgerFixture.record("b"))
        }
        #expect(throws: DeliveryLedgerError.damagedHeader(path: directory.dataFile.path)) { try ledger.compact() }
        #expect(try [UInt8](Data(contentsOf: directory.dataFile)) == bytes)
    }

    // MARK: Sequences at the edge of the format (item 5)

    @Test func aFrameNumberedUInt64MaxIsSkippedAndTheNextAppendDoesNotTrap() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        try write(Self.header() + Self.frame("a", sequence: 1) + Self.frame("huge", sequence: .max), to: directory)
        let ledger = try DeliveryLedger(directory: directory.url)
        #expect(ledger.allRecords.map(\.sequence) == [1])
        #expect(ledger.issues.map(\.kind) == [.undecodableRecord])
        #expect(try ledger.append(LedgerFixture.record("b")).sequence == 2)
    }

    @Test func aHeaderBaseOfUInt64MaxIsDamageAndTheNextAppendDoesNotTrap() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        try write(Self.header(base: .max), to: directory)
        let ledger = try DeliveryLedger(directory: directory.url)
        #expect(ledger.issues.map(\.kind) == [.damagedHeader])
        #expect(try ledger.append(LedgerFixture.record("a")).sequence == 1)
        #expect(try DeliveryLedger(directory: directory.url).allRecords.map(\.sequence) == [1])
    }

    @Test func theLastSequenceTheFormatAllowsEndsWritingWithATypedError() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        try write(Self.header() + Self.frame("a", sequence: LedgerCodec.maximumSequence), to: directory)
        let ledger = try DeliveryLedger(directory: directory.url)
        #expect(ledger.lastSequence == LedgerCodec.maximumSequence)
        #expect(throws: DeliveryLedgerError.sequenceExhausted(path: directory.dataFile.path)) {
            try ledger.append(LedgerFixture.record("b"))
        }
    }

    // MARK: Repeated and misplaced frames (item 13)

    @Test func aRepeatedFrameIsReturnedOnceAndReported() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let one = Self.frame("a", sequence: 1)
        try write(Self.header() + one + one + Self.frame("b", sequence: 2), to: directory)
        let ledger = try DeliveryLedger(directory: directory.url)
        #expect(ledger.allRecords.map(\.sequence) == [1, 2])
        #expect(ledger.issues.map(\.kind) == [.outOfOrderRecord])
    }

    @Test func aFullAndAnIncrementalReadAgreeOnMisplacedFrames() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        try write(Self.header() + Self.frame("a", sequence: 1), to: directory)
        let running = try DeliveryLedger(directory: directory.url)
        // Another writer appends sequence 3, then 2.
        let handle = try FileHandle(forWritingTo: directory.dataFile)
        handle.seekToEndOfFile()
        handle.write(Data(Self.frame("c", sequence: 3) + Self.frame("b", sequence: 2)))
        try handle.close()
        try running.refresh()
        let fresh = try DeliveryLedger(directory: directory.url)
        #expect(running.allRecords.map(\.sequence) == [1, 3])
        #expect(fresh.allRecords == running.allRecords)
        #expect(fresh.issues.map(\.kind) == [.outOfOrderRecord])
        #expect(running.issues.map(\.kind) == [.outOfOrderRecord])
    }
}
