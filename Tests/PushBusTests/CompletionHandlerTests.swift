import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

struct HandlerFailure: Error {}

/// Every completion handler handed to an adapter runs exactly once, in time.
@Suite(.timeLimit(.minutes(2))) struct CompletionHandlerTests {
    @Test func fetchCompletesOnceWithNoDataWhenNobodyListens() async {
        let fixture = AdapterFixture(subscribe: false)
        let results = Recorder<BackgroundFetchResult>()

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) { results.record($0) }
        await fixture.delivery.waitForHandlers()

        #expect(results.values == [.noData])
        #expect(fixture.center.parkedMessages.count == 1)  // nobody listened: parked for a later subscriber
        #expect(fixture.clock.pendingCount == 0)
    }

    @Test func responseCompletesOnceWithManySubscribers() async {
        let fixture = AdapterFixture(subscribe: false)
        let done = Recorder<Void>()
        let deliveries = Recorder<Int>()
        let subscriptions = (0..<20).map { index in fixture.center.subscribe { _ in deliveries.record(index) } }
        defer { subscriptions.forEach { $0.cancel() } }

        fixture.userNotifications.didReceive(
            ResponseSnapshot(notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "REPLY"),
            appState: .background
        ) { done.record() }
        await fixture.delivery.waitForHandlers()

        #expect(deliveries.count == 20)
        #expect(done.count == 1)
    }

    @Test func willPresentCompletesOnceEvenForADuplicate() {
        let fixture = AdapterFixture()
        let options = Recorder<PresentationOptions>()

        fixture.userNotifications.willPresent(Payloads.snapshot(Payloads.alert)) { options.record($0) }
        fixture.userNotifications.willPresent(Payloads.snapshot(Payloads.alert)) { options.record($0) }

        #expect(fixture.messages.count == 1)
        #expect(options.count == 2)  // one answer per call; the duplicate is still presented
    }

    @Test func fetchWaitsForAsyncHandlersThenCompletesWithTheirResult() async {
        let fixture = AdapterFixture()
        let gate = Gate()
        let results = Recorder<BackgroundFetchResult>()
        let handler = fixture.delivery.onBackgroundMessage { _ in
            await gate.wait()
            return .newData
        }
        defer { handler.cancel() }

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) { results.record($0) }
        #expect(await eventually { gate.hasWaiter })  // the handler is blocked at its gate
        #expect(results.count == 0)  // still waiting for the handler

        gate.open()
        #expect(await eventually { results.count == 1 })
        #expect(results.values == [.newData])
        #expect(fixture.clock.pendingCount == 0)  // the deadline was cancelled
    }

    @Test func aHandlerThatNeverFinishesCannotStopTheFetchCompletion() async {
        // Given a background handler that waits on a gate nobody opens before the deadline.
        let fixture = AdapterFixture()
        let gate = Gate()
        let returned = Recorder<Void>()
        let results = Recorder<BackgroundFetchResult>()
        let handler = fixture.delivery.onBackgroundMessage { _ in
            defer { returned.record() }
            await gate.wait()
            return .newData
        }
        defer { handler.cancel() }

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) { results.record($0) }
        fixture.clock.advance(by: 24.9)
        #expect(await eventually { gate.hasWaiter })  // the handler is blocked at its gate
        #expect(results.count == 0)

        // When the 25 s deadline passes, Then the completion runs once, counting the stuck handler as failed.
        fixture.clock.advance(by: 0.1)
        #expect(results.values == [.failed])

        // And a late finish does not call it again.
        gate.open()
        #expect(await eventually { returned.count == 1 })
        await fixture.delivery.waitForHandlers()
        #expect(results.values == [.failed])
    }

    @Test func aResponseHandlerThatNeverFinishesCannotStopTheResponseCompletion() async {
        let fixture = AdapterFixture()
        let gate = Gate()
        let done = Recorder<Void>()
        let handler = fixture.delivery.onResponse { _ in await gate.wait() }
        defer { handler.cancel() }
        defer { gate.open() }

        fixture.userNotifications.didReceive(
            ResponseSnapshot(notification: Payloads.snapshot(Payloads.alert), actionIdentifier: "OPEN"),
            appState: .inactive
        ) { done.record() }
        fixture.clock.advance(by: 4)
        #expect(await eventually { gate.hasWaiter })  // the handler is blocked at its gate
        #expect(done.count == 0)

        fixture.clock.advance(by: 1)
        #expect(done.count == 1)
    }

    @Test func deadlinesAreConfigurable() async {
        let fixture = AdapterFixture()
        fixture.delivery.backgroundDeadline = 10
        let gate = Gate()
        let results = Recorder<BackgroundFetchResult>()
        let handler = fixture.delivery.onBackgroundMessage { _ in
            await gate.wait()
            return .noData
        }
        defer { handler.cancel() }
        defer { gate.open() }

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) { results.record($0) }
        fixture.clock.advance(by: 10)

        #expect(fixture.delivery.backgroundDeadline == 10)
        #expect(fixture.delivery.responseDeadline == 5)
        #expect(results.values == [.failed])
    }

    @Test func aThrowingBackgroundHandlerCountsAsFailed() async {
        let fixture = AdapterFixture()
        let results = Recorder<BackgroundFetchResult>()
        let handler = fixture.delivery.onBackgroundMessage { _ in throw HandlerFailure() }
        defer { handler.cancel() }

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) { results.record($0) }

        #expect(await eventually { results.count == 1 })
        await fixture.delivery.waitForHandlers()
        #expect(results.values == [.failed])
    }

    @Test func aThrowingResponseHandlerStillCompletes() async {
        let fixture = AdapterFixture()
        let done = Recorder<Void>()
        let handler = fixture.delivery.onResponse { _ in throw HandlerFailure() }
        defer { handler.cancel() }

        fixture.appDelegate.handleAction(withIdentifier: "ARCHIVE", forRemoteNotification: Payloads.alert) {
            done.record()
        }

        #expect(await eventually { done.count == 1 })
        await fixture.delivery.waitForHandlers()
        #expect(done.count == 1)
    }

    @Test func responseCompletionWaitsForTheResponseHandler() async {
        let fixture = AdapterFixture()
        let gate = Gate()
        let done = Recorder<Void>()
        let seen = Recorder<PushResponse.Action?>()
        let handler = fixture.delivery.onResponse { message in
            seen.record(message.response?.action)
            await gate.wait()
        }
        defer { handler.cancel() }

        fixture.userNotifications.didReceive(
            ResponseSnapshot(notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "LIKE"),
            appState: .background
        ) { done.record() }
        #expect(await eventually { seen.count == 1 })
        #expect(await eventually { gate.hasWaiter })  // the handler is blocked at its gate
        #expect(done.count == 0)

        gate.open()
        #expect(await eventually { done.count == 1 })
        #expect(seen.values == [.custom("LIKE")])
    }

    @Test func aDuplicateResponseCompletesAtOnceWithoutRunningHandlersAgain() async {
        let fixture = AdapterFixture()
        let runs = Recorder<Void>()
        let done = Recorder<Void>()
        let handler = fixture.delivery.onResponse { _ in runs.record() }
        defer { handler.cancel() }
        let response = ResponseSnapshot(notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "LIKE")

        fixture.userNotifications.didReceive(response, appState: .background) { done.record() }
        #expect(await eventually { done.count == 1 })
        fixture.userNotifications.didReceive(response, appState: .background) { done.record() }

        #expect(done.count == 2)
        await fixture.delivery.waitForHandlers()
        #expect(runs.count == 1)
    }

    @Test func unregisteredHandlersNoLongerRun() async {
        let fixture = AdapterFixture()
        let runs = Recorder<Void>()
        let results = Recorder<BackgroundFetchResult>()
        let handler = fixture.delivery.onBackgroundMessage { _ in
            runs.record()
            return .newData
        }
        handler.cancel()

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) { results.record($0) }
        await fixture.delivery.waitForHandlers()

        #expect(results.values == [.noData])
        #expect(runs.count == 0)
    }

    @Test func handlerFiltersSelectWhichHandlersAreAwaited() async {
        let fixture = AdapterFixture()
        let results = Recorder<BackgroundFetchResult>()
        let chat = fixture.delivery.onBackgroundMessage(.category("CHAT")) { _ in .failed }
        let all = fixture.delivery.onBackgroundMessage { _ in .noData }
        defer { chat.cancel(); all.cancel() }

        fixture.appDelegate.didReceiveRemoteNotification(Payloads.silent, appState: .background) { results.record($0) }

        #expect(await eventually { results.count == 1 })
        #expect(results.values == [.noData])
    }

    @Test func theSystemHandlerRunsOnceWhenFinishedFromManyThreads() async {
        let calls = Recorder<Int>()
        let once = OnceCompletion<Int> { calls.record($0) }

        await withTaskGroup(of: Void.self) { group in
            for value in 0..<50 { group.addTask { once.finish(value) } }
        }

        #expect(calls.count == 1)
        #expect(once.isFinished)
    }
}
