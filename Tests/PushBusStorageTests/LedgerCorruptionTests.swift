import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

/// Random byte corruption of a ledger file: never a crash, only the damaged records are skipped, each reported.
@Suite struct LedgerCorruptionTests {
    @Test func thousandRandomCorruptionsSkipOnlyDamagedRecords() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url)
        for index in 0..<60 {
            try ledger.append(
                LedgerFixture.record("m\(index % 20)", index % 3 == 0 ? .opened(action: "a\(index)") : .received))
        }
        let original = try [UInt8](Data(contentsOf: directory.dataFile))
        let scan = original.withUnsafeBytes { LedgerCodec.scan($0, from: LedgerCodec.headerSize) }
        let originalRecords = Dictionary(uniqueKeysWithValues: ledger.allRecords.map { ($0.sequence, $0) })
        var generator = SeededRandom(default: 0x5EED_1000)
        let replay = "\(generator)"
        for trial in 0..<1_000 {
            // Given 1–3 random bytes changed
            var bytes = original
            var damaged: Set<UInt64> = []
            var headerDamaged = false
            for _ in 0...(trial % 3) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[position] ^= UInt8.random(in: 1...255, using: &generator)
                if position < LedgerCodec.headerSize { headerDamaged = true }
                if let frame = scan.frames.first(where: { $0.offset <= position && position < $0.offset + $0.length }) {
                    damaged.insert(frame.sequence!)
                }
            }
            try Data(bytes).write(to: directory.dataFile)
            // When the ledger is loaded
            let loaded = try DeliveryLedger(directory: directory.url, readOnly: true)
            // Then every record returned is exactly an original one, only damaged records are missing, and the
            // damage is reported
            let records = loaded.allRecords
            #expect(records.allSatisfy { originalRecords[$0.sequence] == $0 }, "trial \(trial); \(replay)")
            let missing = Set(originalRecords.keys).subtracting(records.map(\.sequence))
            #expect(
                missing.isSubset(of: damaged),
                "trial \(trial): lost undamaged \(missing.subtracting(damaged)); \(replay)")
            if !missing.isEmpty || headerDamaged { #expect(!loaded.issues.isEmpty, "trial \(trial); \(replay)") }
        }
    }
}
