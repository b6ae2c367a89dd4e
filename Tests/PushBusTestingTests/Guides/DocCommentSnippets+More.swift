// More doc-comment blocks of Sources/, compiled as in DocCommentSnippets.swift.
import Foundation
import PushBus
import PushBusTesting

extension SharedValueKey where Value == Int {
    /// The key SharedValueStore's doc comment uses.
    static let nextReminderSeconds = SharedValueKey("nextReminderSeconds")
}

extension DocCommentSnippets {
    final class Label { var text: String? }

    struct RegistryServer {
        func send(_ change: PushTokenRegistry.Change) async throws {}
    }

    // NotificationSnapshot, ResponseSnapshot
    static func snapshots(payload: [AnyHashable: Any]) {
        let snapshot = NotificationSnapshot(requestIdentifier: "A1", content: PushContent(userInfo: payload))
        let reply = ResponseSnapshot(notification: snapshot, actionIdentifier: "REPLY", userText: "On my way")
        _ = reply
    }

    // PushMessage
    static func tappedLinks(center: PushCenter, router: PushRouter) {
        let subscription = center.subscribe(.tapped) { message in
            if let link = message.deepLink { router.open(link.absoluteString, source: .push) }
        }
        _ = subscription
    }

    // PushScope
    static func scope(delivery: PushDelivery, inbox: PushInbox) {
        delivery.scopeReader = .key("account")  // {"aps": …, "account": "alice@example.social"}
        let alice: PushScope = "alice@example.social"
        let unread = inbox.unreadCount(in: alice)  // O(1)
        _ = unread
    }

    // PushScopeReader
    static func scopeReaders(delivery: PushDelivery) {
        delivery.scopeReader = .key("account")  // {"account": "alice"}
        delivery.scopeReader = .path("custom", "a", "account")  // OneSignal's additional data
        delivery.scopeReader = .custom { content in  // the app's own rule
            content.customData["to"]?.stringValue.flatMap { PushScope(rawValue: $0.lowercased()) }
        }
    }

    // ContentExtensionAnswer
    static func answer(ledger: DeliveryLedger, message: PushMessage) throws {
        let answer = ContentExtensionAnswer(
            action: "CONFIRM", disposition: .dismissExtension, values: ["seconds": "120"])
        try ledger.record(answer.event, for: message, role: .contentExtension)
    }

    // SharedValueStore
    static func sharedValues(appGroupURL: URL) throws {
        let store = try SharedValueStore(directory: appGroupURL)
        try store.set(120, for: .nextReminderSeconds)  // in the content extension
        let seconds = try store.value(for: .nextReminderSeconds)  // in the app: 120
        _ = seconds
    }

    // SimulatedBadge
    static func simulatedBadge(scheduler: SimulatedScheduler) async throws {
        let badge = SimulatedBadge(scheduler: scheduler)
        try await badge.setBadge(3)
        try await badge.clearBadge()  // badge.count == 0; scheduler.deliveredNotifications() unchanged
    }

    // PushInbox.Configuration
    static func badgePolicies(configuration: inout PushInbox.Configuration) {
        configuration.badgePolicy = .unreadCount  // every unread entry
        configuration.badgePolicy = .unreadCount(in: ["alice", "bob"])  // the accounts with notifications on
        configuration.badgePolicy = .custom { counts in min(counts.total, 99) }
    }

    // PushInbox
    static func inbox(appGroupURL: URL, center: PushCenter, badgeLabel: Label, entry: InboxEntry) throws {
        let ledger = try DeliveryLedger(directory: appGroupURL)
        let inbox = PushInbox(ledger: ledger)
        let watching = inbox.attach(to: center)  // alerts enter, taps mark read
        let firstPage = inbox.entries(limit: 20)  // newest first
        badgeLabel.text = "\(inbox.unreadCount)"  // O(1)
        try inbox.markRead(entry.id)  // one ledger record, written by the ledger's writer
        _ = (watching, firstPage)
    }

    // DeliveryLedger.events(after:)
    static func events(ledger: DeliveryLedger, analytics: Analytics) async {
        var savedSequence: UInt64 = 0
        for await record in ledger.events(after: savedSequence) {
            analytics.track(record)
            savedSequence = record.sequence
        }
    }

    struct Analytics { func track(_ record: DeliveryRecord) {} }

    // PushTokenRegistry
    static func tokens(appGroupURL: URL, deviceToken: PushToken, server: RegistryServer) async throws {
        let tokens = try PushTokenRegistry(directory: appGroupURL)
        try tokens.update(.device, to: deviceToken.hexString)  // or tokens.attach(to: center), below
        for change in tokens.pendingChanges() {
            try await server.send(change)  // value nil: the token is gone
            try tokens.markReported(change)
        }
    }

    // LocalNotificationSchedule
    static func pills(scheduler: some NotificationScheduler, appGroupURL: URL, doses: [Date]) async throws {
        let schedule = try LocalNotificationSchedule(scheduler: scheduler, directory: appGroupURL)
        for (index, date) in doses.enumerated() {
            try await schedule.add(
                LocalNotificationRequest(
                    identifier: "dose-\(index)", content: PushContent(title: "Take your pill"),
                    trigger: .once(at: date, in: .current)))
        }
        let subscription = schedule.attach(to: PushCenter.shared)  // refills when one is shown or tapped
        _ = subscription
    }

    // RouteResult
    static func handled(router: PushRouter, url: String) -> Bool {
        switch router.open(url, source: .urlScheme) {
        case .opened, .fellBack: return true
        case .deferred: return true  // opens once the app calls setReady(true)
        case .unmatched, .rejected: return false
        }
    }

    // PushRouter.open
    static func opens(router: PushRouter, url: URL, incoming: IncomingURL) {
        router.open("myapp://product/12345")
        router.open("myapp://product/12345", source: .push, context: RouteContext(parameters: ["ref": "mail"]))
        router.open(url.absoluteString, source: .urlScheme)  // a Foundation URL
        router.open(incoming)  // an IncomingURL (PushBusApp.incomingURLs): open(_:context:)
    }

    // PushRouter
    static func router() throws {
        let router = PushRouter(schemes: ["myapp"], isReady: false)
        try router.register("myapp://product/:id(int)") { request in show(product: request.int("id")!) }
        let subscription = router.attach(to: .shared)  // routes tapped notifications, parked ones included
        // first screen's viewDidAppear:
        router.setReady(true)  // deferred routes open now, in order, on this thread
        _ = subscription
    }

    static func show(product: Int) {}

    // PushRouter.registerAction
    static func actions(router: PushRouter, refresh: @escaping @Sendable () -> Void) throws {
        try router.registerAction("myapp://abc_action") { _ in refresh() }
        router.performAction("abc_action")  // or "myapp://abc_action"
    }

    // ServiceExtensionStep.badge, AttachmentLocator
    static func steps(inbox: PushInbox) -> [ServiceExtensionStep] {
        let badge: ServiceExtensionStep =
            .badge { _ in inbox.unreadCount }  // the inbox's unread count (it already counts this message)
        let attachments: ServiceExtensionStep =
            .attachments(locator: AttachmentLocator(additionalKeys: ["data.media.url", "gallery"]))
        return [badge, attachments]
    }
}
