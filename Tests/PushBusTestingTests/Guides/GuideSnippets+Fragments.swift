// More of the guides' blocks (Docs/*.md), compiled as in GuideSnippets.swift: blocks that were fragments until a
// function here supplied the app's objects they name.
import Foundation
import PushBus
import PushBusTesting
import Testing

extension GuideSnippets {
    struct Braze: Sendable { func register(deviceToken: Data) {} }

    static func scheduleReminder(seconds: String?) {}
    static func makeRouter() -> PushRouter { PushRouter(schemes: ["app"]) }
    static func log(_ message: PushMessage, _ receipt: PostReceipt) {}

    // Categories.md: the legacy contexts
    static func minimalActions(reply: PushAction, like: PushAction, delete: PushAction) {
        let message = PushCategory("message") {
            reply; like; delete
        }
        .minimalActions {
            reply; delete
        }
        _ = message
    }

    // Coexistence.md: the device token for every SDK
    static func registrationForOtherSDKs(center: PushCenter, braze: Braze) {
        let brazeTokens = center.subscribeRegistration { event in
            if case .registered(let token) = event { braze.register(deviceToken: token.data) }
        }
        _ = brazeTokens
    }

    // Coexistence.md: in tests
    static func otherSDKInTests(device: SimulatedDevice) {
        let braze = SimulatedSDK(name: "braze", providers: [.braze], answers: .twice)
        device.otherSDKs.install(braze)
        let sale = device.deliver(remote: ["aps": ["alert": "Sale"], "ab": ["c": "campaign-1"]])
        #expect(braze.callbacks.map(\.notification) == [sale])
        #expect(device.completions.allCalledOnce)
    }

    // ContentExtension.md: the answer in the app
    static func contentExtensionAnswers(delivery: PushDelivery, center: PushCenter) {
        delivery.deliverContentExtensionAnswers()  // also done by applicationDidBecomeActive() and the refresher
        let answers = center.subscribe(.category("TIMER_REMINDER") && .tapped) { message in
            scheduleReminder(seconds: message.response?.values["seconds"])
        }
        _ = answers
    }

    // Testing.md: the device
    static func deviceConfiguration(myCategoryRegistry: CategoryRegistry, router: PushRouter) {
        let device = SimulatedDevice(
            configuration: .init(
                generation: .scenes,  // .legacy (iOS 9), .notificationCenter (iOS 10–12), .scenes (13+)
                authorization: .authorized,  // .notDetermined, .denied, .provisional
                capabilities: [.remoteNotificationsBackgroundMode],
                categories: myCategoryRegistry),  // action buttons, text input, customDismissAction
            clock: ManualClock(),  // shared by the hub, completion deadlines and the scheduler
            center: nil,  // default: a new PushCenter on that clock
            router: router)  // optional: its events are recorded
        _ = device
    }

    // Testing.md: a process that really ends
    static func processThatEnds(productPush: [String: Any]) throws {
        let device = SimulatedDevice(router: makeRouter()) { process in
            process.keep(process.router!.attach(to: process.center))  // attach at launch, before any callback
            process.keep(process.center.monitor { message, receipt in log(message, receipt) })
        }
        device.launch()
        device.router?.setReady(true)
        let push = device.deliver(remote: productPush)
        device.terminate()  // process 1 ends: its hub, subscriptions and router are gone
        try device.tap(push)  // a real cold start: deferred, the new router is not ready
        device.router?.setReady(true)  // opened once
    }
}

// Routing.md: the app's navigation layer, on the main actor.
@MainActor
enum Navigator {
    enum Screen { case product(Int), debugMenu }

    static func show(_ screen: Screen, style: RoutePresentation) {}
}

extension GuideSnippets {
    // Routing.md: the router in one block
    static func routerInOneBlock() throws {
        let router = PushRouter(schemes: ["myapp"], isReady: false)  // cold start: not ready yet
        try router.register("myapp://product/:id(int)") { request in
            let id = request.int("id")!, style = request.presentation
            Task { @MainActor in Navigator.show(.product(id), style: style) }  // handlers run off the main actor
        }
        try router.register("myapp://debug/menu", access: .internal) { request in  // never from outside
            Task { @MainActor in Navigator.show(.debugMenu, style: .present) }
        }
        let subscription = router.attach(to: .shared)  // tapped notifications, parked ones too

        // First screen's viewDidAppear:
        router.setReady(true)  // deferred routes open now, in order
        _ = subscription
    }
}

extension GuideSnippets {
    // LocalNotifications.md: the recurring reminder's category
    static func reminderCategory() throws {
        let categories = [
            PushCategory("TIMER_REMINDER", options: .customDismissAction) {
                PushAction.textInput(
                    "reminder.next", title: "Remind me again", buttonTitle: "Set", placeholder: "Seconds (10–300)")
                PushAction.button("reminder.stop", title: "Stop", options: .destructive)
            }
        ]
        let registry = try CategoryRegistry(categories)  // the Apple glue registers registry.categories
        _ = registry
    }
}

// LiveActivities.md and LiveActivityTokens: the app's server for Live Activity tokens is a stand-in.
extension GuideSnippets {
    struct LiveActivityServer: Sendable {
        func register(_ registrations: [LiveActivityRegistration]) {}
        func retract(_ registrations: [LiveActivityRegistration]) {}
        func send(_ event: LiveActivityEvent) {}
    }

    // LiveActivities.md: the launch reconciliation
    static func reconciliation(ledgerDirectory: URL, server: LiveActivityServer) throws {
        // didFinishLaunching, after starting the observers:
        let store = try LiveActivityTokenStore(directory: ledgerDirectory)
        let changes = try PushCenter.shared.liveActivities.reconcile(with: store)
        server.register(changes.toRegister)  // e.g. the update token of an activity a push started while killed
        server.retract(changes.toRetract)  // tokens of activities that ended meanwhile, rotated-away tokens
    }

    // LiveActivityTokens
    static func liveActivityTokens(center: PushCenter, ledgerDirectory: URL, server: LiveActivityServer) throws {
        // At launch, after starting the Apple glue (LiveActivityObserver):
        let store = try LiveActivityTokenStore(directory: ledgerDirectory)
        let changes = try center.liveActivities.reconcile(with: store)
        server.register(changes.toRegister)
        server.retract(changes.toRetract)
        let subscription = center.liveActivities.subscribe { event in server.send(event) }
        _ = subscription
    }

    // LiveActivities.md: simulation
    static func liveActivitySimulation(startPayload: PushValue, updatePayload: PushValue, endPayload: PushValue) throws
    {
        let device = SimulatedDevice()
        device.launch()
        device.liveActivities.observe("DeliveryAttributes")  // iOS issues a push-to-start token
        device.terminate()
        let id = try device.liveActivities.receive(startPayload)  // push-to-start while the app is killed
        device.launch()  // the app now learns the update token
        try device.liveActivities.receive(updatePayload, activity: id)
        try device.liveActivities.receive(endPayload, activity: id)  // the token is invalid from now on
    }
}

extension GuideSnippets {
    // README.md: the hub without an app
    static func hubWithoutAnApp() {
        // 1. Optional, once at startup: where deep links live in your payloads. This is configuration of the
        //    PushDelivery the adapters of PushCenter.shared share (no global setting).
        let delivery = PushDelivery.shared(for: .shared)
        delivery.deepLinkExtractor = DeepLinkExtractor(keys: ["route", "url"])

        // 2. Observe for logging and analytics: a monitor sees every post and its outcome, and takes nothing.
        let analytics = PushCenter.shared.monitor { message, receipt in
            print("push", message.kind, receipt)  // delivered(1), parked, duplicate, …
        }

        // 3. Act: a parked message (the tap that launched the app) is handed to the first matching subscriber, once.
        //    Navigation belongs to PushRouter.attach(to:), attached at launch (see Docs/Routing.md). Handlers run on
        //    the posting thread (for a tap, UserNotifications' own queue): UI work hops with Task { @MainActor in … }.
        let subscription = PushCenter.shared.subscribe(.tapped) { message in
            print(message.content.title ?? "", message.provider?.name ?? "local")
            if let link = message.deepLink { print("open", link) }  // app://product/12345
        }

        // 4. Hand over what iOS gives you (PushBusApple's glue does this for every callback).
        let userInfo: [AnyHashable: Any] = [
            "aps": ["alert": ["title": "新商品上架", "body": "Back in stock"], "badge": 1],
            "route": "app://product/12345", "gcm.message_id": "1700000000123456",
        ]
        let content = PushContent(userInfo: userInfo)  // never throws
        if !content.issues.isEmpty { print(content.issues) }  // what was malformed, and how it was read
        // iOS < 10: an inactive receive is a tap
        AppDelegateAdapter(delivery: delivery, mode: .legacy)
            .didReceiveRemoteNotification(userInfo, appState: .inactive)
        _ = (analytics, subscription)
    }
}
