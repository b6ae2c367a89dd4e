// The public protocols an app may implement itself, implemented as code outside the package: each requirement and
// everything an implementation needs to honour it must be `public` (the package's own tests also see `package`
// declarations, so only this file catches one that is not). Type-checked by .ci/steps/43-example-app.sh; never run.
import Dispatch
import Foundation
import PushBus

/// A clock on a queue of the app's own: it must be able to tell that a token was cancelled.
struct QueueClock: PushClock {
    let queue: DispatchQueue

    var now: Date { Date() }

    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let token = ScheduledAction()
        queue.asyncAfter(deadline: .now() + delay) {
            if !token.isCancelled { action() }
        }
        return token
    }
}

/// A scheduler that keeps requests in memory, as a test double of the app's own would.
actor InMemoryScheduler: NotificationScheduler {
    private var pending: [LocalNotificationRequest] = []
    private var delivered: [DeliveredNotification] = []

    func add(_ request: LocalNotificationRequest) async throws {
        try request.validate()
        pending.removeAll { $0.identifier == request.identifier }
        pending.append(request)
    }

    func pendingRequests() async -> [LocalNotificationRequest] { pending }

    func deliveredNotifications() async -> [DeliveredNotification] { delivered }

    func removePendingRequests(withIdentifiers identifiers: [String]) async {
        pending.removeAll { identifiers.contains($0.identifier) }
    }

    func removeAllPendingRequests() async { pending.removeAll() }

    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
        delivered.removeAll { identifiers.contains($0.identifier) }
    }

    func removeAllDeliveredNotifications() async { delivered.removeAll() }
}

/// A badge that only remembers its count.
actor CountingBadge: BadgeController {
    private(set) var count = 0

    func apply(_ change: BadgeChange) async throws {
        try change.validate()
        count = change.count
    }
}

/// An authorizer that grants what it is asked and reports fixed settings.
struct GrantingAuthorizer: NotificationAuthorizer {
    let settings: NotificationSettingsSnapshot

    func requestAuthorization(options: AuthorizationOptions) async throws -> Bool { !options.isEmpty }

    func notificationSettings() async -> NotificationSettingsSnapshot { settings }

    func setCategories(_ categories: CategoryRegistry) async {}

    func registerForRemoteNotifications() async {}
}
