import Foundation
import PushBus
import PushBusTesting
import Testing

/// The device wraps every completion handler it hands to the adapters and records each call, so a test can
/// prove "exactly once" and see the value; deadlines run on the device's manual clock.
@Suite(.timeLimit(.minutes(2))) struct CompletionRecordingTests {
    @Test func aHandlerThatNeverFinishesIsCompletedAtTheBackgroundDeadlineAsFailed() async {
        let device = SimulatedDevice()
        let work = device.delivery.onBackgroundMessage { _ in
            await Fixtures.hang()
            return .newData
        }
        device.launch()
        device.moveToBackground()

        device.deliver(remote: Fixtures.silentPush)
        #expect(device.completions.pending.count == 1)

        device.advanceTime(by: 24)
        #expect(device.completions.pending.count == 1, "not before the 25 s deadline")
        device.advanceTime(by: 1)
        await device.settle()

        #expect(device.completions.values(of: .didReceiveRemoteNotification) == ["failed"])
        #expect(device.completions.allCalledOnce)
        withExtendedLifetime(work) {}
    }

    @Test func aResponseHandlerThatNeverFinishesIsCompletedAtTheResponseDeadline() async throws {
        let device = SimulatedDevice()
        let handler = device.delivery.onResponse { _ in await Fixtures.hang() }
        device.launch()
        device.moveToBackground()
        let push = device.deliver(remote: Fixtures.productPush)

        try device.tap(push)
        #expect(device.completions.of(.didReceiveResponse).map(\.callCount) == [0])
        device.advanceTime(by: 5)
        await device.settle()

        #expect(device.completions.of(.didReceiveResponse).map(\.callCount) == [1])
        withExtendedLifetime(handler) {}
    }

    @Test func backgroundResultsAggregateAcrossHandlers() async {
        let device = SimulatedDevice()
        let first = device.delivery.onBackgroundMessage { _ in .noData }
        let second = device.delivery.onBackgroundMessage { _ in .newData }
        let third = device.delivery.onBackgroundMessage { _ in throw CancellationError() }
        device.launch()
        device.moveToBackground()

        device.deliver(remote: Fixtures.silentPush)
        await device.settle()

        #expect(device.completions.values(of: .didReceiveRemoteNotification) == ["newData"])
        withExtendedLifetime((first, second, third)) {}
    }

    @Test func everyCallbackWithAHandlerIsRecordedWithItsNotification() async throws {
        let device = SimulatedDevice(configuration: .init(categories: Fixtures.chatCategory))
        device.launch()

        let push = device.deliver(remote: Fixtures.chatPush)
        try device.tap(push, action: "LIKE")
        await device.settle()

        #expect(device.completions.map(\.callback) == [.willPresent, .didReceiveResponse])
        #expect(device.completions.map(\.notification) == [push, push])
        #expect(device.completions.calledMoreThanOnce.isEmpty)
    }

    @Test func theTimelineStreamReplaysThenFollowsLiveEvents() async {
        let device = SimulatedDevice()
        device.launch()
        let recorded = device.timeline.count
        var iterator = device.timelineEvents().makeAsyncIterator()

        var replayed: [String] = []
        for _ in 0..<recorded { if let entry = await iterator.next() { replayed.append(entry.description) } }
        device.moveToBackground()
        let live = await iterator.next()

        #expect(replayed == device.timeline.prefix(recorded).map(\.description))
        #expect(live?.description == "→ sceneWillResignActive(_:) (app active)")
    }
}
