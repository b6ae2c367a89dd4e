import PushBus
@_spi(PushBusInternals) import PushBusCore
import PushBusTestSupport
import Testing

/// The test-support waits end at their deadline even when what they wait for ignores cancellation, and return as
/// soon as the event they wait for happens.
@Suite(.timeLimit(.minutes(2))) struct TestDeadlineTests {
    @Test func aWaitThatIgnoresCancellationIsEndedAtTheDeadline() async {
        // Given an await nothing resumes and that does not react to cancellation
        let parked = LockedState<CheckedContinuation<Void, Never>?>(nil)
        // When it is raced against a 50 ms deadline
        await #expect(throws: TestDeadline.Expired.self) {
            try await TestDeadline.race("a continuation nobody resumes", within: 50_000_000) {
                await withCheckedContinuation { continuation in parked.withLock { $0 = continuation } }
            }
        }
        // Then the race ended although the await is still pending (resumed here so nothing leaks)
        await Task.yield()
        parked.withLock { $0 }?.resume()
    }

    @Test func aRecorderWaitReturnsAtTheRecordThatSatisfiesIt() async throws {
        // Given a wait for three values, started before any is recorded
        let recorder = Recorder<Int>()
        let waiting = Task { try await recorder.wait(for: "three values") { $0.count == 3 } }
        // When another task records them
        Task.detached { for value in 1...3 { recorder.record(value) } }
        // Then the wait returns them
        #expect(try await waiting.value == [1, 2, 3])
    }
}
