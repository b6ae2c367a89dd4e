// DESIGN.md's "Contract: public names that are fixed", written as code outside the package: tests outside the
// package are written against these names, and only code outside it sees what is `public` (the package's own tests
// also see `package` declarations). Type-checked by .ci/steps/43-example-app.sh; never run.
import Foundation
import PushBusTesting
import PushBusValidation

@MainActor
func designContract(userInfo: [AnyHashable: Any], json: Data, url: URL) async throws {
    // PushBus: values and content
    _ = PushValue(any: ["a": 1, "b": true])
    let content = PushContent(userInfo: userInfo)
    _ = (content.title, content.subtitle, content.body, content.badge, content.sound)
    _ = (content.categoryIdentifier, content.threadIdentifier, content.targetContentIdentifier)
    _ = (content.interruptionLevel, content.relevanceScore, content.isContentAvailable, content.isMutableContent)
    let _: [String: PushValue] = content.customData
    let _: [PayloadIssue] = content.issues
    let _: [PushSound] = [.default, .named("ding.caf"), .critical(name: "alarm.caf", volume: 1)]
    let _: [InterruptionLevel] = [.passive, .active, .timeSensitive, .critical]
    for diagnostic in PayloadValidator.validate(json, pushType: .alert) {
        _ = (diagnostic.severity == .error || diagnostic.severity == .warning, diagnostic.keyPath, diagnostic.message)
    }

    // Messages
    let message = PushMessage(
        kind: .remote, content: content, response: nil, appState: .active, path: .direct, requestIdentifier: "r",
        date: Date())
    let _: [PushMessage.Kind] = [.remote, .local, .remoteTapped, .localTapped]
    let _: PushMessage.ID = message.id
    _ = (message.kind, message.content, message.response, message.isSilent, message.appState, message.path)
    _ = (message.requestIdentifier, message.date, message.deepLink, message.notificationDate)
    _ = (message.provider?.name, message.provider?.messageID)
    let response = PushResponse(action: .custom("reply"), userText: "hi")
    _ = (response.action, response.userText)
    let _: [PushResponse.Action] = [.open, .dismiss, .custom("x")]
    let _: [PushAppState] = [.active, .inactive, .background, .notRunning]

    // The hub
    let center = PushCenter(configuration: .init())
    _ = PushCenter.shared
    let _: PostReceipt = center.post(message)
    let subscription: PushCancellable = center.subscribe(.all, replay: .parked) { _ in }
    subscription.cancel()
    _ = subscription.hashValue
    let _: PushMessages = center.messages(.tapped, replay: .parked)
    let _: [PushFilter] = [.all, .kinds([.remote]), .category("c"), .tapped, .silent, .where { $0.isSilent }]
    _ = center.monitor { _, _ in }

    // Adapters
    let notification = NotificationSnapshot(requestIdentifier: "r", date: Date(), trigger: .push, content: content)
    let tap = ResponseSnapshot(notification: notification, actionIdentifier: "open", userText: nil)
    let adapter = UserNotificationAdapter(center: center)
    adapter.willPresent(notification) { _ in }
    adapter.didReceive(tap, appState: .inactive) {}
    let appDelegate = AppDelegateAdapter(center: center, mode: .userNotifications)
    appDelegate.didFinishLaunching(launchOptions: nil)
    appDelegate.didReceiveRemoteNotification(userInfo, appState: .background)
    appDelegate.didReceiveRemoteNotification(userInfo, appState: .background) { _ in }
    appDelegate.didRegisterForRemoteNotifications(deviceToken: Data([1, 2]))
    _ = AppDelegateAdapter(center: center, mode: .legacy)

    // Categories, local notifications, tokens
    let reply = PushAction.textInput("reply", title: "Reply", options: [], buttonTitle: "Send", placeholder: "")
    let category = PushCategory("chat", options: []) {
        PushAction.button("like", title: "Like", options: [])
        reply
    }
    let registry = try CategoryRegistry([category])
    _ = registry.action("like", inCategory: "chat")
    let trigger = LocalTrigger.timeInterval(60, repeats: false)
    try trigger.validate()
    _ = trigger.nextFireDate(after: Date(), calendar: .current)
    _ = LocalTrigger.calendar(DateComponents(hour: 9), repeats: true)
    func schedulers(_: any NotificationScheduler) {}
    let _: String = PushToken(Data([0xAB])).hexString

    // Round 2 names
    let ledger = DeliveryLedger()
    let durable = try DeliveryLedger(directory: url)
    try durable.refresh()
    let delivery = PushDelivery(center: center, ledger: ledger)
    _ = UserNotificationAdapter(delivery: delivery)
    _ = AppDelegateAdapter(delivery: delivery, mode: .userNotifications)
    let inbox = PushInbox(ledger: ledger)
    _ = inbox.unreadCount
    try inbox.markRead(0)
    func pipelines(_: ServiceExtensionPipeline, _: NotificationSettingsSnapshot) {}

    // PushBusRouting
    let router = PushRouter(schemes: ["app"], host: nil, isReady: false)
    try router.register("app://item/:id", access: .public) { request in
        _ = (request.url, request.pattern, request.parameters, request.source, request.message)
    }
    let _: RouteResult = router.open("app://item/1", source: .app)
    router.setReady(true)
    let _: PushCancellable = router.attach(to: center)
    let _: [RouteSource] = [.app, .push, .urlScheme, .universalLink]
    let _: [RouteAccess] = [.public, .internal, .sources([.app])]

    // PushBusTesting
    let device = SimulatedDevice()
    _ = device.state
    device.launch()
    let identifier = device.deliver(remote: ["aps": ["alert": "Hi"]])
    try device.tap(identifier)
    device.moveToBackground()
    device.bringToForeground()
    device.terminate()
}
