import Dispatch
import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusTestSupport
import Testing

@testable import PushBusStorage

/// A refresh returns with every record another process appended before it was called, even while this process's
/// writer holds the file: the writer caught up when it took the file, and another process may append after that
/// while the writer is still flushing. A refresh that returned at once then ("the writer catches up as it writes")
/// missed the record: a content extension's second answer was never delivered, about once in ten loaded runs.
@Suite(.timeLimit(.minutes(2))) struct LedgerRefreshWhileWritingTests {
    @Test func aRefreshWhileTheFileIsHeldSeesWhatAnotherProcessAppendedMeanwhile() async throws {
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let app = try DeliveryLedger(directory: directory.url)
        let otherProcess = try DeliveryLedger(directory: directory.url)
        try app.append(LedgerFixture.record("m0"))

        // Given this process's file held (as the writer holds it while it flushes a group)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        Thread {
            app.file.withLock { _ in
                entered.signal()
                release.wait()  // blocking-ok: a thread of this test's, playing the writer
            }
        }.start()
        #expect(await entered.waitOffThePool() == .success)

        // When another process appends, and this one refreshes while its file is still held (let go 300 ms later)
        try otherProcess.append(LedgerFixture.record("m1"))
        Thread {
            usleep(300_000)  // blocking-ok: a thread of this test's; the refresh starts well before
            release.signal()
        }.start()
        let seen = try await OwnThread.run {
            try app.refresh()
            return app.allRecords.map(\.messageID.rawValue)
        }

        // Then the refresh returned with the other process's record
        #expect(seen.contains("m1"), "\(seen)")
    }
}
