import Foundation
import PushBusCore
import PushBusTestSupport
import Testing

@testable import PushBusServiceExtension

/// The content handler is called exactly once, whatever order steps, deadline and `timeWillExpire` come in.
@Suite(.timeLimit(.minutes(2))) struct ServiceExtensionExactlyOnceTests {
    private enum Event: CaseIterable {
        case finishStep, commit, beginAttachment, finishAttachment, deadline, timeWillExpire, staleFinish
    }

    /// 10,000 seeded random orders, driven on the pure state machine (no threads, no clock, no sleeping).
    @Test func tenThousandRandomOrdersCallTheHandlerOnceWithTheBestContent() {
        var random = SeededRandom(default: 0x5EED_0012)
        let replay = "\(random)"
        let outcomes: [ServiceExtensionStepOutcome] = [.done, .done, .done, .done, .failed("x"), .notMine, .drop]
        var endings: [ServiceExtensionResult.Ending: Int] = [:]
        for run in 0..<10_000 {
            let stepCount = Int.random(in: 0...5, using: &random)
            var original = ServiceExtensionContent()
            original.title = "original"
            var machine = ServiceExtensionStateMachine(
                content: original, workNames: (0..<stepCount).map { "step\($0)" })
            var deliveries: [ServiceExtensionStateMachine.Delivery] = []
            func take(_ action: ServiceExtensionStateMachine.Action) {
                if case .deliver(let delivery) = action { deliveries.append(delivery) }
            }
            // Model of what the handler must get.
            var finished = 0
            var committedTitle = "original"
            var attached: [String] = []
            var pending: [Int] = []
            var expected: ServiceExtensionResult.Ending?
            let date = Date(timeIntervalSince1970: 0)
            take(machine.start(date: date))
            if stepCount == 0 { expected = .stepsFinished }

            for tick in 0..<Int.random(in: 1...16, using: &random) {
                let event = Event.allCases.randomElement(using: &random)!
                let isOpen = expected == nil
                switch event {
                case .finishStep:
                    guard finished < stepCount else { continue }
                    _ = machine.stepStarting(finished)
                    let outcome = outcomes.randomElement(using: &random)!
                    take(machine.stepFinished(finished, outcome: outcome, date: date))
                    if isOpen {
                        finished += 1
                        switch outcome.code {
                        case .notMine: expected = .notMine
                        case .drop: expected = .dropped
                        default: if finished == stepCount { expected = .stepsFinished }
                        }
                    }
                case .commit:
                    guard let (content, version) = machine.snapshot else {
                        #expect(!isOpen, "run \(run); \(replay)")
                        continue
                    }
                    var changed = content
                    changed.title = "title \(run)-\(tick)"
                    #expect(machine.commit(changed, version: version) == .committed, "run \(run); \(replay)")
                    committedTitle = "title \(run)-\(tick)"
                case .beginAttachment:
                    if let token = machine.beginAttachment(.init(key: "image", address: "a\(tick)")) {
                        pending.append(token)
                    }
                case .finishAttachment:
                    guard let token = pending.popLast() else { continue }
                    let file = URL(fileURLWithPath: "/tmp/\(token).jpg")
                    let report = AttachmentReport(
                        key: "image", address: "a",
                        outcome: .attached(
                            ServiceExtensionAttachment(
                                identifier: "\(token)", fileURL: file, mediaType: .jpeg, sourceURL: file, byteCount: 1))
                    )
                    if machine.finishAttachment(token, report) {
                        attached.append("\(token)")
                    } else {
                        pending.append(token)  // too late: reported unfinished
                    }
                case .deadline:
                    take(machine.expire(.deadline, date: date))
                    if isOpen { expected = .deadline }
                case .timeWillExpire:
                    take(machine.expire(.timeWillExpire, date: date))
                    if isOpen { expected = .timeWillExpire }
                case .staleFinish:
                    guard finished > 0 else { continue }
                    take(machine.stepFinished(finished - 1, outcome: .done, date: date))
                }
            }
            take(machine.expire(.deadline, date: date))  // iOS always ends it eventually
            if expected == nil { expected = .deadline }

            #expect(deliveries.count == 1, "run \(run); \(replay)")
            guard let delivery = deliveries.first else { continue }
            #expect(delivery.ending == expected, "run \(run); \(replay)")
            endings[delivery.ending, default: 0] += 1
            if delivery.ending == .notMine {
                #expect(delivery.content.title == "original", "run \(run); \(replay)")
                #expect(delivery.disposition == .notMine, "run \(run); \(replay)")
            } else {
                #expect(delivery.content.title == committedTitle, "run \(run); \(replay)")
                // Downloaded files are listed in the payload's order, whatever order they finished in.
                #expect(
                    delivery.content.attachments.map(\.identifier) == attached.sorted { Int($0)! < Int($1)! },
                    "run \(run); \(replay)")
            }
            #expect(delivery.steps.count == stepCount, "run \(run); \(replay)")
            #expect(
                delivery.attachments.filter { $0.failure == .unfinished }.count == pending.count,
                "run \(run); \(replay)")
        }
        // Every way of ending was exercised.
        #expect(endings.keys.count == 5, "\(replay)")
    }

    /// The same guarantee through the real run object, with the three sources racing on three threads.
    @Test func racingDeadlineTimeWillExpireAndStepsOnThreadsCallTheHandlerOnce() async throws {
        for _ in 0..<200 {
            let clock = ManualTestClock()
            let calls = Recorder<Void>()
            let gate = Gate()
            let pipeline = ServiceExtensionPipeline(
                deadline: 5, clock: clock,
                steps: [
                    .rewrite { $0.title = "rewritten" },
                    .custom("wait") { _ in
                        await gate.wait()
                        return .done
                    },
                ])
            let run = pipeline.run(PushContent(), requestIdentifier: "r") { _ in calls.record() }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { gate.open() }
                group.addTask { run.timeWillExpire() }
                group.addTask { clock.fire() }
            }
            run.timeWillExpire()
            clock.fire()
            // The source that ended the run may still be calling the handler on its own thread (the step's task,
            // resumed by the gate): wait for that call, then every source has had its turn.
            try await calls.wait(for: "the content handler") { !$0.isEmpty }
            #expect(calls.count == 1)
        }
    }
}
