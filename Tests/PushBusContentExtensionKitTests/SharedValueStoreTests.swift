import Foundation
import PushBusContentExtensionKit
import PushBusCore
import PushBusTestSupport
import Testing

extension SharedValueKey where Value == Int {
    static let nextReminderSeconds = SharedValueKey("nextReminderSeconds")
}

/// The value the content extension shares with the app: typed, atomic, safe across processes.
@Suite(.timeLimit(.minutes(2))) struct SharedValueStoreTests {
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

    @Test
    func aReaderInAnotherProcessNeverSeesATornValue() async throws {
        // Given: a child process ready to rewrite the value 2,000 times
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let child = try ChildProcess(
            BuiltBinary.testChild,
            ["shared-value-writer", directory.url.path, "--count", "2000", "--start-on-input", "yes"])
        try await child.line("ready") { $0 == "ready" }
        // When: this process reads while it writes
        let store = try SharedValueStore(directory: directory.url)
        child.send(line: "go")
        var reads = WriterInterval(first: WriterInterval.now(), last: 0)
        var count = 0
        while child.isRunning, count < 100_000 {
            // Then: every read is nil (before the first write) or a whole value the writer wrote
            if let value = try store.value(for: .nextReminderSeconds) { #expect((10...300).contains(value)) }
            count += 1
            reads.last = WriterInterval.now()
        }
        let (status, output) = try await child.finished()
        #expect(status == 0, "\(child.errors)")
        let writes = try #require(
            output.split(separator: "\n").lazy.compactMap { WriterInterval(line: String($0)) }.first)
        #expect(reads.overlaps(writes), "reads \(reads), writes \(writes)")
        #expect(try store.value(for: .nextReminderSeconds) != nil)
    }
}
