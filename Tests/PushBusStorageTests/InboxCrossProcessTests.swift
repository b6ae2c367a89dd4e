import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

/// The inbox across real processes: a child plays the service extension adding entries while this process plays
/// the app, adding its own and marking entries read at the same time.
@Suite(.timeLimit(.minutes(2))) struct InboxCrossProcessTests {
    @Test
    func theAppAndItsExtensionAgreeAfterRefreshWithNothingLostOrDoubled() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let extensionCount = 300
        let appCount = 100
        // Given: the "extension" process ready to add, started at the instant the app starts adding
        let child = try ChildProcess(
            BuiltBinary.testChild,
            ["inbox-extension", directory.url.path, "--count", String(extensionCount), "--start-on-input", "yes"])
        try await child.line("ready") { $0 == "ready" }
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
        // The app adds at least `appCount`, and goes on until it has added one after seeing an extension entry: so
        // the two writers overlapped whichever started first (bounded: the child starts within its deadline).
        var appAdded = 0
        var hasSeenExtension = false
        var addedAfterSeeingExtension = false
        while appAdded < appCount || !addedAfterSeeingExtension {
            let sawExtensionBefore = hasSeenExtension
            let payload: [AnyHashable: Any] = ["aps": ["alert": "From the app \(appAdded)"], "n": appAdded]
            try app.add(
                PushMessage(
                    content: PushContent(userInfo: payload), requestIdentifier: "app-\(appAdded)",
                    date: Date().addingTimeInterval(Double(appAdded))))
            appAdded += 1
            appInterval.last = WriterInterval.now()
            addedAfterSeeingExtension = addedAfterSeeingExtension || sawExtensionBefore
            try app.refresh()
            for entry in app.entries(limit: 3)
            where !entry.isRead && entry.title?.hasPrefix("From the extension") == true {
                try app.markRead(entry.id)
                markedRead.insert(entry.id)
            }
            hasSeenExtension = hasSeenExtension || app.count > appAdded
            if appAdded > 100_000 {
                Issue.record("the extension process never wrote")
                break
            }
        }
        let childInterval = try #require(
            WriterInterval(line: try await child.line("its interval") { $0.hasPrefix("interval ") }))
        let (status, _) = try await child.finished()
        #expect(status == 0, "\(child.errors)")
        #expect(appInterval.overlaps(childInterval), "app \(appInterval), extension \(childInterval)")
        app.ledger.waitForWrites()
        try app.refresh()
        // Then: every entry once; a fresh reader (the extension's next run) agrees on entries and unread count
        let reader = PushInbox(
            ledger: try DeliveryLedger(directory: directory.url, configuration: ledgerConfiguration),
            configuration: configuration)
        #expect(app.count == extensionCount + appAdded)
        #expect(Set(app.entries().map { $0.title ?? $0.body ?? "" }).count == extensionCount + appAdded)
        #expect(app.unreadCount == extensionCount + appAdded - markedRead.count)
        let (fresh, seen) = (reader.entries(), app.entries())
        let differences = zip(fresh, seen).enumerated().filter { $0.element.0 != $0.element.1 }.prefix(3).map {
            "at \($0.offset): reader \($0.element.0.requestIdentifier ?? "") \($0.element.0.date.timeIntervalSince1970) read \($0.element.0.isRead), app \($0.element.1.requestIdentifier ?? "") \($0.element.1.date.timeIntervalSince1970) read \($0.element.1.isRead)"
        }
        #expect(fresh == seen, "\(fresh.count) / \(seen.count): \(differences)")
        #expect(reader.unreadCount == app.unreadCount)
    }
}
