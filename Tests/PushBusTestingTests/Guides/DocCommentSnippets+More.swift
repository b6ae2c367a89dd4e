// More doc-comment blocks of Sources/, compiled as in DocCommentSnippets.swift.
import Foundation
import PushBus
import PushBusTesting
import PushBusValidation
import Testing

// The key SharedValueStore's doc comment and ContentExtension.md use.
extension SharedValueKey where Value == Int {
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

// The hub's and the router's blocks: what they call on the app's side (a screen to show, an account to switch to)
// is a stand-in below.
extension DocCommentSnippets {
    struct Session: Sendable { var isLoggedIn: Bool }

    struct Accounts: Sendable {
        func account(for scope: PushScope) -> String? { scope.rawValue }
        func switchTo(_ account: String) {}
    }

    struct LinkRules: Sendable {
        func link(for message: PushMessage) -> PushRouteLink? { nil }
    }

    static func show(order message: PushMessage) {}
    static func show(order id: String?) {}
    static func show(text: String?) {}
    static func show(product id: Int, name: String?, from message: PushMessage?) {}
    static func showDebugMenu() {}
    static func showSettings() {}
    static func showPreference() {}
    static func showNotificationSettings() {}
    static func refresh(for message: PushMessage) async {}

    // PushCancellable
    static func store(center: PushCenter) {
        var subscriptions = Set<PushCancellable>()
        center.subscribe(.tapped) { message in print(message.kind) }.store(in: &subscriptions)
        _ = subscriptions
    }

    // SeenDeliveries
    static func seen(message: PushMessage, clock: ManualClock) {
        var seen = SeenDeliveries(correlationWindow: 30)
        let isNew = seen.record(message.deduplicationKey, at: clock.now)  // false: already seen
        _ = isNew
    }

    // PushValue
    static func value() {
        let payload: PushValue = ["aps": ["alert": "Hi", "badge": 2], "route": "app://product/12345"]
        let badge = payload["aps"]?["badge"]?.intValue  // 2
        _ = badge
    }

    // PushCenter
    static func center(log: @escaping @Sendable (PushMessage, PostReceipt) -> Void) async {
        let subscription = PushCenter.shared.subscribe(.tapped) { message in print(message.kind) }
        let logging = PushCenter.shared.monitor { message, receipt in log(message, receipt) }  // takes nothing
        for await message in PushCenter.shared.messages(.silent) { await refresh(for: message) }
        _ = (subscription, logging)
    }

    // PushFilter
    static func filter(center: PushCenter) {
        let orders = center.subscribe(.tapped && .category("ORDER")) { message in show(order: message) }
        _ = orders
    }

    // PushRouter.setScopeSwitch
    static func scopeSwitch(router: PushRouter, accounts: Accounts) {
        router.setScopeSwitch { scope in
            guard let account = accounts.account(for: scope) else { return false }  // signed out: not opened
            accounts.switchTo(account)
            return true
        }
    }

    // RouteParameterCheck
    static func parameterCheck(router: PushRouter) throws {
        try router.register("app://raw/*text", options: RouteOptions(parameterCheck: .none)) { request in
            show(text: request.parameters["text"])
        }
    }

    // RouteInterceptor
    static func interceptor(router: PushRouter, session: Session) {
        router.addInterceptor(
            RouteInterceptor { request in
                session.isLoggedIn || request.pattern.hasPrefix("myapp://login") ? .allow : .redirect("myapp://login")
            })
    }

    // RouteAccess
    static func access(router: PushRouter) throws {
        // never from a push or URL:
        try router.register("myapp://debug/menu", access: .internal) { _ in showDebugMenu() }
        try router.register("myapp://order/:id", access: .sources([.app, .push])) { request in
            show(order: request.parameters["id"])
        }
    }

    // RouteOptions
    static func routeOptions(router: PushRouter) throws {
        try router.register("myapp://settings", options: RouteOptions(presentation: .present)) { _ in showSettings() }
        let redirect = RouteOptions(redirect: { request in
            request.parameters["some_key"] == "redirect" ? "myapp://new_preference" : nil
        })
        try router.register("myapp://preference", options: redirect) { _ in showPreference() }
    }

    // RouteRequest
    static func request(router: PushRouter) throws {
        try router.register("myapp://product/:id(int)") { request in
            let id = request.int("id")!  // path parameter, typed by the pattern
            let name = request.parameters["name"]  // query item or push `parameters`
            let message = request.message  // the notification, for routes opened by a push
            show(product: id, name: name, from: message)
        }
    }

    // PushRouter.NotificationRoutes
    static func notificationRoutes(router: PushRouter, center: PushCenter, entry: InboxEntry, inbox: PushInbox) {
        let subscription = router.attach(to: center)  // taps route by themselves
        router.notifications.route(entry, in: inbox)  // the inbox list's row tap
        print(router.notifications.diagnose())  // readiness, taps taken before attach(to:)
        _ = subscription
    }

    // PushRouter.NotificationRoutes.routeSettingsRequests
    static func settingsRequests(router: PushRouter, settingsChannel: NotificationSettingsChannel) throws {
        try router.register("myapp://settings/notifications") { request in showNotificationSettings() }
        let link = router.notifications.routeSettingsRequests(
            from: settingsChannel, to: "myapp://settings/notifications")
        _ = link
    }

    // PushRouter.NotificationRoutes.route(_:in:)
    static func inboxRoute(
        router: PushRouter, delivery: PushDelivery, rules: LinkRules, entry: InboxEntry, inbox: PushInbox
    ) {
        var subscription: PushCancellable?
        let options = PushRouter.AttachOptions(link: { rules.link(for: $0) ?? .default(in: $0) })
        subscription = router.attach(to: delivery.center, options: options)
        // the inbox list's row tap:
        router.notifications.route(entry, in: inbox)  // the link rules above apply; a second tap routes nothing
        _ = subscription
    }
}

// The delivery's blocks: the app's own server, chat and feed are stand-ins below.
extension DocCommentSnippets {
    struct Feed: Sendable { func refresh() async throws {} }
    struct Chat: Sendable { func send(_ text: String) async throws {} }

    struct AppServer: Sendable {
        func send(_ change: PushTokenRegistry.Change) async throws -> Bool { true }
        func unregister(_ change: PushTokenRegistry.Change) async -> Bool { true }
        func register(_ token: PushToken, environment: String) {}
    }

    static func server(for scope: PushScope) -> AppServer { AppServer() }
    static func showTurnOnNotificationsBanner() {}
    static func showExplanation() {}
    static func log(_ text: String) {}

    // PushDelivery.onBackgroundMessage
    static func backgroundMessages(delivery: PushDelivery, feed: Feed) {
        let subscription = delivery.onBackgroundMessage { message in
            try await feed.refresh()
            return .newData
        }
        _ = subscription
    }

    // PushDelivery.onResponse
    static func responses(delivery: PushDelivery, chat: Chat) {
        let subscription = delivery.onResponse(.category("CHAT")) { message in
            if let text = message.response?.userText { try await chat.send(text) }
        }
        _ = subscription
    }

    // PushDelivery.deliverContentExtensionAnswers, contentExtensionCategories
    static func contentExtension(delivery: PushDelivery, data: Data) throws {
        delivery.deliverContentExtensionAnswers()  // in didFinishLaunching and on willEnterForeground
        delivery.contentExtensionCategories = Set(try ContentExtensionInfo(plist: data).categories)
    }

    // PushDelivery.categories
    static func categories(delivery: PushDelivery) throws {
        delivery.categories = try CategoryRegistry {
            PushCategory("CHAT") { PushAction.textInput("REPLY", title: "Reply", buttonTitle: "Send") }
        }
    }

    // PushDelivery
    static func delivery(feed: Feed) {
        let delivery = PushDelivery.shared(for: .shared)  // what UserNotificationAdapter(center:) uses
        delivery.presentationPolicy = .always([.banner, .sound])
        let sync = delivery.onBackgroundMessage { _ in
            try await feed.refresh()
            return .newData
        }
        _ = sync
    }

    // BadgeController
    static func badge(badge: some BadgeController) async throws {
        try await badge.setBadge(3)
        try await badge.clearBadge()  // Notification Center keeps its list
        try await badge.clearBadgeAndNotifications()  // and empties it
    }

    // LocalTrigger
    static func triggers() {
        let triggers: [LocalTrigger] = [
            .timeInterval(90, repeats: false),  // 90 s after scheduling
            .calendar(DateComponents(hour: 8, minute: 30), repeats: true),  // every day at 08:30
            .calendar(DateComponents(hour: 9, weekday: 2), repeats: true),  // every Monday at 09:00
            .location(
                LocationRegion(identifier: "office", latitude: 52.52, longitude: 13.40, radius: 100), repeats: false),
        ]
        _ = triggers
    }

    // NotificationAuthorizationFlow
    static func authorization(
        authorizer: some NotificationAuthorizer, settingsChannel: NotificationSettingsChannel,
        categories: CategoryRegistry
    ) async {
        let flow = NotificationAuthorizationFlow(authorizer: authorizer, settings: settingsChannel)
        let report = await flow.run(options: [.alert, .sound, .badge, .provisional], categories: categories)
        if report.settings.status == .denied { showTurnOnNotificationsBanner() }
        // the device token (or the failure) arrives as a RegistrationEvent, as before
    }

    // NotificationSettingsChannel
    static func settingsChanges(settings: NotificationSettingsChannel) {
        let subscription = settings.subscribe { change in
            if change.current.status == .denied { showTurnOnNotificationsBanner() }
        }
        _ = subscription
    }

    // NotificationSettingsChannel.init
    static func settingsChannels() {
        let settings = NotificationSettingsChannel()  // no reading yet
        let remembering = NotificationSettingsChannel(store: NotificationSettingsStore())  // remembers across launches
        _ = (settings, remembering)
    }

    // NotificationSettingsStore
    static func settingsStore() {
        let settings = NotificationSettingsChannel(store: NotificationSettingsStore())
        // the first reading of this launch is compared with the one the previous launch saved
        _ = settings
    }

    // NotificationSettingsSnapshot
    static func criticalAlerts(snapshot: NotificationSettingsSnapshot) {
        switch snapshot.criticalAlerts {
        case .entitlementMissing: log("ask Apple for the critical-alerts entitlement")
        case .denied: showExplanation()
        case .enabled, .unavailable, .notRequested: break
        }
    }

    // PushTokenRegistry.attach
    static func attachTokens(appGroupURL: URL, center: PushCenter, server: AppServer) throws {
        var subscription: PushCancellable?
        let tokens = try PushTokenRegistry(directory: appGroupURL)
        subscription = tokens.attach(to: center) { changes in
            Task { for change in changes where try await server.send(change) { try tokens.markReported(change) } }
        }
        _ = subscription
    }

    // PushDelivery.removeScope
    static func removeScope(
        delivery: PushDelivery, inbox: PushInbox, tokens: PushTokenRegistry, scheduler: SimulatedScheduler
    ) async throws {
        let removal = await delivery.removeScope("alice", inbox: inbox, tokens: tokens, scheduler: scheduler)
        for change in removal.tokenRetractions where await server(for: "alice").unregister(change) {
            try tokens.markReported(change)
        }
    }

    // ProvisioningProfile
    static func profile(server: AppServer, token: PushToken) throws {
        if let profile = try ProvisioningProfile.embedded(in: .main) {
            server.register(token, environment: profile.apsEnvironment ?? "production")
        }
    }

    // AppConfiguration
    static func appConfiguration(infoPlistURL: URL, entitlementsURL: URL) throws {
        let configuration = try AppConfiguration(
            infoPlist: Data(contentsOf: infoPlistURL), entitlements: Data(contentsOf: entitlementsURL))
        _ = configuration
    }
}

// The simulated device's blocks, as a test writes them.
extension DocCommentSnippets {
    static func decrypt(_ body: String?) -> String? { body }
    static func snapshot(of notification: DeliveredNotification) -> NotificationSnapshot {
        NotificationSnapshot(requestIdentifier: notification.identifier, content: PushContent())
    }
    static func makeRouter() -> PushRouter { PushRouter(schemes: ["app"]) }
    static func log(_ message: PushMessage) {}

    // SimulatedScheduler
    static func scheduler() throws {
        let clock = ManualClock()
        let scheduler = SimulatedScheduler(clock: clock)
        try scheduler.add(
            LocalNotificationRequest(
                identifier: "tea", content: PushContent(title: "Tea"), trigger: .timeInterval(180, repeats: false)))
        clock.advance(by: 180)
        let delivered = scheduler.deliveredNotifications().map(\.identifier)  // ["tea"]
        _ = delivered
    }

    // SimulatedScheduler.DeliveryHook
    static func deliveryHook(scheduler: SimulatedScheduler, device: SimulatedDevice, adapter: UserNotificationAdapter) {
        scheduler.setDeliveryHook { notification in
            guard device.state == .active else { return .listed }  // background: Notification Center
            adapter.willPresent(snapshot(of: notification)) { options in  // foreground: ask the app
                if options.contains(.list) { scheduler.recordDelivered(notification) }
            }
            return .notListed
        }
    }

    // SimulatedDevice.AppProcess
    static func appProcess() {
        let device = SimulatedDevice(router: makeRouter()) { process in
            process.keep(process.router!.attach(to: process.center))
            process.keep(process.center.subscribe(.tapped) { message in log(message) })
        }
        _ = device
    }

    // SimulatedDevice.SettingsApp
    static func settingsApp(device: SimulatedDevice) {
        device.settings.change { $0.status = .denied }  // "Allow Notifications" off
        device.settings.change { $0.sound = .disabled }
    }

    // SimulatedDevice.ContentExtensionPanel
    static func contentExtensionPanel(device: SimulatedDevice) throws {
        device.contentExtension.install(.init(categories: ["TIMER_REMINDER"]))
        try device.contentExtension.longPress("timer-reminder")
        device.contentExtension.interact(value: "30")
        try device.contentExtension.sharedValues?.set(30, for: .nextReminderSeconds)  // the extension's own code
        try device.contentExtension.answer(
            .init(action: "CONFIRM", disposition: .dismissExtension, values: ["seconds": "30"]))
    }

    // SimulatedDevice, the inbox
    static func inboxDevice(configuration: SimulatedDevice.Configuration) async {
        let device = SimulatedDevice(configuration: configuration)  // with a ledgerDirectory: the app group
        device.installInbox()  // each app process opens one at launch
        device.serviceExtension.install(ServiceExtensionPipeline(steps: [.inbox(device.serviceExtensionInbox!)]))
        device.deliver(remote: ["aps": ["alert": "Shipped", "mutable-content": 1]])
        await device.serviceExtension.settle()
        #expect(device.badgeCount == 1)  // the service extension wrote the unread count
    }

    // SimulatedDevice, Live Activities
    static func liveActivityDevice(device: SimulatedDevice, startPayload: PushValue, updatePayload: PushValue) throws {
        device.liveActivities.observe("DeliveryAttributes")  // the app observes push-to-start tokens
        device.terminate()
        let id = try device.liveActivities.receive(startPayload)  // a push-to-start while the app is killed
        device.launch()  // the app learns the new activity's token
        try device.liveActivities.receive(updatePayload, activity: id)
    }

    // SimulatedDevice, accounts
    static func scopesDevice(device: SimulatedDevice) async throws {
        device.useScopes(["alice", "bob"], reader: .key("account"))
        let push = device.deliver(remote: ["aps": ["alert": "Hi"], "account": "bob", "route": "app://chat/7"])
        try device.tap(push)  // "app switches to account bob", then the route opens
        let removal = await device.signOut("alice")  // entries, notifications, tokens of alice
        _ = removal
    }

    // SimulatedDevice, the service extension
    static func serviceExtensionDevice(device: SimulatedDevice) async {
        device.serviceExtension.install(ServiceExtensionPipeline(steps: [.rewrite { $0.body = decrypt($0.body) }]))
        device.deliver(remote: ["aps": ["alert": "•••", "mutable-content": 1]])
        await device.serviceExtension.settle()  // or device.advanceTime(by: 30) for the expiry path
    }

    // SimulatedDevice, tokens
    static func tokensDevice(device: SimulatedDevice, directory: URL) async {
        device.reportTokens(in: directory)  // the app keeps push-tokens.json there
        await device.registerForNotifications()  // the device token is reported
        device.terminate()
        device.launch()  // registered again: the same token, nothing reported
        #expect(device.tokensReported.count == 1)
    }

    // SimulatedNotificationCenter
    static func notificationCenter(device: SimulatedDevice) {
        device.process.keep(device.delivery.handleRetractions(in: device.notificationCenter))
        device.deliver(remote: ["aps": ["content-available": 1], "pushbus": ["retract": ["fcm:0:1"]]])
    }

    // SimulatedSDK
    static func otherSDK(device: SimulatedDevice, promo: PushCategory) {
        let braze = SimulatedSDK(name: "braze", providers: [.braze], categories: [promo], answers: .twice)
        device.otherSDKs.install(braze)  // what the app does at launch, before PushBus reads the categories
        let push = device.deliver(remote: ["aps": ["alert": "Sale"], "ab": ["c": "1"]])
        #expect(braze.callbacks.map(\.notification) == [push])
    }

    // SimulatedSDKBadge
    static func sdkBadge(device: SimulatedDevice) {
        let jpush = SimulatedSDK(name: "jpush", providers: [.jpush], countsBadge: true)
        device.otherSDKs.install(jpush)
        device.installInbox()
        device.syncInboxBadge(with: SimulatedSDKBadge(device: device, tells: [jpush]))
        // … the inbox has 2 unread: jpush.reportedBadge == 2, and JPush's next push carries aps.badge 3
    }

    // LoopbackHTTPServer
    static func loopback() throws {
        let server = try LoopbackHTTPServer(routes: ["/cat.jpg": .media(.jpeg, length: 40_000)])
        defer { server.stop() }
        let payload: [String: Any] = [
            "aps": ["alert": "Hi", "mutable-content": 1], "image": server.url("/cat.jpg").absoluteString,
        ]
        _ = payload
    }

    // SimulatedDevice.Callback
    static func callbacks(device: SimulatedDevice) {
        #expect(
            device.callbacks.names == [
                .didFinishLaunching, .sceneWillConnect, .didReceiveResponse, .sceneDidBecomeActive,
            ])
    }
}

// The categories', the content extension's, the validator's and the service extension's blocks.
extension DocCommentSnippets {
    struct Translator: Sendable { func translate(_ text: String) async -> String { text } }

    static func reply(with text: String) {}

    // CategoryRegistry.resolve
    static func resolve(registry: CategoryRegistry, message: PushMessage) {
        if let response = message.response,
            let action = registry.resolve(response, categoryIdentifier: message.content.categoryIdentifier),
            action.isTextInput
        {
            reply(with: response.userText ?? "")
        }
    }

    // CategoryRegistry.attachingAction
    static func attachingAction(registry: CategoryRegistry, snapshot: ResponseSnapshot, content: PushContent) {
        let response = registry.attachingAction(
            to: PushResponse(action: .init(identifier: snapshot.actionIdentifier), userText: snapshot.userText),
            categoryIdentifier: content.categoryIdentifier)
        _ = response
    }

    // CategoryRegistry
    static func registry() throws {
        let registry = try CategoryRegistry {
            PushCategory("message") {
                PushAction.textInput("reply", title: "Reply", buttonTitle: "Send")
            }
        }
        let warnings = registry.warnings  // where iOS would truncate silently
        let isTextInput = registry.action("reply", inCategory: "message")?.isTextInput  // true
        _ = (warnings, isTextInput)
    }

    // PushCategory
    static func category() {
        let message = PushCategory("message", options: .customDismissAction) {
            PushAction.textInput("reply", title: "Reply", buttonTitle: "Send")
            PushAction.button("mute", title: "Mute")
        }
        .hiddenPreviewsBodyPlaceholder("New message")
        _ = message
    }

    // PushListBuilder
    static func listBuilder(canDelete: Bool, optionalAction: PushAction?) {
        let message = PushCategory("message") {
            PushAction.textInput("reply", title: "Reply", buttonTitle: "Send")
            if canDelete { PushAction.button("delete", title: "Delete", options: .destructive) }
            for emoji in ["👍", "❤️"] { PushAction.button("react.\(emoji)", title: emoji) }
            optionalAction  // a `PushAction?`: nil adds nothing
        }
        _ = message
    }

    // ContentExtensionInfo
    static func contentExtensionInfo(extensionInfoPlistURL: URL, registry: CategoryRegistry) throws {
        let info = try ContentExtensionInfo(plist: Data(contentsOf: extensionInfoPlistURL))
        for finding in info.check(against: registry) { print(finding) }
    }

    // ContentExtensionSession
    static func contentExtensionSession(snapshot: NotificationSnapshot, ledger: DeliveryLedger) {
        let session = ContentExtensionSession(notification: snapshot, ledger: ledger)
        session.answer(
            ContentExtensionAnswer(action: "CONFIRM", disposition: .dismissExtension, values: ["seconds": "30"]))
    }

    // PayloadReport
    static func payloadReport(bytes: Data) {
        let report = PayloadReport(source: "fcm.json", data: bytes)
        print(report.text)  // diagnostics, then the normalized message
        exit(report.status.rawValue)  // 0 clean, 1 errors, 2 unreadable
    }

    // PushType.apnsTopic
    static func topic() {
        let topic = PushType.liveActivity.apnsTopic(bundleIdentifier: "com.example.shop")
        // "com.example.shop.push-type.liveactivity"
        _ = topic
    }

    // ServiceExtensionStep.custom
    static func customStep(translator: Translator) {
        let translate: ServiceExtensionStep = .custom("translate") { context in
            guard let body = context.content.body else { return .done }
            let translated = await translator.translate(body)
            context.update { $0.body = translated }
            return .done
        }
        _ = translate
    }

    // ServiceExtensionStep.ledgerReceipt
    static func ledgerReceipt(
        appGroupURL: URL, extensionConfiguration: DeliveryLedger.Configuration, policy: AttachmentPolicy
    ) throws {
        let ledger = try DeliveryLedger(directory: appGroupURL, configuration: extensionConfiguration)
        let pipeline = ServiceExtensionPipeline(steps: [
            .rewrite { $0.body = decrypt($0.body) }, .attachments(AttachmentDownloader(policy: policy)),
            .ledgerReceipt(ledger),
        ])
        _ = pipeline
    }

    // ServiceExtensionStep.retract
    static func retract(notificationCenter: SimulatedNotificationCenter, ledger: DeliveryLedger, inbox: PushInbox) {
        let pipeline = ServiceExtensionPipeline(steps: [
            .retract(in: notificationCenter, ledger: ledger, inbox: inbox), .inbox(inbox),
        ])
        _ = pipeline
    }
}

// The adapters' blocks: what the Apple glue calls, with the system's completion handlers as parameters.
extension DocCommentSnippets {
    // AppDelegateAdapter
    static func appDelegateAdapter(
        delivery: PushDelivery, payload: [AnyHashable: Any],
        completionHandler: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) {
        let adapter = AppDelegateAdapter(delivery: delivery)  // or AppDelegateAdapter(center:mode:)
        adapter.didFinishLaunching(launchOptions: [.remoteNotification: payload])
        adapter.didReceiveRemoteNotification(payload, appState: .background) { result in completionHandler(result) }
    }

    // UserNotificationAdapter
    static func userNotificationAdapter(
        delivery: PushDelivery, snapshot: NotificationSnapshot, response: ResponseSnapshot,
        present: @escaping @Sendable (PresentationOptions) -> Void, done: @escaping @Sendable () -> Void
    ) {
        let adapter = UserNotificationAdapter(delivery: delivery)  // or UserNotificationAdapter(center:)
        adapter.willPresent(snapshot) { options in present(options) }  // → .remote / .local
        adapter.didReceive(response, appState: .inactive) { done() }  // → .remoteTapped / .localTapped
    }

    // LegacyLocalNotification
    static func legacyLocal(adapter: AppDelegateAdapter) {
        let reminder = LegacyLocalNotification(alertBody: "Stand up", category: "REMIND", userInfo: ["id": 7])
        adapter.didReceive(reminder, appState: .inactive)  // → .localTapped on iOS < 10
    }
}
