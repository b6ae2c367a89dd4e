import Foundation
import PushBus
import PushBusTestSupport
import Testing

/// The inbox across real processes: a child plays the service extension adding entries while this process plays
/// the app, adding its own and marking entries read at the same time.
@Suite struct InboxCrossProcessTests {
    @Test(.timeLimit(.minutes(1)))
    func theAppAndItsExtensionAgreeAfterRefreshWithNothingLostOrDoubled() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let child = try #require(BuiltBinary.testChild, "pushbus-test-child is built with the tests")
        let extensionCount = 300
        let appCount = 100
        // Given: the "extension" process starts adding
        let process = Process()
        process.executableURL = child
        process.arguments = ["inbox-extension", directory.url.path, "--count", String(extensionCount)]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // When: the app adds its own entries (pushes without mutable-content) and marks entries read meanwhile
        var ledgerConfiguration = DeliveryLedger.Configuration()
        ledgerConfiguration.maximumMessages = 100_000
        var configuration = PushInbox.Configuration()
        configuration.maximumCount = 100_000
        let app = PushInbox(
            ledger: try DeliveryLedger(directory: directory.url, configuration: ledgerConfiguration),
            configuration: configuration)
        var markedRead = Set<UInt64>()
        for index in 0..<appCount {
            let payload: [AnyHashable: Any] = ["aps": ["alert": "From the app \(index)"], "n": index]
            try app.add(
                PushMessage(
                    content: PushContent(userInfo: payload), requestIdentifier: "app-\(index)",
                    date: Date().addingTimeInterval(Double(index))))
            try app.refresh()
            for entry in app.entries(limit: 3)
            where !entry.isRead && entry.title?.hasPrefix("From the extension") == true {
                try app.markRead(entry.id)
                markedRead.insert(entry.id)
            }
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        try app.refresh()
        // Then: every entry once; a fresh reader (the extension's next run) agrees on entries and unread count
        let reader = PushInbox(
            ledger: try DeliveryLedger(directory: directory.url, configuration: ledgerConfiguration),
            configuration: configuration)
        #expect(app.count == extensionCount + appCount)
        #expect(Set(app.entries().map { $0.title ?? $0.body ?? "" }).count == extensionCount + appCount)
        #expect(app.unreadCount == extensionCount + appCount - markedRead.count)
        #expect(reader.entries() == app.entries())
        #expect(reader.unreadCount == app.unreadCount)
    }
}
