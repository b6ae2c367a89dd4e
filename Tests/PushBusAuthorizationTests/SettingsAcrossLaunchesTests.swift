import Foundation
import PushBusAuthorization
import PushBusCategories
@_spi(PushBusInternals) import PushBusCore
import Testing

typealias SettingsSnapshot = NotificationSettingsSnapshot

/// A change made in Settings while the app was not running is posted at the first reading of the next launch;
/// an unchanged reading posts nothing.
@Suite struct SettingsAcrossLaunchesTests {
    func makeStore() -> (NotificationSettingsStore, () -> Void) {
        let suite = "pushbus-tests-\(UUID().uuidString)"
        let defaults = UserDefaults(suiteName: suite)!
        return (NotificationSettingsStore(defaults: defaults), { defaults.removePersistentDomain(forName: suite) })
    }

    @Test func aChangeWhileTheAppWasKilledIsPostedAtTheNextLaunch() {
        let (store, cleanUp) = makeStore()
        defer { cleanUp() }
        // First launch: allowed.
        let first = NotificationSettingsChannel(store: store)
        first.update(SettingsSnapshot(status: .authorized, alert: .enabled))

        // The user turns notifications off while the app is not running; next launch:
        let second = NotificationSettingsChannel(store: store)
        let change = second.update(SettingsSnapshot(status: .denied, alert: .disabled))

        #expect(change?.previous?.status == .authorized)
        #expect(change?.changedFields == [.status, .alert])
    }

    @Test func anUnchangedReadingAtTheNextLaunchPostsNothing() {
        let (store, cleanUp) = makeStore()
        defer { cleanUp() }
        NotificationSettingsChannel(store: store).update(SettingsSnapshot(status: .authorized, alert: .enabled))

        let next = NotificationSettingsChannel(store: store)
        let posted = LockedState(0)
        let subscription = next.subscribe { _ in posted.withLock { $0 += 1 } }
        #expect(next.update(SettingsSnapshot(status: .authorized, alert: .enabled)) == nil)
        #expect(posted.withLock { $0 } == 0)
        withExtendedLifetime(subscription) {}
    }
}

/// "Not requested" is not "denied": iOS reports critical alerts an app never asked for as disabled.
@Suite(.timeLimit(.minutes(2))) struct CriticalAlertRequestTests {
    @Test func disabledCriticalAlertsTheAppNeverAskedForAreNotRequested() async {
        let channel = NotificationSettingsChannel()
        let system = FixedSettingsAuthorizer(SettingsSnapshot(status: .authorized, criticalAlert: .disabled))
        let report = await NotificationAuthorizationFlow(authorizer: system, settings: channel).run(options: .standard)

        #expect(report.settings.criticalAlerts == .notRequested)
        #expect(channel.current?.criticalAlerts == .notRequested)
    }

    @Test func disabledCriticalAlertsAfterAskingAreDenied() async {
        let channel = NotificationSettingsChannel()
        let system = FixedSettingsAuthorizer(SettingsSnapshot(status: .authorized, criticalAlert: .disabled))
        let report = await NotificationAuthorizationFlow(authorizer: system, settings: channel)
            .run(options: [.alert, .criticalAlert])

        #expect(report.settings.criticalAlerts == .denied)
    }
}

/// The escalation's system error is reported, not swallowed.
@Suite(.timeLimit(.minutes(2))) struct EscalationErrorTests {
    struct Unsupported: Error {}

    @Test func aFailedEscalationReportsTheSystemError() async {
        let system = FixedSettingsAuthorizer(SettingsSnapshot(status: .provisional), failure: Unsupported())
        let escalation = await NotificationAuthorizationFlow(authorizer: system).escalate()

        #expect(!escalation.isGranted)
        #expect(escalation.authorizationError?.contains("Unsupported") == true)
        #expect(escalation.settings.status == .provisional)
    }
}

/// The system's "open settings" request waits for the first listener and goes to every later one.
@Suite struct OpenSettingsRequestTests {
    @Test func aRequestBeforeAnyListenerIsHandedToTheFirstOneOnly() {
        let channel = NotificationSettingsChannel()
        #expect(channel.requestOpenSettings(OpenSettingsRequest()) == 0)

        let counts = LockedState((first: 0, second: 0))
        let a = channel.onOpenSettings { _ in counts.withLock { $0.first += 1 } }
        let b = channel.onOpenSettings { _ in counts.withLock { $0.second += 1 } }
        #expect(counts.withLock { $0 } == (1, 0))

        #expect(channel.requestOpenSettings(OpenSettingsRequest()) == 2)
        #expect(counts.withLock { $0 } == (2, 1))
        withExtendedLifetime((a, b)) {}
    }
}

/// An authorizer that always reads `settings` and answers requests with `failure` or a grant.
final class FixedSettingsAuthorizer: NotificationAuthorizer {
    let settings: SettingsSnapshot
    let failure: (any Error & Sendable)?

    init(_ settings: SettingsSnapshot, failure: (any Error & Sendable)? = nil) {
        self.settings = settings
        self.failure = failure
    }

    func requestAuthorization(options: AuthorizationOptions) async throws -> Bool {
        if let failure { throw failure }
        return true
    }

    func notificationSettings() async -> SettingsSnapshot { settings }
    func setCategories(_ categories: CategoryRegistry) async {}
    func registerForRemoteNotifications() async {}
}
