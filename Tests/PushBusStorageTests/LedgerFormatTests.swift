import Foundation
import PushBusCore
import PushBusTestSupport
import Testing

@testable import PushBusStorage

/// The file format of Docs/LedgerFormat.md: CRC-32 framing, resynchronization after damage, torn tails, the upgrade rule.
@Suite struct LedgerFormatTests {
    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    @Test func frameRoundTripsEveryField() throws {
        var record = LedgerFixture.record("m1", .opened(action: "reply", userText: "ok"))
        record.sequence = 7
        record.summary?.customData = ["n": .int(3)]
        record.summary?.isTruncated = true
        let bytes = LedgerCodec.frame(record)
        let scan = bytes.withUnsafeBytes { LedgerCodec.scan($0, from: 0) }
        #expect(scan.issues.isEmpty && scan.validEnd == bytes.count)
        #expect(scan.records.first == record)
    }

    @Test func damageInTheMiddleSkipsOneRecordAndKeepsTheRest() {
        let frames = (1...3).map { index -> [UInt8] in
            var record = LedgerFixture.record("m\(index)")
            record.sequence = UInt64(index)
            return LedgerCodec.frame(record)
        }
        var bytes = frames.flatMap { $0 }
        bytes[frames[0].count + 20] ^= 0xFF  // a flipped byte inside the second frame
        let scan = bytes.withUnsafeBytes { LedgerCodec.scan($0, from: 0) }
        #expect(scan.records.map(\.sequence) == [1, 3])
        #expect(
            scan.issues == [DeliveryLedgerIssue(kind: .damagedFrame, offset: frames[0].count, length: frames[1].count)])
    }

    @Test func tornTailIsReportedAndNotConsumed() {
        var record = LedgerFixture.record("m1")
        record.sequence = 1
        let whole = LedgerCodec.frame(record)
        let bytes = whole + whole.prefix(whole.count / 2)
        let scan = bytes.withUnsafeBytes { LedgerCodec.scan($0, from: 0) }
        #expect(scan.frames.count == 1)
        #expect(scan.validEnd == whole.count)
        #expect(scan.issues.map(\.kind) == [.tornTail])
    }

    @Test func nextWriterCutsATornTailOffAndAppendsAfterTheLastValidRecord() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        try DeliveryLedger(directory: directory.url).append(LedgerFixture.record("a"))
        // Given a crash that left half a frame at the end
        let handle = try FileHandle(forWritingTo: directory.dataFile)
        handle.seekToEndOfFile()
        handle.write(Data(LedgerCodec.frame(LedgerFixture.record("torn")).prefix(30)))
        try handle.close()
        // When another process opens the ledger and appends
        let ledger = try DeliveryLedger(directory: directory.url)
        #expect(ledger.issues.map(\.kind) == [.tornTail])
        try ledger.append(LedgerFixture.record("b"))
        // Then a fresh reader sees both records and no damage
        let reader = try DeliveryLedger(directory: directory.url)
        #expect(reader.allRecords.map(\.messageID.rawValue) == ["a", "b"])
        #expect(reader.issues.isEmpty)
    }

    @Test func unknownPayloadFieldsAreSkipped() throws {
        var record = LedgerFixture.record("m1")
        record.sequence = 1
        var payload = Array(LedgerCodec.frame(record).dropFirst(LedgerCodec.frameHeaderSize))
        payload += [200, 3, 1, 2, 3]  // a field a newer writer added
        var bytes = LedgerCodec.frameMagic
        LedgerCodec.appendLE(UInt32(payload.count), to: &bytes)
        let crc = CRC32.checksum(bytes[4..<8] + payload)
        LedgerCodec.appendLE(crc, to: &bytes)
        bytes += payload
        let scan = bytes.withUnsafeBytes { LedgerCodec.scan($0, from: 0) }
        #expect(scan.records.first == record)
    }

    @Test func newerFormatVersionIsRefusedAndLeftUntouched() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let header = LedgerCodec.encode(LedgerCodec.Header(version: 2, generation: 9, baseSequence: 0))
        try Data(header).write(to: directory.dataFile)
        #expect(throws: DeliveryLedgerError.unsupportedVersion(found: 2, supported: 1)) {
            try DeliveryLedger(directory: directory.url)
        }
        #expect(try Data(contentsOf: directory.dataFile) == Data(header))
    }
}
