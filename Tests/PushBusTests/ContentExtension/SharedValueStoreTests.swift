import Foundation
import PushBus
import PushBusTestSupport
import Testing

extension SharedValueKey where Value == Int {
    static let nextReminderSeconds = SharedValueKey("nextReminderSeconds")
}

/// The value the content extension shares with the app: typed, atomic, safe across processes.
@Suite struct SharedValueStoreTests {
    @Test func aValueWrittenIsReadBackWithItsType() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let store = try SharedValueStore(directory: directory.url)
        #expect(try store.value(for: .nextReminderSeconds) == nil)
        try store.set(30, for: .nextReminderSeconds)
        try store.set(120, for: .nextReminderSeconds)
        #expect(try store.value(for: .nextReminderSeconds) == 120)
        // Another process (here: another store on the same directory) sees it
        #expect(try SharedValueStore(directory: directory.url).value(for: .nextReminderSeconds) == 120)
        try store.removeValue(for: .nextReminderSeconds)
        #expect(try store.value(for: .nextReminderSeconds) == nil)
    }

    @Test func keysThatCouldEscapeTheFolderAreRefused() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let store = try SharedValueStore(directory: directory.url)
        for name in ["", "../x", "a/b", ".hidden", String(repeating: "k", count: 129)] {
            #expect(throws: SharedValueStore.Error.invalidKey(name)) {
                try store.set(1, for: SharedValueKey<Int>(name))
            }
        }
    }

    @Test func aMissingDirectoryIsATypedError() {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        #expect(throws: SharedValueStore.Error.directoryUnavailable(missing.path)) {
            try SharedValueStore(directory: missing)
        }
    }

    @Test func aValueOfAnotherTypeIsUnreadableNotACrash() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let store = try SharedValueStore(directory: directory.url)
        try store.set("thirty", for: SharedValueKey<String>("nextReminderSeconds"))
        #expect(throws: SharedValueStore.Error.self) { try store.value(for: .nextReminderSeconds) }
    }

    @Test(.timeLimit(.minutes(1)))
    func aReaderInAnotherProcessNeverSeesATornValue() throws {
        // Given: a child process rewriting the value 2,000 times
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let child = try #require(BuiltBinary.testChild)
        let process = Process()
        process.executableURL = child
        process.arguments = ["shared-value-writer", directory.url.path, "--count", "2000"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // When: this process reads while it writes
        let store = try SharedValueStore(directory: directory.url)
        var reads = 0
        while process.isRunning, reads < 100_000 {
            // Then: every read is nil (before the first write) or a whole value the writer wrote
            if let value = try store.value(for: .nextReminderSeconds) { #expect((10...300).contains(value)) }
            reads += 1
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try store.value(for: .nextReminderSeconds) != nil)
    }
}
