import Dispatch
import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusHub
import PushBusTestSupport
import PushBusTesting
import Testing

/// What a careless app does to the hub (issue 17, "The hub at the edges").
@Suite(.timeLimit(.minutes(2))) struct HubEdgeTests {
    @Test func aSequenceMadeButNeverIteratedBuffersAtMost256AndCountsTheDrops() {
        let center = HubFixtures.center(deduplicationWindow: 0)
        let neverIterated = center.messages()

        for index in 0..<300 { center.post(HubFixtures.message("m\(index)")) }

        #expect(neverIterated.bufferedCount == 256)
        #expect(center.statistics.dropped == 44)
    }

    @Test func recursivePostsTenThousandLevelsDeepDoNotOverflowTheStack() async {
        // Given a handler that posts the next message from inside its own delivery, 10,000 times
        let center = HubFixtures.center(deduplicationWindow: 0)
        let received = Recorder<Int>()
        let receipts = Recorder<PostReceipt>()
        let subscription = center.subscribe { message in
            let level = Int(message.id.rawValue)!
            received.record(level)
            if level < 10_000 { receipts.record(center.post(HubFixtures.message("\(level + 1)"))) }
        }

        // When the first one is posted (on a thread with a small, 512 KB stack, like a secondary thread on iOS)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            center.post(HubFixtures.message("1"))
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()

        // Then every level is delivered once, in order, and the deep ones were queued rather than nested
        #expect(await done.waitOffThePool() == .success)
        #expect(received.values == Array(1...10_000))
        #expect(receipts.values.contains(.queued))
        _ = subscription
    }

    @Test func postsQueuedPastTheNestingBoundKeepThePostersOrder() {
        let center = HubFixtures.center(deduplicationWindow: 0)
        let order = Recorder<String>()
        let subscription = center.subscribe { message in
            let id = message.id.rawValue
            order.record(id)
            guard let depth = Int(id.dropFirst()), id.hasPrefix("d") else { return }
            if depth < 100 {
                center.post(HubFixtures.message("d\(depth + 1)"))
                center.post(HubFixtures.message("x\(depth)"))
            }
        }
        center.post(HubFixtures.message("d1"))

        // Each handler's two posts arrive in the order it made them.
        let values = order.values
        for depth in 1..<100 {
            let next = values.firstIndex(of: "d\(depth + 1)")!
            let sibling = values.firstIndex(of: "x\(depth)")!
            #expect(next < sibling, "d\(depth + 1) before x\(depth)")
        }
        #expect(values.count == 100 + 99)
        _ = subscription
    }

    @Test func aWallClockJumpDoesNotExpireAParkedTap() {
        // Given a tap parked for at most 10 minutes
        let clock = JumpingClock()
        let center = PushCenter(configuration: .init(parkingMaximumAge: 600, clock: clock))
        center.post(HubFixtures.message("tap", kind: .remoteTapped))

        // When the user moves the device's date forward by a day, 5 seconds later
        clock.jumpWallClock(by: 86_400)
        clock.elapse(5)

        // Then the tap still waits for the router
        #expect(center.parkedMessages.map(\.id.rawValue) == ["tap"])
    }

    @Test func aParkedTapExpiresOnTheMonotonicClockEvenIfTheWallClockGoesBack() {
        let clock = JumpingClock()
        let center = PushCenter(configuration: .init(parkingMaximumAge: 600, clock: clock))
        center.post(HubFixtures.message("tap", kind: .remoteTapped))

        clock.jumpWallClock(by: -3_600)
        clock.elapse(601)

        #expect(center.parkedMessages.isEmpty)
        #expect(center.statistics.expired == 1)
    }

    @Test func aWallClockJumpDoesNotMakeAReportOfTheSameTapNew() {
        // Given a tap reported once (a legacy report: no request identifier, no notification date)
        let clock = JumpingClock()
        let center = PushCenter(configuration: .init(deduplicationWindow: 30, clock: clock))
        let tap = PushMessage(
            kind: .remoteTapped, content: PushContent(userInfo: ["aps": ["alert": "Hi"]]),
            response: PushResponse(action: .open))
        center.post(tap)

        // When the user moves the date back an hour and the same tap is reported again 2 s later
        clock.jumpWallClock(by: -3_600)
        clock.elapse(2)

        // Then it is still the same delivery (the window is measured on the monotonic clock)
        #expect(center.post(tap) == .duplicate)
    }

    @Test func aWallClockJumpDoesNotMergeTwoReportsFarApart() {
        let clock = JumpingClock()
        let center = PushCenter(configuration: .init(deduplicationWindow: 30, clock: clock))
        let alert = PushMessage(content: PushContent(userInfo: ["aps": ["alert": "You have a new message"]]))
        center.post(alert)

        // A minute passes while the wall clock is set back by the same minute: the same alert sent again
        clock.elapse(60)
        clock.jumpWallClock(by: -60)

        #expect(center.post(alert) != .duplicate)
    }
}

/// A clock whose wall time and monotonic time move separately, like a device whose user changes the date.
final class JumpingClock: PushClock {
    private let state = LockedState<(wall: Date, uptime: Double)>((Date(timeIntervalSince1970: 1_767_225_600), 1_000))

    var now: Date { state.withLock { $0.wall } }
    var uptime: Double { state.withLock { $0.uptime } }

    func jumpWallClock(by interval: TimeInterval) { state.withLock { $0.wall += interval } }

    func elapse(_ seconds: Double) {
        state.withLock {
            $0.wall += seconds
            $0.uptime += seconds
        }
    }

    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        ScheduledAction()
    }
}
