import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// How several background handlers' results combine into the one the system receives.
@Suite(.timeLimit(.minutes(2))) struct CompletionAggregationTests {
    @Test(arguments: [
        ([] as [BackgroundFetchResult], BackgroundFetchResult.noData),
        ([.noData], .noData),
        ([.newData], .newData),
        ([.failed], .failed),
        ([.noData, .noData], .noData),
        ([.noData, .newData], .newData),
        ([.failed, .newData], .newData),
        ([.newData, .failed, .noData], .newData),
        ([.failed, .noData], .failed),
        ([.noData, .failed, .noData], .failed),
    ])
    func aggregationTable(results: [BackgroundFetchResult], expected: BackgroundFetchResult) {
        #expect(BackgroundFetchResult.aggregate(results) == expected)
    }

    @Test(arguments: [
        ([BackgroundFetchResult.noData, .newData], BackgroundFetchResult.newData),
        ([.noData, .noData], .noData),
        ([.failed, .noData], .failed),
    ])
    func handlersResultsReachTheSystemAggregated(results: [BackgroundFetchResult], expected: BackgroundFetchResult)
        async
    {
        let fixture = AdapterFixture()
        let received = Recorder<BackgroundFetchResult>()
        let handlers = results.map { result in fixture.delivery.onBackgroundMessage { _ in result } }
        defer { handlers.forEach { $0.cancel() } }

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) {
            received.record($0)
        }

        #expect(await eventually { received.count == 1 })
        #expect(received.values == [expected])
    }

    @Test func atTheDeadlineFinishedNewDataStillWins() async {
        // One handler reports new data, another never finishes: at the deadline, `.newData` is reported.
        let fixture = AdapterFixture()
        let gate = Gate()
        let finished = Recorder<Void>()
        let received = Recorder<BackgroundFetchResult>()
        let quick = fixture.delivery.onBackgroundMessage { _ in
            defer { finished.record() }
            return .newData
        }
        let stuck = fixture.delivery.onBackgroundMessage { _ in
            await gate.wait()
            return .noData
        }
        defer { quick.cancel(); stuck.cancel(); gate.open() }

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) {
            received.record($0)
        }
        #expect(await eventually { finished.count == 1 })
        #expect(await eventually { gate.hasWaiter })  // the stuck one is blocked at its gate
        fixture.clock.advance(by: 25)

        #expect(received.values == [.newData])
    }

    @Test func backgroundFetchResultUsesApplesRawValues() {
        #expect(BackgroundFetchResult.newData.rawValue == 0)
        #expect(BackgroundFetchResult.noData.rawValue == 1)
        #expect(BackgroundFetchResult.failed.rawValue == 2)
    }
}
