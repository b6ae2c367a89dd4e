import Foundation
import PushBus
import PushBusTesting
import Testing

/// A mutable-content push goes through the app's service extension before iOS shows it, on virtual time.
@Suite(.timeLimit(.minutes(2))) struct ServiceExtensionDeviceTests {
    private let push: [String: Any] = [
        "aps": ["alert": ["title": "New message", "body": "•••"], "mutable-content": 1]
    ]

    private func notes(_ device: SimulatedDevice) -> [String] {
        device.timeline.compactMap { entry in
            if case .note(let text) = entry.event { return text }
            return nil
        }
    }

    @Test func theRewrittenContentIsWhatIOSShows() async {
        let device = SimulatedDevice()
        device.serviceExtension.install(ServiceExtensionPipeline(steps: [.rewrite { $0.body = "See you at 8" }]))
        let id = device.deliver(remote: push)
        await device.serviceExtension.settle()
        #expect(device.deliveredNotifications.map(\.content.body) == ["See you at 8"])
        #expect(device.serviceExtension.results.map(\.ending) == [.stepsFinished])
        let lines = notes(device)
        #expect(lines.contains("[\(id)] the Notification Service Extension starts (mutable-content)"))
        #expect(lines.contains("[\(id)] NSE step rewrite: done at +0.0s"))
        #expect(lines.contains("[\(id)] NSE content handler called after 0.0s (stepsFinished, show)"))
    }

    @Test func iOSsTimeLimitShowsTheBestContentSoFar() async {
        let device = SimulatedDevice()
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        device.serviceExtension.install(
            ServiceExtensionPipeline(
                deadline: 40,  // longer than iOS's 30 s: the expiry path ends it
                steps: [
                    .rewrite { $0.body = "See you at 8" },
                    .custom("slow avatar") { _ in
                        startedContinuation.yield()
                        try? await Task.sleep(nanoseconds: 3_600_000_000_000)
                        return .done
                    },
                ]))
        let id = device.deliver(remote: push)
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()
        device.advanceTime(by: 29)
        #expect(device.deliveredNotifications.isEmpty)  // iOS waits for the extension
        device.advanceTime(by: 1)
        await device.serviceExtension.settle()
        #expect(device.deliveredNotifications.map(\.content.body) == ["See you at 8"])
        let lines = notes(device)
        #expect(lines.contains("[\(id)] iOS calls serviceExtensionTimeWillExpire"))
        #expect(lines.contains("[\(id)] NSE step slow avatar: cut off at +30.0s"))
        #expect(lines.contains("[\(id)] NSE content handler called after 30.0s (timeWillExpire, show)"))
    }

    @Test func thePipelinesOwnDeadlineComesFirstOnTheSameClock() async {
        let device = SimulatedDevice()
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        device.serviceExtension.install(
            ServiceExtensionPipeline(steps: [
                .custom("hang") { _ in
                    startedContinuation.yield()
                    try? await Task.sleep(nanoseconds: 3_600_000_000_000)
                    return .done
                }
            ]))
        device.deliver(remote: push)
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()
        device.advanceTime(by: 25)
        await device.serviceExtension.settle()
        #expect(device.serviceExtension.results.map(\.ending) == [.deadline])
        #expect(device.deliveredNotifications.map(\.content.body) == ["•••"])
    }

    @Test func attachmentOutcomesAreOnTheTimeline() async {
        let device = SimulatedDevice()
        device.serviceExtension.install(ServiceExtensionPipeline(steps: [.attachments()]))
        var payload = push
        payload["image"] = "http://cdn.example/cat.jpg"
        let id = device.deliver(remote: payload)
        await device.serviceExtension.settle()
        #expect(
            notes(device).contains(
                "[\(id)] NSE attachment image: not attached: not HTTPS (allow the host to permit it)"))
        #expect(device.deliveredNotifications.count == 1)
    }

    @Test func aFilteredPushIsNeverShown() async {
        let device = SimulatedDevice()
        device.serviceExtension.install(
            ServiceExtensionPipeline(steps: [.filter(hasFilteringEntitlement: true) { _ in true }]))
        device.deliver(remote: push)
        await device.serviceExtension.settle()
        #expect(device.deliveredNotifications.isEmpty)
    }

    @Test func withoutMutableContentTheExtensionDoesNotRun() async {
        let device = SimulatedDevice()
        device.serviceExtension.install(ServiceExtensionPipeline(steps: [.rewrite { $0.body = "changed" }]))
        device.deliver(remote: ["aps": ["alert": ["body": "plain"]]])
        await device.serviceExtension.settle()
        #expect(device.deliveredNotifications.map(\.content.body) == ["plain"])
        #expect(device.serviceExtension.results.isEmpty)
    }
}
