import Foundation
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

/// A planted symbolic link or FIFO in a shared directory is never written through, followed or waited on
/// (DESIGN.md, "Hostile neighbours").
@Suite(.timeLimit(.minutes(1))) struct LedgerSymlinkTests {
    /// A file outside the ledger's directory that a link points to, with known content.
    private func victim(in directory: LedgerDirectory) throws -> URL {
        let url = directory.url.deletingLastPathComponent().appendingPathComponent("victim-\(UUID().uuidString)")
        try Data(repeating: 0x41, count: 9_500).write(to: url)
        return url
    }

    private func isUntouched(_ url: URL) -> Bool {
        (try? Data(contentsOf: url)) == Data(repeating: 0x41, count: 9_500)
    }

    @Test func aLinkedDataFileIsRefusedAndItsTargetIsNotTruncated() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let target = try victim(in: directory)
        defer { try? FileManager.default.removeItem(at: target) }
        try FileManager.default.createSymbolicLink(at: directory.dataFile, withDestinationURL: target)
        #expect(throws: DeliveryLedgerError.notARegularFile(path: directory.dataFile.path)) {
            try DeliveryLedger(directory: directory.url).append(LedgerFixture.record("m1"))
        }
        #expect(isUntouched(target))
    }

    @Test func aLinkedCompactingFileIsReplacedNotWrittenThrough() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url)
        try ledger.append(LedgerFixture.record("m1"))
        let target = try victim(in: directory)
        defer { try? FileManager.default.removeItem(at: target) }
        let compacting = directory.url.appendingPathComponent("ledger.pbl.compacting")
        try FileManager.default.createSymbolicLink(at: compacting, withDestinationURL: target)
        try ledger.compact()
        try ledger.append(LedgerFixture.record("m2"))
        #expect(isUntouched(target))
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

    @Test func theTokenStoreNeverWritesThroughAPlantedTemporaryOrTargetLink() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let target = try victim(in: directory)
        defer { try? FileManager.default.removeItem(at: target) }
        // The names the store used to write: `.live-activity-tokens.json.<pid>.tmp`, and the file itself.
        let predictable = directory.url.appendingPathComponent(".live-activity-tokens.json.\(getpid()).tmp")
        try FileManager.default.createSymbolicLink(at: predictable, withDestinationURL: target)
        let store = try LiveActivityTokenStore(directory: directory.url)
        try FileManager.default.createSymbolicLink(at: store.fileURL, withDestinationURL: target)
        #expect(throws: StoreFileError.self) { try store.load() }
        try store.save(LiveActivityTokenState())
        #expect(isUntouched(target))
        #expect(try store.load() == LiveActivityTokenState())
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }

    @Test func sharedValuesNeitherFollowALinkNorWaitOnAFIFO() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let target = try victim(in: directory)
        defer { try? FileManager.default.removeItem(at: target) }
        let store = try SharedValueStore(directory: directory.url)
        let key = SharedValueKey<Int>("count")
        let file = store.directory.appendingPathComponent("count.json")
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
        #expect(throws: SharedValueStore.Error.self) { try store.value(for: key) }
        try store.set(3, for: key)
        #expect(isUntouched(target))
        #expect(try store.value(for: key) == 3)
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o644) == 0)
        #expect(throws: SharedValueStore.Error.self) { try store.value(for: key) }
    }
}
