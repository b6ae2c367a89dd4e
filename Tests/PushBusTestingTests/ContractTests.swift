import Foundation
import PushBus
import PushBusRouting
import PushBusTesting
import PushBusValidation
import Testing

/// Compiles against every name and shape DESIGN.md's "Contract" section fixes. If one of these stops
/// compiling, a public promise was broken: change the code, not this file (or record why in the issue notes).
@Suite(.timeLimit(.minutes(1))) struct ContractTests {
    @Test func payloadNamesAndShapes() throws {
        let value: PushValue = [
            "aps": ["alert": ["title": "T", "body": "B"], "badge": 2], "route": "app://product/1",
        ]
        #expect(PushValue(any: ["a": NSNumber(value: true)] as [String: Any]) == ["a": true])
        let content = PushContent(userInfo: value.foundationValue as! [AnyHashable: Any])
        let title: String? = content.title
        let subtitle: String? = content.subtitle
        let body: String? = content.body
        let badge: Int? = content.badge
        let sound: PushSound? = content.sound
        let ids: [String?] = [content.categoryIdentifier, content.threadIdentifier, content.targetContentIdentifier]
        let level: InterruptionLevel? = content.interruptionLevel
        let score: Double? = content.relevanceScore
        let flags: [Bool] = [content.isContentAvailable, content.isMutableContent]
        let custom: [String: PushValue] = content.customData
        let issues: [PayloadIssue] = content.issues
        #expect(title == "T" && body == "B" && badge == 2 && subtitle == nil && sound == nil)
        #expect(ids.count == 3 && level == nil && score == nil && flags == [false, false])
        #expect(custom["route"] == "app://product/1" && issues.isEmpty)
        let sounds: [PushSound] = [.default, .named("a.caf"), .critical(name: "c.caf", volume: 0.5)]
        #expect(sounds.count == 3)
        #expect(InterruptionLevel.timeSensitive.rawValue == "time-sensitive")
        #expect([InterruptionLevel.passive, .active, .critical].count == 3)
        let diagnostics: [PayloadDiagnostic] = PayloadValidator.validate(Data("{}".utf8))
        #expect(!diagnostics.isEmpty)
        _ = PayloadValidator.validate(Data("{}".utf8), pushType: .alert)
        if let first = diagnostics.first {
            _ = first.severity == .error || first.severity == .warning
            _ = first.keyPath
            _ = first.message
        }
    }

    @Test func messageNamesAndShapes() {
        let content = PushContent(userInfo: ["aps": ["alert": "hi"], "gcm.message_id": "1:2"])
        let message = PushMessage(
            kind: .remoteTapped, content: content, response: PushResponse(action: .custom("reply"), userText: "ok"),
            appState: .inactive, path: .direct, requestIdentifier: "r", date: Date())
        let _: PushMessage.ID = message.id
        let kinds: [PushMessage.Kind] = [.remote, .local, .remoteTapped, .localTapped]
        #expect(kinds.contains(message.kind))
        #expect(message.response?.action == .custom("reply") && message.response?.userText == "ok")
        let actions: [PushResponse.Action] = [.open, .dismiss, .custom("x")]
        #expect(actions.count == 3)
        let _: Bool = message.isSilent
        let states: [PushAppState] = [.active, .inactive, .background, .notRunning]
        #expect(states.contains(message.appState))
        let _: DeliveryPath = message.path
        #expect(message.requestIdentifier == "r")
        let _: Date = message.date
        let _: Date? = message.notificationDate
        #expect(message.provider?.name == .fcm && message.provider?.messageID == "1:2")
        let names: [PushProvider.Name] = [.apns, .fcm, .jpush, .oneSignal, .airship, .braze]
        #expect(names.count == 6)
        let _: URL? = message.deepLink
        let defaults = PushMessage(content: content)
        #expect(defaults.kind == .remote && defaults.appState == .active && defaults.path == .direct)
        #expect(PushToken(Data([0xAB, 0x01])).hexString == "ab01")
    }

    @Test func hubNamesAndShapes() async {
        let center = PushCenter(configuration: .init())
        _ = PushCenter.shared
        let box = ContractCounter()
        let subscription: PushCancellable = center.subscribe(.all, replay: .parked) { _ in box.increment() }
        let filters: [PushFilter] = [
            .all, .kinds([.remote]), .category("C"), .tapped, .silent, .where { _ in true }, .provider(.fcm),
            .tapped && .silent, .tapped || .silent,
        ]
        #expect(filters.count == 9)
        let receipt: PostReceipt = center.post(PushMessage(content: PushContent(userInfo: ["aps": ["alert": "a"]])))
        #expect(receipt == .delivered(1))
        #expect(box.value == 1)
        subscription.cancel()
        let _: PushMessages = center.messages(.all, replay: .none)
        _ = center.subscribe { _ in }
        _ = center.messages()
        #expect(Set([subscription]).count == 1)
    }

    @Test func adapterNamesAndShapes() {
        let center = PushCenter()
        let content = PushContent(userInfo: ["aps": ["alert": "a"]])
        let notification = NotificationSnapshot(
            requestIdentifier: "r", date: Date(), trigger: .push, content: content)
        _ = NotificationSnapshot(requestIdentifier: "r", content: content)
        let response = ResponseSnapshot(notification: notification, actionIdentifier: "x", userText: nil)
        _ = ResponseSnapshot(notification: notification, actionIdentifier: "x")
        let un = UserNotificationAdapter(center: center)
        un.willPresent(notification) { (_: PresentationOptions) in }
        un.didReceive(response, appState: .active) {}
        let app = AppDelegateAdapter(center: center, mode: .userNotifications)
        _ = AppDelegateAdapter(center: center)
        _ = AppDelegateAdapter(center: center, mode: .legacy)
        app.didFinishLaunching(launchOptions: nil)
        let key: LaunchOptionKey = .remoteNotification
        _ = [key, LaunchOptionKey.localNotification]
        app.didReceiveRemoteNotification(["aps": ["alert": "b"]], appState: .active)
        app.didReceiveRemoteNotification(["aps": ["alert": "c"]], appState: .background) {
            (_: BackgroundFetchResult) in
        }
        app.didRegisterForRemoteNotifications(deviceToken: Data([1, 2]))
        let triggers: [TriggerKind] = [.push, .timeInterval, .calendar, .location]
        #expect(triggers.count == 4)
    }

    @Test func deliveryNamesAndShapes() {
        // Round 2: PushDelivery(center:ledger:), DeliveryLedger(), the adapters' delivery initializers, and
        // adapters made from one center sharing one delivery.
        let center = PushCenter()
        let delivery: PushDelivery = PushDelivery(center: center, ledger: DeliveryLedger())
        _ = PushDelivery(center: center)
        _ = UserNotificationAdapter(delivery: delivery)
        _ = AppDelegateAdapter(delivery: delivery, mode: .legacy)
        _ = AppDelegateAdapter(delivery: delivery)
        #expect(UserNotificationAdapter(center: center).delivery === AppDelegateAdapter(center: center).delivery)
    }

    @Test func categoryAndLocalNamesAndShapes() throws {
        let reply = PushAction.textInput("reply", title: "Reply", options: [], buttonTitle: "Send", placeholder: "")
        _ = PushAction.textInput("reply2", title: "Reply", buttonTitle: "Send")
        let like = PushAction.button("like", title: "Like", options: [])
        _ = PushAction.button("like2", title: "Like")
        let category = PushCategory("MSG", options: []) {
            reply
            like
        }
        _ = PushCategory("MSG2") { like }
        let registry = try CategoryRegistry([category])
        #expect(registry.action("reply", inCategory: "MSG") == reply)
        let request = LocalNotificationRequest(
            identifier: "id", content: PushContent(title: "T", body: "B"), trigger: .timeInterval(60, repeats: true))
        _ = request
        let trigger = LocalTrigger.calendar(DateComponents(hour: 8), repeats: true)
        try trigger.validate()
        _ = trigger.nextFireDate(after: Date(), calendar: Calendar(identifier: .gregorian))
        _ = LocalTrigger.timeInterval(5, repeats: false)
        func takesScheduler(_ scheduler: any NotificationScheduler) {}
    }

    @Test func routingNamesAndShapes() throws {
        let router = PushRouter(schemes: ["app"], host: nil, isReady: true)
        _ = PushRouter(schemes: ["app"])
        try router.register("app://product/:id", access: .public) { (request: RouteRequest) in
            _ = request.url
            let _: [String: String] = request.parameters
            let _: RouteSource = request.source
            let _: PushMessage? = request.message
        }
        try router.register("product/:id/reviews") { _ in }
        let result: RouteResult = router.open("app://product/1", source: .app)
        _ = result
        router.open("app://product/1")
        router.setReady(false)
        let center = PushCenter()
        let subscription: PushCancellable = router.attach(to: center)
        subscription.cancel()
        let sources: [RouteSource] = [.app, .push, .urlScheme, .universalLink]
        let access: [RouteAccess] = [.public, .internal, .sources(Set(sources))]
        #expect(access.count == 3)
    }

    @Test func testingNamesAndShapes() throws {
        // One name per operation: state, deliver(remote:), tap(…), launch(), terminate(), moveToBackground(),
        // bringToForeground().
        let device = SimulatedDevice(router: PushRouter(schemes: ["app"]))
        let notRunning: SimulatedDevice.LifecycleState = device.state
        #expect(notRunning == .notRunning)
        device.launch()
        #expect(device.state == .active)
        device.moveToBackground()
        #expect(device.state == .background)
        let fromDictionary: String = device.deliver(remote: ["aps": ["alert": "From a dictionary"]])
        let fromValue: String = try device.deliver(remote: ["aps": ["alert": "From a value"]] as PushValue)
        device.bringToForeground()
        #expect(device.state == .active)
        try device.tap(fromDictionary)
        #expect(device.messages.last?.kind == .remoteTapped)
        let listed = device.deliveredNotifications.map(\.identifier)
        #expect(listed == [fromValue])

        // terminate() ends the simulated process: the next launch gets a fresh PushCenter, PushDelivery,
        // adapters and router (not ready); what a real device keeps survives.
        let (center, delivery, adapter, appDelegate) = (
            device.center, device.delivery, device.notificationAdapter, device.appDelegateAdapter
        )
        let (router, authorization, ledger) = (
            try #require(device.router), device.authorization, device.ledgerDirectory
        )
        device.terminate()
        #expect(device.state == .notRunning)
        device.launch()
        #expect(device.center !== center && device.delivery !== delivery)
        #expect(device.notificationAdapter !== adapter && device.appDelegateAdapter !== appDelegate)
        let relaunched = try #require(device.router)
        #expect(relaunched !== router && !relaunched.isReady)
        #expect(device.deliveredNotifications.map(\.identifier) == listed)
        #expect(device.authorization == authorization && device.ledgerDirectory == ledger)
    }

    @Test func testingSubjectsAreGrouped() async throws {
        // Issue 25: the device's operations of one subject live under it, not beside the lifecycle ones.
        let device = SimulatedDevice()
        let settings: SimulatedDevice.SettingsApp = device.settings
        settings.promptAnswer = .dontAllow
        settings.hasCriticalAlertEntitlement = true
        #expect(device.settings.promptAnswer == .dontAllow && device.settings.hasCriticalAlertEntitlement)
        let _: NotificationSettingsSnapshot = settings.current
        #expect(settings.changes.isEmpty && settings.openSettingsRequestCount == 0)
        settings.change { $0.sound = .disabled }
        let activities: SimulatedDevice.LiveActivities = device.liveActivities
        device.launch()
        let id = try activities.start("DeliveryAttributes", contentState: ["eta": 5])
        #expect(activities.all.map(\.identity.id) == [id])
        let _: [LiveActivityEvent] = activities.events
        let _: [LiveActivityReconciliation] = activities.reconciliations
        let panel: SimulatedDevice.ContentExtensionPanel = device.contentExtension
        panel.install(SimulatedDevice.ContentExtension(categories: ["MSG"]))
        #expect(panel.declaration?.categories == ["MSG"] && panel.session == nil && panel.value == nil)
        let runner: SimulatedDevice.ServiceExtensionRunner = device.serviceExtension
        runner.install(nil)
        await runner.settle()
        #expect(runner.results.isEmpty && SimulatedDevice.ServiceExtensionRunner.timeLimit == 30)
        let sdks: SimulatedDevice.OtherSDKs = device.otherSDKs
        sdks.install(SimulatedSDK(name: "Vendor"))
        #expect(sdks.forwardees.map(\.name) == ["Vendor"] && sdks.named("Vendor")?.name == "Vendor")
        #expect(throws: SimulationError.notificationNotDelivered("nope")) { try sdks.forward("nope") }
    }
}

private final class ContractCounter: @unchecked Sendable {
    // Safe: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
