import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// Exactly-once completion holds when many callbacks race on many threads.
@Suite(.timeLimit(.minutes(2))) struct CompletionConcurrencyTests {
    @Test func manyConcurrentFetchCallbacksEachCompleteOnce() async {
        // Given 200 distinct content-available alerts (plus a re-report of each: an alert is also reported by
        // `willPresent`, so the same callback twice within the window is one delivery) arriving from many tasks.
        let fixture = AdapterFixture()
        let handler = fixture.delivery.onBackgroundMessage { _ in .newData }
        defer { handler.cancel() }
        let results = (0..<200).map { _ in Recorder<BackgroundFetchResult>() }

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                for _ in 0..<2 {
                    group.addTask {
                        let payload: [AnyHashable: Any] = ["aps": ["content-available": 1, "alert": "A"], "n": index]
                        fixture.appDelegate.didReceiveRemoteNotification(payload, appState: .background) {
                            results[index].record($0)
                        }
                    }
                }
            }
        }
        await eventually { results.allSatisfy { $0.count == 2 } }

        // Then every handler ran exactly once; each push was delivered once and yielded new data once.
        #expect(results.allSatisfy { $0.count == 2 })
        #expect(results.allSatisfy { $0.values.sorted { $0.rawValue < $1.rawValue } == [.newData, .noData] })
        #expect(fixture.messages.count == 200)
        fixture.clock.advance(by: 25)
        #expect(results.allSatisfy { $0.count == 2 })
    }

    @Test func concurrentResponsesAndDeadlineFinishEachHandlerOnce() async {
        let fixture = AdapterFixture()
        let gate = Gate()
        let handler = fixture.delivery.onResponse { message in
            if message.content.customData["n"]?.intValue.map({ $0 % 2 == 0 }) == true { await gate.wait() }
        }
        defer { handler.cancel() }
        let done = (0..<100).map { _ in Recorder<Void>() }

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let snapshot = Payloads.snapshot(["aps": ["alert": "Hi"], "n": index], id: "R\(index)")
                    fixture.userNotifications.didReceive(
                        ResponseSnapshot(notification: snapshot, actionIdentifier: "LIKE"), appState: .background
                    ) { done[index].record() }
                }
            }
        }
        await eventually { done.enumerated().allSatisfy { $0.offset % 2 == 0 || $0.element.count == 1 } }
        fixture.clock.advance(by: 5)  // the even ones wait on the gate: the deadline completes them
        gate.open()
        await fixture.delivery.waitForHandlers()

        #expect(done.allSatisfy { $0.count == 1 })
    }
}
