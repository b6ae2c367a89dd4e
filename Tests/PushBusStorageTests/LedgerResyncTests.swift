import Foundation
import PushBusCore
import PushBusTestSupport
import Testing

@testable import PushBusStorage

/// Resynchronizing after damage: linear in the file's size whatever it holds (issue 23, item 7), and never taking
/// bytes inside a record that was written as one for a record (item 8).
@Suite(.timeLimit(.minutes(1))) struct LedgerResyncTests {
    /// `size` bytes of fake frame headers, each `stride` bytes apart and claiming half of the bytes (the issue's
    /// file: each candidate's checksum used to be computed over its claimed half, R²/24 bytes in all).
    static func hostile(size: Int, stride: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + stride)
        var sequence: UInt64 = 1
        while bytes.count < size {
            var fake = LedgerCodec.frameMagic
            LedgerCodec.appendLE(UInt32(min(size / 2, LedgerCodec.maximumPayload)), to: &fake)
            LedgerCodec.appendLE(UInt32(0xDEAD_BEEF), to: &fake)
            if stride >= 22 {
                // A plausible payload start (tag 1, length 8, a rising sequence), so every candidate gets checked.
                fake += [1, 8]
                LedgerCodec.appendLE(sequence, to: &fake)
                sequence += 1
            }
            fake += [UInt8](repeating: 0x20, count: max(0, stride - fake.count))
            bytes += fake
        }
        return Array(bytes.prefix(size))
    }

    @Test(arguments: [12, 22, 40])
    func aHostileFileCostsAConstantNumberOfChecksumBytesPerByte(stride: Int) {
        // Given hostile files of 256 KiB and 1 MiB after a valid record
        let ratios = [1 << 18, 1 << 20].map { size -> Double in
            let bytes = LedgerCraftedFileTests.frame("a", sequence: 1) + Self.hostile(size: size, stride: stride)
            let scan = bytes.withUnsafeBytes { LedgerCodec.scan($0, from: 0) }
            #expect(scan.records.map(\.sequence) == [1])
            #expect(scan.issues.map(\.kind) == [.tornTail])
            return Double(scan.bytesExamined) / Double(bytes.count)
        }
        // Then the checksum work per byte stays small and does not grow with the size (it grew linearly before:
        // quadratic in all).
        #expect(ratios.allSatisfy { $0 < 48 })
        #expect(ratios[1] < ratios[0] * 1.5)
    }

    @Test func aOneMebibyteHostileFileOpensWithItsValidRecords() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let bytes =
            LedgerCraftedFileTests.header() + LedgerCraftedFileTests.frame("a", sequence: 1)
            + Self.hostile(size: 1 << 20, stride: 22) + LedgerCraftedFileTests.frame("b", sequence: 3)
        try Data(bytes).write(to: directory.dataFile)
        let ledger = try DeliveryLedger(directory: directory.url)
        #expect(ledger.allRecords.map(\.messageID.rawValue) == ["a", "b"])
        #expect(ledger.issues.map(\.kind) == [.damagedFrame])
    }

    // MARK: Frames inside records (item 8)

    /// A frame of a forged record whose every byte is ASCII, so a reply text can spell it.
    static func forgedText(sequence: UInt64) -> String {
        for attempt in 0..<100_000 {
            var record = DeliveryRecord(
                messageID: PushMessage.ID(rawValue: "forged-\(attempt)"),
                notificationDate: Date(timeIntervalSince1970: 0),
                event: .received, role: "x")
            record.sequence = sequence
            let frame = LedgerCodec.frame(record)
            if frame.allSatisfy({ $0 < 0x80 }) { return String(decoding: frame, as: UTF8.self) }
        }
        Issue.record("no ASCII frame found")
        return ""
    }

    /// A ledger whose second record's reply text spells a frame numbered `forged`, with one bit of that record
    /// flipped at `damage` bytes into it (or none), and a third record after it.
    private func ledger(forging forged: UInt64, damage: Int?, last: Bool = false) throws -> (LedgerDirectory, [UInt8]) {
        let directory = try LedgerDirectory()
        let ledger = try DeliveryLedger(directory: directory.url)
        try ledger.append(LedgerFixture.record("a"))
        try ledger.append(
            LedgerFixture.record("b", .opened(action: "reply", userText: Self.forgedText(sequence: forged))))
        if !last { try ledger.append(LedgerFixture.record("c")) }
        var bytes = try [UInt8](Data(contentsOf: directory.dataFile))
        let scan = bytes.withUnsafeBytes { LedgerCodec.scan($0, from: LedgerCodec.headerSize) }
        #expect(scan.frames.count == (last ? 2 : 3))
        if let damage { bytes[scan.frames[1].offset + damage] ^= 0x01 }
        try Data(bytes).write(to: directory.dataFile)
        return (directory, bytes)
    }

    @Test(arguments: [2, 3, 100, 1 << 40])
    func aFrameSpelledByAReplyIsNeverReturnedWhenItsRecordIsDamaged(forged: UInt64) throws {
        // One damaged bit in the outer record's checksum (byte 8), its payload (byte 40), or its length (byte 5;
        // not when it is the last record: see LedgerFormat.md, "Damage", for that limit).
        for damage in [8, 40, 5] {
            for last in damage == 5 ? [false] : [false, true] {
                let (directory, _) = try ledger(forging: forged, damage: damage, last: last)
                defer { directory.remove() }
                let reader = try DeliveryLedger(directory: directory.url)
                #expect(!reader.allRecords.contains { $0.messageID.rawValue.hasPrefix("forged") })
                #expect(reader.allRecords.map(\.messageID.rawValue) == (last ? ["a"] : ["a", "c"]))
                #expect(reader.lastSequence == (last ? 1 : 3))
            }
        }
    }

    @Test func anUndamagedReplyThatSpellsAFrameIsJustText() throws {
        let (directory, _) = try ledger(forging: 2, damage: nil)
        defer { directory.remove() }
        let reader = try DeliveryLedger(directory: directory.url)
        #expect(reader.allRecords.map(\.messageID.rawValue) == ["a", "b", "c"])
        #expect(reader.issues.isEmpty)
    }
}
