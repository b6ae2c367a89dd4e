// The code blocks of doc comments under Sources/, each compiled here inside a function that supplies what the block
// takes from its context (a center, a router, a ledger). DocCommentCodeBlockTests checks that each block appears
// here line for line; a block that drifts from the API stops compiling here. The functions are compiled, not run:
// the suites named in each type's tests run the same calls.
import Foundation
import PushBus
import PushBusRouting
import PushBusTesting
import PushBusValidation
import Testing

enum DocCommentSnippets {
    // PushAction
    static func actions() {
        let reply = PushAction.textInput("reply", title: "Reply", buttonTitle: "Send", placeholder: "Message…")
        let delete = PushAction.button("delete", title: "Delete", options: [.destructive, .authenticationRequired])
            .icon(.system("trash"))
        _ = (reply, delete)
    }

    // PushCenter.monitor
    static func monitor(center: PushCenter, track: @escaping @Sendable (String, PushMessage.ID) -> Void) {
        let analytics = center.monitor(.tapped) { message, receipt in track("opened", message.id) }
        _ = analytics
    }

    // PushCenter.messages
    static func messages(center: PushCenter) async {
        let tap = await center.messages(.tapped).first { $0.deepLink != nil }
        _ = tap
    }

    // PushCenter.Configuration
    static func configuration() {
        let center = PushCenter(configuration: .init(parkingCapacity: 8, clock: ManualClock()))
        _ = center
    }

    // DeepLinkExtractor
    static func sharedExtractor() {
        PushDelivery.shared(for: .shared).deepLinkExtractor = DeepLinkExtractor(keys: ["target", "route"])
    }

    // PushDelivery.deepLinkExtractor, presentationPolicy
    static func deliverySettings(delivery: PushDelivery) {
        delivery.deepLinkExtractor = DeepLinkExtractor(keys: ["target", "route"])
        delivery.presentationPolicy = .custom { message in
            message.content.categoryIdentifier == "CHAT" ? [.sound] : .all
        }
    }

    // RouteInterceptor.willOpen
    static func willOpen(router: PushRouter) {
        router.addInterceptor(
            .willOpen { attempt in
                attempt.url.contains("blocked.example") ? .reject("blocked host") : .allow
            })
    }

    // PushRouter.events(), observe(_:)
    static func routeEvents(router: PushRouter, log: @escaping @Sendable (RouteError) -> Void) async {
        for await event in router.events() {
            if case .didFail(let failure) = event { log(failure.error) }
        }
        let observation = router.observe { event in
            if case .didFail(let failure) = event { log(failure.error) }
        }
        _ = observation
    }

    // PushRouter.addInterceptor(forRoute:_:)
    static func routeInterceptor(router: PushRouter) throws {
        try router.addInterceptor(
            forRoute: "myapp://user",
            RouteInterceptor { request in
                request["name"] == "google" ? .reject("blocked user") : .allow
            })
    }

    // RouteContext
    static func context(router: PushRouter, message: PushMessage) {
        router.open(
            "myapp://product/12345", source: .push,
            context: RouteContext(message: message, parameters: ["name": "iPhone"]))
    }

    // PayloadRouteRule
    static func payloadRules(router: PushRouter, center: PushCenter) {
        let rules = PayloadRouteRules([
            PayloadRouteRule(when: ["BusinessLine": "1"], open: "app://flight/order/{OrderID}"),
            PayloadRouteRule(when: ["BusinessLine": "6"], open: "app://train/order/{OrderID}"),
            PayloadRouteRule(
                matching: [.value("aps.sound", equals: "chat.caf"), .present("rc")],
                open: "app://chat/{rc.fId}"),
            PayloadRouteRule(matching: [.provider(.rongCloud)], open: "app://chat"),
            .always(open: "app://notices"),  // everything else
        ])
        let subscription = router.attach(
            to: center,
            options: .init(link: { message in
                rules.link(for: message) ?? PushRouteLink.default(in: message)
            }))
        // {"aps": {…}, "BusinessLine": 6, "OrderID": "T2024"} opens app://train/order/T2024
        _ = subscription
    }

    // PushRouter.attach(to:options:)
    static func attach(router: PushRouter, center: PushCenter, delivery: PushDelivery) {
        let subscription = router.attach(to: center)  // taps with a deep link open
        let recorded = router.attach(to: delivery.center, options: .init(ledger: delivery.ledger))  // + `routed`
        _ = (subscription, recorded)
    }

    // SimulatedDevice
    static func simulatedDevice(router: PushRouter) async throws {
        let device = SimulatedDevice(router: router)
        let link = router.attach(to: device.center)  // what the app does at launch
        let push = device.deliver(remote: ["aps": ["alert": "New"], "route": "app://product/12345"])
        try device.tap(push)  // cold start: launch options, scene, didReceive
        router.setReady(true)  // the first screen appeared
        await device.settle()
        #expect(device.routes.opened == ["app://product/12345"])
        #expect(device.completions.allCalledOnce)
        _ = link
    }

    // SimulationScenario
    static func scenario() async throws {
        let file = URL(fileURLWithPath: "Examples/scenarios/cold-start-product-tap.json")
        let run = try await SimulationScenario(contentsOf: file).run()
        #expect(run.failures.isEmpty)
    }

    // PayloadValidator
    static func validate(jsonData: Data, token: String) {
        let diagnostics = PayloadValidator.validate(jsonData, pushType: .alert)
        if diagnostics.contains(where: { $0.severity == .error }) { /* do not send */  }
    }

    static func validateBroadcast(jsonData: Data) {
        let headers = PayloadValidator.BroadcastHeaders(channelID: "dHN1L3Rlc3Q=", priority: 10)
        let diagnostics = PayloadValidator.validateBroadcast(jsonData, headers: headers)
        _ = diagnostics
    }

    static func validateRequest(jsonData: Data, token: String) {
        let headers = PayloadValidator.RequestHeaders(deviceToken: token, pushType: .controls, priority: 5)
        let diagnostics = PayloadValidator.validateRequest(jsonData, headers: headers)
        _ = diagnostics
    }

    // DeliveryEvent, DeliveryLedger, MessageDeliveryState
    static func ledger(appGroupURL: URL, message: PushMessage) throws {
        try ledgerRecord(DeliveryLedger(), message: message)
        let ledger = try DeliveryLedger(directory: appGroupURL)  // or DeliveryLedger() in memory
        try ledger.record(.received, for: message, role: .serviceExtension)
        if ledger.hasRecorded(.opened, messageID: message.id) { return }  // already counted in an earlier launch
        if let state = ledger.state(of: message.id), state.isOpened { /* already counted */  }
    }

    static func ledgerRecord(_ ledger: DeliveryLedger, message: PushMessage) throws {
        try ledger.record(.opened(action: "reply", userText: "On my way"), for: message, role: .app)
    }

    // AttachmentPolicy
    static func attachmentPolicy() {
        var policy = AttachmentPolicy()
        policy.timeout = 15
        policy.allowedInsecureHosts = ["127.0.0.1"]  // tests only: everything else must be HTTPS
        _ = policy
    }

    // LocalNotificationRequest, NotificationScheduler
    static func schedule(scheduler: some NotificationScheduler) async throws {
        let request = LocalNotificationRequest(
            identifier: "reminder",
            content: PushContent(title: "Stand up", categoryIdentifier: "reminder"),
            trigger: .timeInterval(90, repeats: false))
        try await scheduler.add(request)
        await scheduler.removeNotifications(withIdentifiers: ["reminder"], from: .all)
        await scheduler.removeNotifications(withIdentifiers: nil, from: .delivered)  // clear Notification Center
    }

    func remind(in seconds: TimeInterval, scheduler: some NotificationScheduler) async throws {
        try await scheduler.add(
            LocalNotificationRequest(
                identifier: "reminder", content: PushContent(title: "Time's up"),
                trigger: .timeInterval(seconds, repeats: false)))
    }

    // ManualClock
    static func clock() {
        let clock = ManualClock()
        clock.advance(by: 25)  // runs every action that fell due, in due order, on this thread
    }

    /// What the LiveActivityEvent example sends its tokens to.
    struct TokenServer: Sendable {
        func register(startToken: String, for type: String) {}
        func register(channel: String, for activity: String) {}
        func register(updateToken: String, for activity: String) {}
        func retract(_ token: String?, for activity: String) {}
        func send(_ event: LiveActivityEvent) {}
    }

    // LiveActivityEvent, and LiveActivities.md's token events (the same block and its AsyncStream line)
    static func liveActivityEvents(center: PushCenter, server: TokenServer) async {
        let subscription = center.liveActivities.subscribe { event in
            switch event {
            case .pushToStartToken(let token, let type): server.register(startToken: token.hexString, for: type)
            case .started, .scheduled: break
            case .channelSubscription(let channel, let activity): server.register(channel: channel, for: activity.id)
            case .updateToken(let token, let activity): server.register(updateToken: token.hexString, for: activity.id)
            case .ended(let activity, _, let token): server.retract(token?.hexString, for: activity.id)
            }
        }
        for await event in center.liveActivities.events() { server.send(event) }  // the same as an AsyncStream
        _ = subscription
    }
}

// The service extension's doc comments: ServiceExtensionContent's typed values, ServiceExtensionKey, CommunicationMessage,
// AttachmentDownloader.imageData(from:maximumBytes:), ServiceExtensionPipeline, ServiceExtensionStep.rewrite and
// DeliveryLedger.Configuration.keptCustomKeys. ServiceExtensionImageDataTests and ServiceExtensionStepValueTests run them.
extension ServiceExtensionKey where Value == Data {
    static let avatar = ServiceExtensionKey("avatar")
}

func storeAvatar(_ bytes: Data, in context: ServiceExtensionStepContext) {
    context.update { $0[.avatar] = bytes }  // one step stores it
}

func avatar(in content: ServiceExtensionContent) -> Data? {
    content[.avatar]  // a later step reads it
}

extension ServiceExtensionKey where Value == CommunicationMessage.Participant {
    static let sender = ServiceExtensionKey("sender")
}

// IncomingURL(onOpenURL:); IncomingLinkTests runs it
func openFromSwiftUI(router: PushRouter, url: URL) {
    router.open(IncomingURL(onOpenURL: url))  // in SwiftUI's .onOpenURL { url in … }
}

enum DocCommentServiceExtensionSnippets {
    // CommunicationMessage
    static func groupMessage(avatar: Data, groupImage: Data) -> CommunicationMessage {
        CommunicationMessage(
            sender: .init(identifier: "u-42", displayName: "Ada", imageData: avatar),
            recipients: [.init(identifier: "me", displayName: "Me"), .init(identifier: "u-7", displayName: "Grace")],
            conversationIdentifier: "group-9", groupName: "Climbing", groupImageData: groupImage)
    }

    // AttachmentDownloader.imageData(from:maximumBytes:)
    static func avatar(address: String) async -> Data? {
        let avatar = try? await AttachmentDownloader().imageData(from: address, maximumBytes: 1_000_000)
        return avatar
    }

    // DeliveryLedger.Configuration.keptCustomKeys
    static func keptCustomKeys() -> DeliveryLedger.Configuration {
        var configuration = DeliveryLedger.Configuration()
        configuration.keptCustomKeys = ["account", "orderID"]
        return configuration
    }

    struct Crypto: Sendable {
        func open(_ sealed: String?) throws -> String? { sealed }
    }

    struct ReceiptLog: Sendable {
        func record(_ receipt: ServiceExtensionResult) throws {}
    }

    /// What the block reads of `UNNotificationRequest`.
    struct Request {
        struct Content {
            let userInfo: [AnyHashable: Any]
        }
        let identifier: String
        let content: Content
    }

    // ServiceExtensionStep.rewrite(_:_:)
    static func rewrite(crypto: Crypto) -> ServiceExtensionStep {
        let step: ServiceExtensionStep =
            .rewrite { content in content.body = try crypto.open(content.customData["ciphertext"]?.stringValue) }
        return step
    }

    // ServiceExtensionPipeline
    static func pipeline(
        request: Request, inbox: PushInbox,
        ledger: ReceiptLog, decrypt: @escaping @Sendable (String?) throws -> String?,
        contentHandler: @escaping @Sendable (ServiceExtensionContent) -> Void
    ) {
        let pipeline = ServiceExtensionPipeline(steps: [
            .claim { $0.customData["pushbus"] != nil },  // "not mine" for another SDK's pushes
            .rewrite { content in content.body = try decrypt(content.body) },
            .attachments(AttachmentDownloader()),
            .filter(hasFilteringEntitlement: false) { $0.customData["muted"] != nil },
            .badge { _ in inbox.unreadCount + 1 },
            .receipt { receipt in try ledger.record(receipt) },  // written before the handler, never delaying it
        ])
        let run = pipeline.run(PushContent(userInfo: request.content.userInfo), requestIdentifier: request.identifier) {
            result in contentHandler(result.content)  // called exactly once
        }
        // serviceExtensionTimeWillExpire(): run.timeWillExpire()
        _ = run
    }
}
