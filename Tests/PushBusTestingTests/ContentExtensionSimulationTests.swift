import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// Shared setup: a device whose app group (ledger directory) the app and its content extension share, each process
/// counting what its subscribers got.
struct ContentExtensionDevice {
    static let category = try! CategoryRegistry([
        PushCategory("TIMER_REMINDER") {
            PushAction.button("SNOOZE", title: "Snooze")
            PushAction.button("OPEN", title: "Open", options: [.foreground])
        }
    ])

    let directory: URL
    let device: SimulatedDevice
    /// The tapped messages each process's subscribers got, by process number.
    let received = LockedMessages()

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cx-sim-\(UUID().uuidString)")
        let received = received
        device = SimulatedDevice(
            configuration: .init(categories: Self.category, ledgerDirectory: directory)
        ) { process in
            let number = process.number
            process.keep(process.center.subscribe(.tapped) { received.append($0, process: number) })
        }
        device.contentExtension.install(.init(categories: ["TIMER_REMINDER"]))
    }

    func fireReminder(after seconds: TimeInterval = 30) throws {
        try device.schedule(
            local: LocalNotificationRequest(
                identifier: "timer-reminder",
                content: PushContent(title: "Time's up", categoryIdentifier: "TIMER_REMINDER"),
                trigger: .timeInterval(seconds, repeats: false)))
        device.advanceTime(by: seconds)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }
}

/// The tapped messages subscribers got, with the process that got each.
final class LockedMessages: Sendable {
    private let state = LockedBox<[(Int, PushMessage)]>([])
    func append(_ message: PushMessage, process: Int) { state.withValue { $0.append((process, message)) } }
    var all: [(process: Int, message: PushMessage)] { state.withValue { $0.map { (process: $0.0, message: $0.1) } } }
}

/// The seed's loop, as `Examples/scenarios/recurring-reminder.json` tells it: three cycles (30, 30, 120 s)
/// confirmed in the extension, the next reminder scheduled by the extension, four reminders fired, the app told
/// of each answer once (the last one at the next launch), the value in the app group.
@Suite(.timeLimit(.minutes(2))) struct RecurringReminderSeedLoopTests {
    @Test(.timeLimit(.minutes(2))) func threeCyclesConfirmedInTheExtensionReachTheAppOnceEach() async throws {
        let file = ScenarioFileTests.directory.appendingPathComponent("recurring-reminder.json")
        let scenario = try SimulationScenario(contentsOf: file)

        let run = try await scenario.run()

        let story = run.device.timeline.map(\.description).joined(separator: "\n")
        #expect(run.failures == [], "\(story)")
        let answers = run.device.messages.filter { $0.path == .contentExtension }
        #expect(answers.map { $0.response?.values["nextReminderSeconds"] } == ["30", "30", "120"])
        #expect(answers.allSatisfy { $0.response?.contentExtensionDisposition == .dismissExtension })
        #expect(run.device.scheduler.firedNotifications().count == 4)
        #expect(story.contains("content extension: schedules the next reminder in 120 s"))
    }

    @Test(.timeLimit(.minutes(2))) func theConfirmedValueIsInTheAppGroupForTheApp() throws {
        // Given a reminder shown by the extension
        let setup = ContentExtensionDevice()
        defer { setup.cleanUp() }
        setup.device.launch()
        setup.device.moveToBackground()
        try setup.fireReminder()
        try setup.device.contentExtension.longPress("timer-reminder")

        // When the user slides to 120 and the extension saves it, then confirms
        setup.device.contentExtension.interact(value: "120")
        let key = SharedValueKey<Int>("nextReminderSeconds")
        try setup.device.contentExtension.sharedValues?.set(120, for: key)
        try setup.device.contentExtension.answer(
            .init(action: "CONFIRM", disposition: .dismissExtension, values: ["nextReminderSeconds": "120"]))

        // Then the app reads the value from its own store, and got the answer once
        let appStore = try SharedValueStore(directory: setup.directory)
        #expect(try appStore.value(for: key) == 120)
        #expect(setup.received.all.map { $0.message.response?.values["nextReminderSeconds"] } == ["120"])
        #expect(setup.device.deliveredNotifications.isEmpty)
    }
}

/// An answer recorded while the app is not running reaches the app's subscribers at the next launch, once: not
/// again after a second relaunch.
struct ContentExtensionAnswerWhileNotRunningTests {
    @Test(.timeLimit(.minutes(2))) func theNextLaunchDeliversItOnceAndTheOneAfterDoesNot() throws {
        // Given a reminder in Notification Center and the app terminated
        let setup = ContentExtensionDevice()
        defer { setup.cleanUp() }
        setup.device.launch()
        try setup.fireReminder()
        setup.device.terminate()

        // When the user answers in the extension, then launches the app twice
        try setup.device.contentExtension.longPress("timer-reminder")
        setup.device.contentExtension.interact(value: "45")
        try setup.device.contentExtension.answer(
            .init(action: "CONFIRM", disposition: .dismissExtension, values: ["seconds": "45"]))
        #expect(setup.received.all.isEmpty)
        setup.device.launch()
        setup.device.terminate()
        setup.device.launch()

        // Then the second process got it once, the third not at all
        let all = setup.received.all
        #expect(all.map(\.process) == [2])
        #expect(all.first?.message.response?.action == .custom("CONFIRM"))
        #expect(all.first?.message.response?.values == ["seconds": "45"])
        #expect(all.first?.message.kind == .localTapped)
        #expect(all.first?.message.content.title == "Time's up")
    }

    @Test(.timeLimit(.minutes(2))) func aSuspendedAppGetsItWhenItComesBack() throws {
        let setup = ContentExtensionDevice()
        defer { setup.cleanUp() }
        setup.device.launch()
        setup.device.moveToBackground()
        setup.device.suspend()
        try setup.fireReminder()
        try setup.device.contentExtension.longPress("timer-reminder")
        try setup.device.contentExtension.answer(.init(action: "CONFIRM", disposition: .dismissExtension))
        #expect(setup.received.all.isEmpty)

        setup.device.bringToForeground()
        setup.device.moveToBackground()
        setup.device.bringToForeground()

        #expect(setup.received.all.count == 1)
    }
}

/// `.dismissAndForwardAction` (and the extension's "open app" control) make iOS call the app's `didReceive` with
/// the same response: the app's subscribers get one message, the extension's answer with its values.
@Suite(.timeLimit(.minutes(2))) struct ContentExtensionForwardedActionTests {
    @Test(.timeLimit(.minutes(2))) func aForwardedBackgroundActionIsOneMessage() async throws {
        let setup = ContentExtensionDevice()
        defer { setup.cleanUp() }
        setup.device.launch()
        setup.device.moveToBackground()
        try setup.fireReminder()
        try setup.device.contentExtension.longPress("timer-reminder")

        try setup.device.contentExtension.answer(
            .init(action: "SNOOZE", disposition: .dismissAndForwardAction, values: ["minutes": "5"]))
        await setup.device.settle()

        let all = setup.received.all.map(\.message)
        #expect(all.count == 1)
        #expect(all.first?.response?.action == .custom("SNOOZE"))
        #expect(all.first?.response?.values == ["minutes": "5"])
        #expect(setup.device.callbacks.map(\.callback).contains(.didReceiveResponse))
        #expect(setup.device.completions.allCalledOnce)
    }

    @Test(.timeLimit(.minutes(2))) func openingTheAppFromTheExtensionColdStartsItWithOneMessage() async throws {
        let setup = ContentExtensionDevice()
        defer { setup.cleanUp() }
        setup.device.launch()
        try setup.fireReminder()
        setup.device.terminate()
        try setup.device.contentExtension.longPress("timer-reminder")

        try setup.device.contentExtension.answer(
            .init(
                action: PushResponse.Action.defaultActionIdentifier, disposition: .performDefaultAction,
                values: ["from": "button"]))
        await setup.device.settle()

        let all = setup.received.all
        #expect(all.count == 1)
        #expect(all.first?.message.response?.action == .open)
        #expect(all.first?.message.response?.values == ["from": "button"])
        #expect(setup.device.state == .active)
        #expect(setup.device.completions.allCalledOnce)
    }

    @Test(.timeLimit(.minutes(2))) func doNotDismissKeepsTheExtensionOpenForTheNextAnswer() throws {
        let setup = ContentExtensionDevice()
        defer { setup.cleanUp() }
        setup.device.launch()
        setup.device.moveToBackground()
        try setup.fireReminder()
        try setup.device.contentExtension.longPress("timer-reminder")

        try setup.device.contentExtension.answer(.init(action: "SNOOZE", disposition: .doNotDismiss))
        #expect(setup.device.contentExtension.session != nil)
        try setup.device.contentExtension.answer(.init(action: "CONFIRM", disposition: .dismiss))

        #expect(setup.device.contentExtension.session == nil)
        #expect(setup.received.all.map { $0.message.response?.action } == [.custom("SNOOZE"), .custom("CONFIRM")])
    }
}

/// On the simulated device, a scheduled reminder whose category neither the app nor its content extension
/// declares is a `category.undeclared` finding; once the extension declares it, it is not.
struct SimulatedCategoryMatchTests {
    @Test func aScheduledCategoryOnlyTheExtensionDeclaresIsFine() throws {
        let device = SimulatedDevice()
        try device.schedule(
            local: LocalNotificationRequest(
                identifier: "r", content: PushContent(title: "Hi", categoryIdentifier: "TIMER_REMINDER"),
                trigger: .timeInterval(30, repeats: false)))
        #expect(device.delivery.deliveryDiagnostics.undeclaredCategories == ["TIMER_REMINDER"])

        device.contentExtension.install(.init(categories: ["TIMER_REMINDER"]))

        #expect(device.delivery.deliveryDiagnostics.undeclaredCategories == [])
    }
}
