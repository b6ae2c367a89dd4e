import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusServiceExtension
import PushBusTestSupport
import PushBusTesting
import Testing

/// The pipeline's paths: steps finished, deadline, timeWillExpire, not mine, filter, badge, receipt.
@Suite(.timeLimit(.minutes(2))) struct ServiceExtensionPipelineTests {
    private var content: PushContent {
        PushContent(payload: [
            "aps": ["alert": ["title": "Encrypted", "body": "•••"], "sound": "ping.caf", "mutable-content": 1]
        ])
    }

    /// A step that reports it started, then waits until the run ends (its task is cancelled).
    private func hanging(_ started: AsyncStream<Void>.Continuation) -> ServiceExtensionStep {
        .custom("hanging") { _ in
            started.yield()
            try? await Task.sleep(nanoseconds: 3_600_000_000_000)
            return .done
        }
    }

    @Test func finishedStepsCallTheHandlerOnceWithTheirChanges() async throws {
        let clock = ManualClock()
        let box = ResultBox()
        ServiceExtensionPipeline(
            clock: clock, steps: [.rewrite { $0.body = "Hello" }, .rewrite { $0.subtitle = "Ada" }]
        )
        .run(content, requestIdentifier: "r1", contentHandler: box.handler)
        let result = try #require(await box.next())
        #expect(result.ending == .stepsFinished)
        #expect(result.content.body == "Hello")
        #expect(result.content.subtitle == "Ada")
        #expect(result.steps.map(\.status) == [.finished(.done), .finished(.done)])
        clock.advance(by: 60)  // the deadline was cancelled
        #expect(box.callCount == 1)
    }

    @Test func atTheDeadlineTheRewriteIsKeptAndTheRunningStepIsCutOff() async throws {
        let clock = ManualClock()
        let box = ResultBox()
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        ServiceExtensionPipeline(
            deadline: 25, clock: clock,
            steps: [.rewrite { $0.title = "Decrypted" }, hanging(startedContinuation), .rewrite { $0.body = "never" }]
        ).run(content, requestIdentifier: "r1", contentHandler: box.handler)
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()
        clock.advance(by: 24.9)
        #expect(box.callCount == 0)
        clock.advance(by: 0.1)
        let result = try #require(await box.next())
        #expect(result.ending == .deadline)
        #expect(result.content.title == "Decrypted")
        #expect(result.content.body == "•••")
        #expect(result.steps.map(\.status) == [.finished(.done), .cutOff, .skipped])
        #expect(result.endDate.timeIntervalSince(result.startDate) == 25)
    }

    @Test func timeWillExpireDeliversTheBestContentBeforeTheDeadline() async throws {
        let clock = ManualClock()
        let box = ResultBox()
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let run = ServiceExtensionPipeline(
            clock: clock, steps: [.rewrite { $0.title = "Decrypted" }, hanging(startedContinuation)]
        )
        .run(content, requestIdentifier: "r1", contentHandler: box.handler)
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()
        run.timeWillExpire()
        #expect(box.callCount == 1)
        let result = try #require(await box.next())
        #expect(result.ending == .timeWillExpire)
        #expect(result.content.title == "Decrypted")
        clock.advance(by: 30)
        run.timeWillExpire()
        #expect(box.callCount == 1)
    }

    @Test func notMineStopsTheRunAndHandsBackTheOriginalWithoutAReceipt() async throws {
        let receipts = LockedState(0)
        let box = ResultBox()
        ServiceExtensionPipeline(
            clock: ManualClock(),
            steps: [
                .rewrite { $0.title = "changed" }, .claim { $0.customData["pushbus"] != nil },
                .rewrite { $0.body = "x" },
                .receipt { _ in receipts.withLock { $0 += 1 } },
            ]
        ).run(content, requestIdentifier: "r1", contentHandler: box.handler)
        let result = try #require(await box.next())
        #expect(result.disposition == .notMine)
        #expect(result.content.title == "Encrypted")
        #expect(result.steps.map(\.status) == [.finished(.done), .finished(.notMine), .skipped])
        #expect(receipts.withLock { $0 } == 0)
    }

    @Test func filterDropsOnlyWithTheEntitlement() async throws {
        let entitled = ResultBox()
        ServiceExtensionPipeline(clock: ManualClock(), steps: [.filter(hasFilteringEntitlement: true) { _ in true }])
            .run(content, requestIdentifier: "r1", contentHandler: entitled.handler)
        let dropped = try #require(await entitled.next())
        #expect(dropped.disposition == .drop)
        #expect(dropped.ending == .dropped)

        let plain = ResultBox()
        ServiceExtensionPipeline(clock: ManualClock(), steps: [.filter(hasFilteringEntitlement: false) { _ in true }])
            .run(content, requestIdentifier: "r1", contentHandler: plain.handler)
        let quiet = try #require(await plain.next())
        #expect(quiet.disposition == .show)
        #expect(quiet.content.sound == nil)
        #expect(quiet.content.interruptionLevel == .passive)
        #expect(quiet.content.title == "Encrypted")
    }

    @Test func badgeAndReceiptRunBeforeTheHandlerOnTheDeadlinePathToo() async throws {
        let clock = ManualClock()
        let order = LockedState([String]())
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let box = ResultBox()
        ServiceExtensionPipeline(
            clock: clock,
            steps: [
                .badge { _ in 4 },
                hanging(startedContinuation),
                .receipt { receipt in
                    order.withLock { $0.append("receipt badge=\(receipt.content.badge ?? -1) \(receipt.ending)") }
                },
            ]
        ).run(content, requestIdentifier: "r1") { result in
            order.withLock { $0.append("handler") }
            box.handler(result)
        }
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()
        clock.advance(by: 25)
        let result = try #require(await box.next())
        #expect(order.withLock { $0 } == ["receipt badge=4 deadline", "handler"])
        #expect(result.content.badge == 4)
        #expect(result.steps.map(\.name) == ["hanging", "badge", "receipt"])
    }

    @Test func aFinishingStepGetsTheResultAsItStandsBeforeTheHandler() async throws {
        let seen = LockedState([ServiceExtensionResult]())
        let box = ResultBox()
        ServiceExtensionPipeline(
            clock: ManualClock(),
            steps: [
                .badge { _ in 2 },
                .receipt { receipt in seen.withLock { $0.append(receipt) } },
            ]
        ).run(content, requestIdentifier: "apns-1") { box.handler($0) }
        let result = try #require(await box.next())
        let receipt = try #require(seen.withLock { $0.first })
        #expect(receipt.requestIdentifier == "apns-1" && result.requestIdentifier == "apns-1")
        #expect(receipt.content.badge == 2)
        #expect(receipt.steps.map(\.name) == ["badge"])
        #expect(result.steps.map(\.name) == ["badge", "receipt"])
        #expect(receipt.endDate == result.endDate && receipt.ending == result.ending)
    }

    @Test func aFailingReceiptIsReportedAndNeverBlocksTheHandler() async throws {
        struct LedgerFull: Error {}
        let box = ResultBox()
        ServiceExtensionPipeline(
            clock: ManualClock(), steps: [.badgeIncrement(by: 2) { 3 }, .receipt { _ in throw LedgerFull() }]
        ).run(content, requestIdentifier: "r1", contentHandler: box.handler)
        let result = try #require(await box.next())
        #expect(result.content.badge == 5)
        #expect(result.steps.last?.status == .finishingFailed("LedgerFull()"))
    }

    @Test func withoutWorkStepsTheHandlerRunsBeforeRunReturns() {
        let calls = LockedState(0)
        ServiceExtensionPipeline(clock: ManualClock(), steps: [.badge { _ in 1 }])
            .run(content, requestIdentifier: "r1") { _ in calls.withLock { $0 += 1 } }
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func aThrowingRewriteKeepsTheContentAndTheNextStepRuns() async throws {
        struct BadKey: Error {}
        let box = ResultBox()
        ServiceExtensionPipeline(
            clock: ManualClock(), steps: [.rewrite { _ in throw BadKey() }, .rewrite { $0.subtitle = "next" }]
        ).run(content, requestIdentifier: "r1", contentHandler: box.handler)
        let result = try #require(await box.next())
        #expect(result.content.title == "Encrypted")
        #expect(result.content.subtitle == "next")
        #expect(result.steps.first?.status == .finished(.failed("BadKey()")))
    }
}
