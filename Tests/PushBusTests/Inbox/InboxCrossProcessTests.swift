import Foundation
import PushBus
import PushBusTestSupport
import Testing

/// The inbox across real processes: a child plays the service extension adding entries while this process plays
/// the app, adding its own and marking entries read at the same time.
@Suite(.timeLimit(.minutes(2))) struct InboxCrossProcessTests {
    @Test
    func theAppAndItsExtensionAgreeAfterRefreshWithNothingLostOrDoubled() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let extensionCount = 300
        let appCount = 100
        // Given: the "extension" process ready to add, started at the instant the app starts adding
        let child = try ChildProcess(
            BuiltBinary.testChild,
            ["inbox-extension", directory.url.path, "--count", String(extensionCount), "--start-on-input", "yes"])
        try child.waitForLine("ready") { $0 == "ready" }
        // When: the app adds its own entries (pushes without mutable-content) and marks entries read meanwhile
        var ledgerConfiguration = DeliveryLedger.Configuration()
        ledgerConfiguration.maximumMessages = 100_000
        var configuration = PushInbox.Configuration()
        configuration.maximumCount = 100_000
        let app = PushInbox(
            ledger: try DeliveryLedger(directory: directory.url, configuration: ledgerConfiguration),
            configuration: configuration)
        var markedRead = Set<UInt64>()
        child.send(line: "go")
        var appInterval = WriterInterval(first: WriterInterval.now(), last: 0)
        for index in 0..<appCount {
            let payload: [AnyHashable: Any] = ["aps": ["alert": "From the app \(index)"], "n": index]
            try app.add(
                PushMessage(
                    content: PushContent(userInfo: payload), requestIdentifier: "app-\(index)",
                    date: Date().addingTimeInterval(Double(index))))
            appInterval.last = WriterInterval.now()
            try app.refresh()
            for entry in app.entries(limit: 3)
            where !entry.isRead && entry.title?.hasPrefix("From the extension") == true {
                try app.markRead(entry.id)
                markedRead.insert(entry.id)
            }
        }
        let childInterval = try #require(
            WriterInterval(line: try child.waitForLine("its interval") { $0.hasPrefix("interval ") }))
        let (status, _) = try child.finish()
        #expect(status == 0, "\(child.errors)")
        #expect(appInterval.overlaps(childInterval), "app \(appInterval), extension \(childInterval)")
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
