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

/// A planted symbolic link or FIFO in a shared directory is never written through, followed or waited on
/// (DESIGN.md, "Hostile neighbours").
@Suite(.timeLimit(.minutes(1))) struct LedgerSymlinkTests {
    @Test func aLinkedDataFileIsRefusedAndItsTargetIsNotTruncated() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let target = try directory.victim()
        defer { try? FileManager.default.removeItem(at: target) }
        try FileManager.default.createSymbolicLink(at: directory.dataFile, withDestinationURL: target)
        #expect(throws: DeliveryLedgerError.notARegularFile(path: directory.dataFile.path)) {
            try DeliveryLedger(directory: directory.url).append(LedgerFixture.record("m1"))
        }
        #expect(LedgerDirectory.isUntouched(target))
    }

    @Test func aLinkedCompactingFileIsReplacedNotWrittenThrough() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url)
        try ledger.append(LedgerFixture.record("m1"))
        let target = try directory.victim()
        defer { try? FileManager.default.removeItem(at: target) }
        let compacting = directory.url.appendingPathComponent("ledger.pbl.compacting")
        try FileManager.default.createSymbolicLink(at: compacting, withDestinationURL: target)
        try ledger.compact()
        try ledger.append(LedgerFixture.record("m2"))
        #expect(LedgerDirectory.isUntouched(target))
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.dataFile.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try DeliveryLedger(directory: directory.url).allRecords.map(\.messageID.rawValue) == ["m1", "m2"])
    }

    @Test func aLinkedLockFileIsRefusedAndNothingIsCreatedAtItsTarget() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let target = directory.url.deletingLastPathComponent().appendingPathComponent("absent-\(UUID().uuidString)")
        try FileManager.default.createSymbolicLink(
            at: directory.url.appendingPathComponent("ledger.lock"), withDestinationURL: target)
        #expect(throws: DeliveryLedgerError.self) { try DeliveryLedger(directory: directory.url) }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test func aFIFOInPlaceOfTheDataFileIsRefusedWithoutWaiting() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        #expect(mkfifo(directory.dataFile.path, 0o644) == 0)
        #expect(throws: DeliveryLedgerError.notARegularFile(path: directory.dataFile.path)) {
            try DeliveryLedger(directory: directory.url)
        }
        #expect(throws: DeliveryLedgerError.notARegularFile(path: directory.dataFile.path)) {
            try DeliveryLedger(directory: directory.url, readOnly: true)
        }
    }
}
