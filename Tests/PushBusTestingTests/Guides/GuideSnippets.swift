// The guides' blocks (Docs/*.md) that need the app's own objects, each compiled here inside a function whose
// parameters stand for those objects: a center, a delivery, a router, an inbox, the app's server. DocsCodeBlockTests
// checks that each block appears here line for line, its imports among this file's. Compiled, not run: the suites
// each guide names run the same calls.
import Foundation
import PushBus
import PushBusTesting
import PushBusValidation
import Testing

enum GuideSnippets {
    struct User { var canDelete: Bool }

    // Accounts.md: where a push says its account
    static func scopeReaders(delivery: PushDelivery) {
        delivery.scopeReader = .key("account")  // {"aps": …, "account": "alice@social.example"}
        delivery.scopeReader = .path("custom", "a", "account")  // a provider's own object (OneSignal's data)
        delivery.scopeReader = .custom { content in  // the app's own rule
            content.customData["to"]?.stringValue.flatMap { PushScope(rawValue: $0.lowercased()) }
        }
    }

    // Accounts.md: the badge and an account's unread count
    static func accountCounts(inbox: PushInbox) {
        let badge = inbox.badge
        let unread = inbox.unreadCount(in: "bob")  // O(1): the account switcher's bubble
        _ = (badge, unread)
    }

    // Authorization.md: settings changes
    static func settingsChanges(showTurnOnNotificationsBanner: @escaping @Sendable () -> Void) {
        let settings = NotificationSettingsChannel()
        let subscription = settings.subscribe { change in
            if change.isStatusChange, change.current.status == .denied { showTurnOnNotificationsBanner() }
            print(change.changedFields)  // [.status], [.sound, .alertStyle], …
        }
        _ = subscription
    }

    // Authorization.md: the flow without the Apple glue
    static func authorizationFlow(
        authorizer: any NotificationAuthorizer, settings: NotificationSettingsChannel, categories: CategoryRegistry
    ) async {
        let flow = NotificationAuthorizationFlow(authorizer: authorizer, settings: settings)
        // categories: a CategoryRegistry
        let report = await flow.run(options: [.alert, .sound, .badge, .provisional], categories: categories)
        // report.steps: requestAuthorization, readSettings, registerCategories, registerForRemoteNotifications
        // the device token or the failure arrives as a RegistrationEvent on the center, as before
        _ = report
    }

    // Categories.md: declaring categories
    static func categories(user: User) throws {
        let registry = try CategoryRegistry {
            PushCategory("message", options: .customDismissAction) {
                PushAction.textInput("reply", title: "Reply", buttonTitle: "Send", placeholder: "Message…")
                PushAction.button("like", title: "Like", icon: .system("hand.thumbsup"))
                if user.canDelete {
                    PushAction.button("delete", title: "Delete", options: [.destructive, .authenticationRequired])
                }
            }
            .hiddenPreviewsBodyPlaceholder("New message")
            .categorySummaryFormat("%u more messages from %@")

            PushCategory("snooze") {
                for minutes in [5, 15, 60] {
                    PushAction.button("snooze.\(minutes)", title: "\(minutes) min")
                }
            }
        }
        _ = registry
    }

    // Categories.md: which action was tapped
    static func tappedAction(center: PushCenter, registry: CategoryRegistry, send: @escaping @Sendable (String) -> Void)
    {
        let subscription = center.subscribe(.tapped) { message in
            guard let action = registry.action(for: message) else { return }  // nil for .open / .dismiss
            if action.isTextInput { send(message.response?.userText ?? "") }
        }
        _ = subscription
    }

    // DeliveryPaths.md: the adapters
    static func adapters() {
        let center = PushCenter()
        let delivery = PushDelivery(center: center)  // or PushDelivery.shared(for: center)
        let notifications = UserNotificationAdapter(delivery: delivery)  // UNUserNotificationCenterDelegate shapes
        let app = AppDelegateAdapter(delivery: delivery)  // UIApplicationDelegate shapes (.userNotifications)
        let legacyApp = AppDelegateAdapter(delivery: delivery, mode: .legacy)  // iOS < 10
        _ = (notifications, app, legacyApp)
    }

    // Links.md: the cold start's tap, and what took it
    static func coldStart(center: PushCenter, track: @escaping @Sendable (PushMessage.ID, PostReceipt) -> Void) {
        let analytics = center.monitor(.tapped) { message, receipt in track(message.id, receipt) }  // takes nothing
        let router = PushRouter(schemes: ["myapp"], isReady: false)
        let routing = router.attach(to: center)  // at launch, before the first callback
        // first screen's viewDidAppear / onAppear:
        router.setReady(true)
        print(router.notifications.diagnose())  // "tap … was taken before attach(to:) by subscribe .all: …"
        _ = (analytics, routing)
    }

    // LocalNotifications.md: one request
    static func request() throws {
        let request = LocalNotificationRequest(
            identifier: "standup",
            content: PushContent(title: "Stand up", categoryIdentifier: "reminder"),
            trigger: .calendar(DateComponents(hour: 9, minute: 30, weekday: 2), repeats: true))  // Mondays 09:30
        try request.validate()
    }

    // LocalNotifications.md: more than 64
    static func doses(scheduler: some NotificationScheduler, appGroup: URL, doses: [Date]) async throws {
        let schedule = try LocalNotificationSchedule(scheduler: scheduler, directory: appGroup)
        try await schedule.add(
            contentsOf: doses.enumerated().map { index, date in
                LocalNotificationRequest(
                    identifier: "dose-\(index)", content: PushContent(title: "Take your pill"),
                    trigger: .once(at: date, in: .current))
            })
    }

    // LocalNotifications.md: the badge
    static func badge(_ badge: any BadgeController) async throws {
        try await badge.setBadge(3)  // show 3 (0 = clear, keeping the list)
        try await badge.clearBadge()  // no badge; Notification Center keeps its notifications
        try await badge.clearBadgeAndNotifications()  // no badge, and the delivered list is emptied
    }

    // Payloads.md: deep-link keys
    static func deepLinkKeys() {
        PushDelivery.shared(for: .shared).deepLinkExtractor =
            DeepLinkExtractor(keys: ["target", "route"], allowsRelativeLinks: false)
    }

    // Preflight.md: the environment the build is signed for
    static func environment() {
        let environment = (try? ProvisioningProfile.embedded(in: .main))?.apsEnvironment ?? "production"
        _ = environment
    }

    // Routing.md: payload rules
    static func payloadRules(router: PushRouter, center: PushCenter) {
        let rules = PayloadRouteRules([
            PayloadRouteRule(when: ["BusinessLine": "1"], open: "app://flight/order/{OrderID}"),
            PayloadRouteRule(when: ["BusinessLine": "6"], open: "app://train/order/{OrderID}"),
        ])
        let subscription = router.attach(
            to: center,
            options: .init(link: { message in
                rules.link(for: message) ?? PushRouteLink.default(in: message)
            }))
        _ = subscription
    }

    // Testing.md: a handler that never returns
    static func deadline(device: SimulatedDevice, neverReturns: @escaping @Sendable () async -> Void) async {
        let work = device.delivery.onBackgroundMessage { _ in
            await neverReturns(); return .newData
        }
        device.deliver(remote: ["aps": ["content-available": 1]])  // app in the background
        #expect(device.completions.pending.count == 1)
        device.advanceTime(by: 25)  // the deadline fires on this thread
        await device.settle()
        #expect(device.completions.values(of: .didReceiveRemoteNotification) == ["failed"])
        _ = work
    }

    // Validation.md: a broadcast
    static func broadcast(payload: Data) {
        let headers = PayloadValidator.BroadcastHeaders(channelID: "dHN1L3Rlc3Q=", priority: 10, expiration: 0)
        let errors = PayloadValidator.validateBroadcast(payload, headers: headers).filter { $0.severity == .error }
        _ = errors
    }
}
