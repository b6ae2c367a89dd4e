import Foundation
import PushBusAuthorization
import PushBusCategories
@_spi(PushBusInternals) import PushBusCore
import Testing

/// One call requests authorization, reads settings, registers categories and registers for remote
/// notifications, in that order, and reports each outcome.
@Suite(.timeLimit(.minutes(2))) struct NotificationAuthorizationFlowTests {
    /// A scripted system: records the calls it gets, answers the prompt as `answer` says.
    final class ScriptedSystem: NotificationAuthorizer {
        struct State {
            var calls: [String] = []
            var status: NotificationSettingsSnapshot.AuthorizationStatus = .notDetermined
            var answer: Bool
            var failure: (any Error & Sendable)?
        }
        let state: LockedState<State>

        init(answer: Bool, failure: (any Error & Sendable)? = nil) {
            state = LockedState(State(answer: answer, failure: failure))
        }

        var calls: [String] { state.withLock { $0.calls } }

        func requestAuthorization(options: AuthorizationOptions) async throws -> Bool {
            try state.withLock { state in
                state.calls.append(options.contains(.provisional) ? "request(provisional)" : "request")
                if let failure = state.failure { throw failure }
                if options.contains(.provisional) && state.status == .notDetermined {
                    state.status = .provisional
                    return true
                }
                state.status = state.answer ? .authorized : .denied
                return state.answer
            }
        }

        func notificationSettings() async -> NotificationSettingsSnapshot {
            state.withLock { state in
                state.calls.append("settings")
                let on: NotificationSettingsSnapshot.Setting = state.status.allowsDelivery ? .enabled : .disabled
                return NotificationSettingsSnapshot(status: state.status, alert: on, sound: on, badge: on)
            }
        }

        func setCategories(_ categories: CategoryRegistry) async {
            state.withLock { $0.calls.append("categories(\(categories.categories.count))") }
        }

        func registerForRemoteNotifications() async {
            state.withLock { $0.calls.append("registerRemote") }
        }
    }

    struct Refused: Error {}

    let categories = try! CategoryRegistry([PushCategory("CHAT") { PushAction.button("READ", title: "Read") }])

    @Test func stepsRunInTheOrderIOSWants() async {
        let system = ScriptedSystem(answer: true)
        let report = await NotificationAuthorizationFlow(authorizer: system).run(
            options: .standard, categories: categories)
        #expect(system.calls == ["request", "settings", "categories(1)", "registerRemote"])
        #expect(report.steps == NotificationAuthorizationFlow.Step.allCases)
        #expect(report.isGranted)
        #expect(report.settings.status == .authorized)
        #expect(report.categoryCount == 1)
    }

    @Test func aDeclinedPromptStillRegistersForRemoteNotifications() async {
        let system = ScriptedSystem(answer: false)
        let report = await NotificationAuthorizationFlow(authorizer: system).run(options: .standard)
        #expect(!report.isGranted)
        #expect(report.settings.status == .denied)
        #expect(system.calls.last == "registerRemote")
    }

    @Test func aFailedRequestIsReportedAndTheLaterStepsStillRun() async {
        let system = ScriptedSystem(answer: true, failure: Refused())
        let report = await NotificationAuthorizationFlow(authorizer: system).run(options: .standard)
        #expect(report.authorizationError != nil)
        #expect(system.calls == ["request", "settings", "categories(0)", "registerRemote"])
    }

    @Test func provisionalThenEscalationShowsThePromptOnlyOnEscalation() async {
        let system = ScriptedSystem(answer: true)
        let channel = NotificationSettingsChannel()
        let flow = NotificationAuthorizationFlow(authorizer: system, settings: channel)
        let first = await flow.run(options: [.alert, .sound, .provisional])
        #expect(first.settings.status == .provisional)
        let escalated = await flow.escalate(options: [.alert, .sound, .provisional])
        #expect(escalated.isGranted)
        #expect(escalated.settings.status == .authorized)
        #expect(system.calls.filter { $0.hasPrefix("request") } == ["request(provisional)", "request"])
        #expect(channel.current?.status == .authorized)
    }

    @Test func refreshingUnchangedSettingsPostsNoChange() async {
        let system = ScriptedSystem(answer: true)
        let channel = NotificationSettingsChannel()
        let flow = NotificationAuthorizationFlow(authorizer: system, settings: channel)
        _ = await flow.run(options: .standard)
        let posted = LockedState(0)
        let subscription = channel.subscribe { _ in posted.withLock { $0 += 1 } }  // replay: 1
        await flow.refreshSettings()  // back to the foreground, nothing changed
        #expect(posted.withLock { $0 } == 1)
        system.state.withLock { $0.status = .denied }  // turned off in Settings while away
        await flow.refreshSettings()
        #expect(posted.withLock { $0 } == 2)
        subscription.cancel()
    }
}
