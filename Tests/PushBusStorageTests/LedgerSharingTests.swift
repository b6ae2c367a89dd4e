import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

/// Two ledgers on one directory stand in for the app and its extension: each sees the other's records after
/// `refresh()`, including after the other compacted, and the event stream delivers each record once, in order.
@Suite(.timeLimit(.minutes(2))) struct LedgerSharingTests {
    @Test func refreshReadsTheOtherWritersAppends() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let app = try DeliveryLedger(directory: directory.url)
        let serviceExtension = try DeliveryLedger(directory: directory.url)
        try serviceExtension.append(LedgerFixture.record("a"))
        #expect(app.count == 0)
        try app.refresh()
        #expect(app.allRecords.map(\.messageID.rawValue) == ["a"])
        // The app's own append reads the extension's newer record first, so numbering stays one sequence
        try serviceExtension.append(LedgerFixture.record("b"))
        #expect(try app.append(LedgerFixture.record("c")).sequence == 3)
        #expect(app.allRecords.map(\.sequence) == [1, 2, 3])
    }

    @Test func refreshFollowsACompactionByTheOtherWriter() throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        var configuration = DeliveryLedger.Configuration()
        configuration.maximumMessages = 2
        let app = try DeliveryLedger(directory: directory.url, configuration: configuration)
        let serviceExtension = try DeliveryLedger(directory: directory.url, configuration: configuration)
        for name in ["a", "b", "c"] { try serviceExtension.append(LedgerFixture.record(name)) }
        try app.refresh()
        try serviceExtension.compact()
        try serviceExtension.append(LedgerFixture.record("d"))
        try app.refresh()
        #expect(app.allRecords.map(\.messageID.rawValue) == ["b", "c", "d"])
        #expect(app.issues.isEmpty)
    }

    @Test func eventStreamDeliversOwnAndOthersRecordsOnceInOrder() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let app = try DeliveryLedger(directory: directory.url)
        let serviceExtension = try DeliveryLedger(directory: directory.url)
        // Given a record the extension wrote before the app subscribed, from a saved position of 0
        try serviceExtension.append(LedgerFixture.record("before"))
        try app.refresh()
        let stream = app.events(after: 0)
        // When both write, and the app refreshes (twice: the second finds nothing new)
        try app.append(LedgerFixture.record("own"))
        try serviceExtension.append(LedgerFixture.record("other"))
        try app.refresh()
        try app.refresh()
        // Then the stream has each record exactly once, in sequence order
        var received: [String] = []
        for await record in stream {
            received.append(record.messageID.rawValue)
            if received.count == 3 { break }
        }
        #expect(received == ["before", "own", "other"])
    }

    @Test func streamWithoutAStartOnlyGetsNewRecords() async throws {
        let ledger = DeliveryLedger()
        try ledger.append(LedgerFixture.record("old"))
        let stream = ledger.events()
        try ledger.append(LedgerFixture.record("new"))
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.messageID.rawValue == "new")
    }

    @Test func concurrentAppendsInOneProcessAreNumberedOnceEach() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url)
        let stream = ledger.events(after: 0)
        // 4 tasks × 50 appends
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask { for index in 0..<50 { try ledger.append(LedgerFixture.record("w\(writer)-\(index)")) } }
            }
            try await group.waitForAll()
        }
        var sequences: [UInt64] = []
        for await record in stream {
            sequences.append(record.sequence)
            if sequences.count == 200 { break }
        }
        #expect(sequences == Array(1...200))
        #expect(try DeliveryLedger(directory: directory.url).count == 200)
    }
}
