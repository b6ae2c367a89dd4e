import Foundation
import PushBusContentExtensionKit
import PushBusCore
import PushBusTestSupport
import Testing

@testable import PushBusLiveActivity

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A planted symbolic link or FIFO in the shared directory is never written through, followed or waited on by the
/// stores beside the ledger: the Live Activity token store and the content extension's shared values (the ledger's
/// own: `LedgerSymlinkTests`, PushBusStorageTests).
@Suite(.timeLimit(.minutes(1))) struct SharedStoreSymlinkTests {
    @Test func theTokenStoreNeverWritesThroughAPlantedTemporaryOrTargetLink() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let target = try directory.victim()
        defer { try? FileManager.default.removeItem(at: target) }
        // The names the store used to write: `.live-activity-tokens.json.<pid>.tmp`, and the file itself.
        let predictable = directory.url.appendingPathComponent(".live-activity-tokens.json.\(getpid()).tmp")
        try FileManager.default.createSymbolicLink(at: predictable, withDestinationURL: target)
        let store = try LiveActivityTokenStore(directory: directory.url)
        try FileManager.default.createSymbolicLink(at: store.fileURL, withDestinationURL: target)
        #expect(throws: StoreFileError.self) { try store.load() }
        try store.save(LiveActivityTokenState())
        #expect(LedgerDirectory.isUntouched(target))
        #expect(try store.load() == LiveActivityTokenState())
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }

    @Test func sharedValuesNeitherFollowALinkNorWaitOnAFIFO() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let target = try directory.victim()
        defer { try? FileManager.default.removeItem(at: target) }
        let store = try SharedValueStore(directory: directory.url)
        let key = SharedValueKey<Int>("count")
        let file = store.directory.appendingPathComponent("count.json")
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
        #expect(throws: SharedValueStore.Error.self) { try store.value(for: key) }
        try store.set(3, for: key)
        #expect(LedgerDirectory.isUntouched(target))
        #expect(try store.value(for: key) == 3)
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o644) == 0)
        #expect(throws: SharedValueStore.Error.self) { try store.value(for: key) }
    }
}
