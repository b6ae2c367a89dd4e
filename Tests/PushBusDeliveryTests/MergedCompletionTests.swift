import Foundation
import PushBusCore
import PushBusDelivery
import PushBusTestSupport
import PushBusTesting
import Testing

/// iOS's completion handler runs exactly once, however the SDKs sharing it answer: twice, never or late.
@Suite(.timeLimit(.minutes(1))) struct MergedCompletionTests {
    let clock = ManualClock()
    let calls = Recorder<PresentationOptions>()

    func makeMerged(answerers: Int) -> MergedCompletion<PresentationOptions> {
        let calls = calls
        let merged = MergedCompletion<PresentationOptions>(
            answerers: answerers, initial: [], merge: { $0.union($1) }, completion: { calls.record($0) })
        merged.startDeadline(1, clock: clock)
        return merged
    }

    @Test func everyAnswerInFinishesAtOnceWithTheUnion() {
        let merged = makeMerged(answerers: 2)
        let first = merged.answerer()
        let second = merged.answerer()

        first([.sound])
        #expect(calls.count == 0)
        second([.banner])

        #expect(calls.values == [[.sound, .banner]])
    }

    @Test func anAnswererCallingTwiceCountsOnceAndIOSHearsOnce() {
        let merged = makeMerged(answerers: 2)
        let twice = merged.answerer()
        let other = merged.answerer()

        twice([.badge])
        twice([.list])  // ignored: the same answerer again
        #expect(calls.count == 0)
        other([])
        clock.advance(by: 5)

        #expect(calls.values == [[.badge]])
    }

    @Test func anAnswererThatNeverAnswersIsWaitedForUntilTheDeadlineOnly() {
        let merged = makeMerged(answerers: 2)
        merged.answerer()([.banner, .list])
        _ = merged.answerer()  // never called

        clock.advance(by: 0.9)
        #expect(calls.count == 0)
        clock.advance(by: 0.1)

        #expect(calls.values == [[.banner, .list]])
    }

    @Test func aLateAnswerAfterTheDeadlineIsIgnored() {
        let merged = makeMerged(answerers: 2)
        merged.answerer()([.sound])
        let late = merged.answerer()

        clock.advance(by: 1)
        late([.banner])

        #expect(calls.values == [[.sound]])
        #expect(merged.isFinished)
    }

    @Test func noAnswerersFinishesAtOnceWithTheInitialValue() {
        _ = makeMerged(answerers: 0)
        #expect(calls.values == [[]])
    }

    @Test func concurrentDoubleAnswersStillFinishOnce() async {
        // Given 8 answerers each calling its closure twice from its own task.
        for _ in 0..<50 {
            let calls = Recorder<PresentationOptions>()
            let merged = MergedCompletion<PresentationOptions>(
                answerers: 8, initial: [], merge: { $0.union($1) }, completion: { calls.record($0) })
            let answerers = (0..<8).map { _ in merged.answerer() }
            await withTaskGroup(of: Void.self) { group in
                for answer in answerers {
                    group.addTask {
                        answer([.sound])
                        answer([.banner])
                    }
                }
            }
            #expect(calls.count == 1)
        }
    }
}
