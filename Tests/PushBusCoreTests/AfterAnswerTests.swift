import PushBusCore
import PushBusTestSupport
import Testing

/// Work deferred past iOS's answer runs once the callback body returns, in the order it was handed over, with a
/// reserved place keeping its position whatever is deferred between the reservation and the work.
@Suite struct AfterAnswerTests {
    @Test func reservedWorkRunsInItsPlaceAfterTheBody() {
        let order = Recorder<String>()
        AfterAnswer.deferring {
            let record = AfterAnswer.reserve()
            AfterAnswer.run { order.record("route") }  // deferred by a subscriber during the post
            record.fill { order.record("record") }  // known after the post, runs ahead of the route
            order.record("answer")
        }
        #expect(order.values == ["answer", "record", "route"])
    }

    @Test func outsideACallbackWorkRunsAtOnce() {
        let order = Recorder<String>()
        let record = AfterAnswer.reserve()
        AfterAnswer.run { order.record("route") }
        record.fill { order.record("record") }
        #expect(order.values == ["route", "record"])
    }
}
