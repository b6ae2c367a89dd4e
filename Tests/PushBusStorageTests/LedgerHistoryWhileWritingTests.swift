import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

/// A message's history read while the writer writes its records: each record handed over appears once, written or
/// waiting, never twice (written and still waiting) and never in neither place (read before it was written, and
/// after it stopped waiting).
@Suite(.timeLimit(.minutes(2))) struct LedgerHistoryWhileWritingTests {
    @Test(arguments: [DeliveryLedger.Durability.processCrash, .powerLoss])
    func eachRecordAppearsOnceWhileTheWriterWritesIt(_ durability: DeliveryLedger.Durability) async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        var configuration = DeliveryLedger.Configuration()
        configuration.durability = durability
        configuration.maximumRecordsPerMessage = 1_000  // no compaction cuts the history meanwhile
        let ledger = try DeliveryLedger(directory: directory.url, configuration: configuration)
        let message = LedgerFixture.message("m")
        let handedOver = LockedCounter()
        let total = 300

        // While one thread hands records over (each opens the message with its own action), another reads
        let reads = try await OwnThread.run { () throws -> [String] in
            var problems: [String] = []
            let done = DispatchSemaphore(value: 0)
            let app = Thread {  // the app's thread, handing records to the ledger's writer
                for index in 0..<total {
                    ledger.enqueue(.opened(action: "a\(index)"), for: message)
                    handedOver.increment()
                    if index % 7 == 0 { usleep(50) }  // pacing: groups get written while the reads go on
                }
                done.signal()
            }
            app.start()
            while problems.isEmpty {
                let before = handedOver.value
                let actions = ledger.history(of: message.id).compactMap(\.event.action)
                if Set(actions).count != actions.count { problems.append("twice: \(actions.count) records") }
                if actions.count < before { problems.append("missing: \(actions.count) of \(before)") }
                if before == total && ledger.unwrittenCount == 0 { break }
            }
            done.wait()
            return problems
        }

        // Then no read saw a record twice or missed one handed over before it
        #expect(reads == [])
        ledger.waitForWrites()
        #expect(ledger.history(of: message.id).count == total)
    }
}
