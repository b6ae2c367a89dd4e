import Foundation
import PushBus
import PushBusRouting
import PushBusTestSupport
import PushBusTesting
import Testing

/// The "after" code of the migration guides (Docs/Migration.md and the page per system it lists, and their
/// translations under Docs/zh-CN/), compiled and run on a simulated device: each flow an app wrote on O2SPushKit,
/// JPush, a launch-time pending route or ReerRouter behaves, written with PushBus, as the guide says.
@Suite(.timeLimit(.minutes(1))) struct MigrationGuideTests {
    static let pages = [
        "Migration", "MigrationFromO2SPushKit", "MigrationFromJPush", "MigrationFromPendingRoute",
        "MigrationFromReerRouter", "MigrationFromReminderDemo",
    ]

    @Test func everyScenarioTheGuideNamesExists() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for folder in ["Docs/", "Docs/zh-CN/"] {
            var namedInAll: Set<String> = []
            for page in Self.pages.map({ folder + $0 + ".md" }) {
                let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
                let nameCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-.")
                let named = Set(
                    text.split { !nameCharacters.contains($0) }.map(String.init)
                        .filter { $0.hasSuffix(".json") && $0.contains("-") })
                let missing = named.filter {
                    !FileManager.default.fileExists(
                        atPath: root.appendingPathComponent("Examples/scenarios/\($0)").path)
                }
                #expect(!named.isEmpty, "\(page) names its scenarios")
                #expect(missing.isEmpty, "\(page) names scenarios that do not exist")
                namedInAll.formUnion(named)
            }
            #expect(namedInAll.count >= 8, "the guides in \(folder) name their scenarios")
        }
    }

    /// A guide page is at most 300 lines, and the index links every page of its own; a page per system added to
    /// Docs/ (or its translation) is in `pages`, so the checks here read it too.
    @Test func theIndexLinksEveryPagePerSystem() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for folder in ["Docs/", "Docs/zh-CN/"] {
            let onDisk = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
                .filter { $0.hasPrefix("Migration") && $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }
            #expect(Set(onDisk) == Set(Self.pages), "the migration pages in \(folder)")
            let index = try String(contentsOf: root.appendingPathComponent(folder + "Migration.md"), encoding: .utf8)
            for page in Self.pages {
                let text = try String(contentsOf: root.appendingPathComponent(folder + page + ".md"), encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
                #expect(lines <= 300, "\(folder)\(page).md has \(lines) lines")
                if page != "Migration" {
                    #expect(index.contains("](\(page).md)"), "\(folder)Migration.md links \(page).md")
                }
            }
        }
    }

    // MARK: O2SPushKit

    /// O2SPushKit's categories (`O2SPushNotificationCategory` / `O2SPushNotificationAction`), one description for
    /// both iOS worlds.
    static func makeCategories() throws -> CategoryRegistry {
        let categories = try CategoryRegistry {
            PushCategory("doSomethingCategory", options: .customDismissAction) {
                PushAction.textInput(
                    "action.input", title: "Input", buttonTitle: "Send", placeholder: "What do you want to say…")
                PushAction.button("action.goodbye", title: "Goodbye", options: .foreground)
                PushAction.button("action.cancel", title: "Cancel", options: .destructive)
            }
        }
        return categories
    }

    /// O2SPushKit's one `O2SPushDidReceiveMessageNotification` observer and its four message types.
    static func receiveEverything(on center: PushCenter, log: Recorder<String>) -> PushCancellable {
        let subscription = center.subscribe { message in
            switch message.kind {
            case .remote: log.record(message.isSilent ? "remote, silent" : "remote, in the foreground")
            case .local: log.record("local, in the foreground")
            case .remoteTapped, .localTapped:
                let source = message.kind == .remoteTapped ? "remote" : "local"
                switch message.response?.action {
                case .custom(let action)?:
                    let category = message.content.categoryIdentifier ?? ""
                    log.record("\(source) \(category) \(action): \(message.response?.userText ?? "")")
                case .dismiss?: log.record("\(source) dismissed")
                default: log.record("\(source) opened")
                }
            }
        }
        return subscription
    }

    @Test func oneSubscriptionReceivesO2SPushKitsFourMessageTypes() async throws {
        let log = Recorder<String>()
        let device = SimulatedDevice(configuration: .init(categories: try Self.makeCategories())) { process in
            process.keep(Self.receiveEverything(on: process.center, log: log))
            let delivery = process.delivery
            // O2SPushCenter setupForegroundNotificationOptions: (iOS 14 split the alert into banner and list)
            delivery.presentationPolicy = .always([.banner, .list, .sound, .badge])
        }
        device.launch()

        _ = device.deliver(remote: ["aps": ["alert": "Your parcel left the warehouse"]])
        _ = device.deliver(remote: ["aps": ["content-available": 1], "sync": "inbox"])
        try device.schedule(
            local: LocalNotificationRequest(
                identifier: "standup", content: PushContent(title: "Stand up"),
                trigger: .timeInterval(5, repeats: false)))
        device.advanceTime(by: 5)
        device.moveToBackground()
        let chat = device.deliver(remote: ["aps": ["alert": "Say something", "category": "doSomethingCategory"]])
        try device.tap(chat, action: "action.input", text: "Hello")
        try device.tap("standup")
        await device.settle()

        #expect(
            log.values == [
                "remote, in the foreground", "remote, silent", "local, in the foreground",
                "remote doSomethingCategory action.input: Hello", "local opened",
            ])
        #expect(device.completions.allCalledOnce)
    }

    @Test func localNotificationsAreAddedFoundAndRemovedByIdentifier() async throws {
        let clock = ManualClock()
        let scheduler: any NotificationScheduler = SimulatedScheduler(clock: clock)

        try await scheduler.add(
            LocalNotificationRequest(
                identifier: "sale", content: PushContent(title: "Flash sale", body: "Starts in ten minutes"),
                trigger: .timeInterval(600, repeats: false)))
        let found = await scheduler.pendingRequests(withIdentifiers: ["sale"])
        await scheduler.removeNotifications(withIdentifiers: ["sale"], from: .all)

        #expect(found.map(\.identifier) == ["sale"])
        #expect(await scheduler.pendingRequests().isEmpty)
    }

    @Test func theBadgeIsSetClearedOrClearedWithTheList() async throws {
        let simulated = SimulatedBadge(count: 5)
        let badge: any BadgeController = simulated

        try await badge.setBadge(3)
        try await badge.clearBadge()
        try await badge.clearBadgeAndNotifications()

        #expect(simulated.changes.map(\.count) == [3, 0, 0])
        #expect(simulated.count == 0)
        #expect(simulated.changes.map(\.removesDeliveredNotifications) == [false, false, true])
    }

    // MARK: JPush

    /// The JPush app's three callbacks become one router attachment (taps: business line → page) and one
    /// subscription (arrivals in the foreground: kept in the message list, nothing opened).
    static func wireJPushApp(router: PushRouter, delivery: PushDelivery, messageList: Recorder<String>)
        -> [PushCancellable]
    {
        let rules = PayloadRouteRules([
            PayloadRouteRule(when: ["BusinessLine": "1"], open: "app://flight/order/{OrderID}"),
            PayloadRouteRule(when: ["BusinessLine": "2"], open: "app://hotel/order/{OrderID}"),
            PayloadRouteRule(when: ["BusinessLine": "3"], open: "app://train/order/{OrderID}"),
            PayloadRouteRule(when: ["BusinessLine": "4"], open: "app://car/order/{OrderID}"),
        ])
        let routing = router.attach(
            to: delivery.center,
            options: .init(
                link: { message in rules.link(for: message) ?? PushRouteLink.default(in: message) },
                ledger: delivery.ledger))
        let arrivals = delivery.center.subscribe(.provider(.jpush) && .kinds([.remote])) { message in
            messageList.record(message.provider?.messageID ?? message.id.rawValue)  // foreground: keep, open nothing
        }
        return [routing, arrivals]
    }

    @Test func jpushsThreeAppStatesAreOneFlowAndTheMessageIDIsTheIdentity() async throws {
        let router = PushRouter(schemes: ["app"], isReady: false)
        let opened = Recorder<String>()
        for line in ["flight", "hotel", "train", "car"] {
            try router.register("app://\(line)/order/:orderID") { request in opened.record(request.url) }
        }
        let messageList = Recorder<String>()
        let device = SimulatedDevice(router: router) { process in
            for subscription in Self.wireJPushApp(
                router: process.router!, delivery: process.delivery, messageList: messageList)
            {
                process.keep(subscription)
            }
        }
        device.launch()
        device.router?.setReady(true)

        // Foreground (jpushNotificationCenter:willPresentNotification:): kept, not opened.
        _ = device.deliver(remote: ["aps": ["alert": "Hotel confirmed"], "_j_msgid": 1001, "BusinessLine": 2])
        // Background, then a tap (didReceiveNotificationResponse:); the JPush SDK hands the tap over again, its
        // copy of the payload without `aps`: the same `_j_msgid` makes it the same push.
        device.moveToBackground()
        let train = device.deliver(remote: [
            "aps": ["alert": "Train G1234 departs at 9:05"], "_j_msgid": 1002, "BusinessLine": 3, "OrderID": "G1234",
        ])
        try device.tap(train)
        let userInfo: [AnyHashable: Any] = ["_j_msgid": 1002, "BusinessLine": 3, "OrderID": "G1234"]
        let adapter = device.appDelegateAdapter
        adapter.didReceiveForwardedNotification(userInfo, appState: .background, response: PushResponse(action: .open))
        // Killed (launchOptions' UIApplicationLaunchOptionsRemoteNotificationKey): a fresh process, opened once
        // its first screen is up.
        device.moveToBackground()
        let flight = device.deliver(remote: [
            "aps": ["alert": "Flight MU5101 is boarding"], "_j_msgid": 1003, "BusinessLine": 1, "OrderID": "MU5101",
        ])
        device.terminate()
        try device.tap(flight)
        #expect(opened.values == ["app://train/order/G1234"])
        device.router?.setReady(true)
        await device.settle()

        #expect(messageList.values == ["1001"])
        #expect(opened.values == ["app://train/order/G1234", "app://flight/order/MU5101"])
        #expect(device.messages.map(\.id.rawValue) == ["jpush:1001", "jpush:1002", "jpush:1003"])
        #expect(device.deliveries.duplicates.map(\.path).contains(.forwarded))
        #expect(device.completions.allCalledOnce)
    }

    // MARK: The launch-time pending route

    @Test func aColdStartTapOpensItsRouteOnceWhenTheFirstScreenIsUp() async throws {
        let shown = Recorder<String>()
        let router = PushRouter(schemes: ["app"], isReady: false)  // every open waits for setReady(true)
        try router.register("app://product/:productId") { request in
            shown.record("product \(request["productId"] ?? "") \(request["name"] ?? "")")
        }
        let device = SimulatedDevice(router: router) { process in
            // didFinishLaunching, before any callback; each route taken lands in the ledger
            let recorded = PushRouter.AttachOptions(ledger: process.delivery.ledger)
            process.keep(process.router!.attach(to: process.center, options: recorded))
        }

        let push = device.deliver(remote: [
            "aps": ["alert": ["title": "新商品上架", "body": "iPhone 16 Pro 现已开售"]],
            "route": "app://product/12345", "parameters": ["name": "iPhone 16 Pro", "price": "7999"],
        ])
        try device.tap(push)  // cold start: launch options, scene, didReceive: one tap, deferred
        #expect(shown.values.isEmpty)
        router.setReady(true)  // the first screen's viewDidAppear
        router.setReady(true)  // it appears again: nothing opens twice
        await device.settle()

        #expect(shown.values == ["product 12345 iPhone 16 Pro"])
        #expect(device.routes.deferred == ["app://product/12345"])
        #expect(device.messages.map(\.kind) == [.remoteTapped])
        #expect(device.completions.allCalledOnce)
    }

    // MARK: ReerRouter

    @Test func reerRouterRegistrationsInterceptorsFallbacksAndRedirectsMapOneToOne() throws {
        let shown = Recorder<String>()
        let isLoggedIn: @Sendable () -> Bool = { false }

        let router = PushRouter(schemes: ["myapp"])
        try router.register("myapp://user") { request in
            let style = request.presentation == .present ? "present" : "push"
            shown.record("user \(request["name"] ?? "") \(style)\(request.isAnimated ? "" : " no animation")")
        }
        try router.registerAction("myapp://abc_action") { _ in shown.record("action executed") }
        try router.register(
            "myapp://preference",
            options: RouteOptions(redirect: { request in
                request["some_key"] == "redirect" ? "myapp://new_preference" : nil
            })
        ) { _ in shown.record("preference") }
        try router.register("myapp://new_preference") { _ in shown.record("new preference") }
        let userPage = RouteInterceptor { request in
            request["name"] == "google" ? .reject("intercepted user page") : .allow
        }
        try router.addInterceptor(forRoute: "user", userPage)
        let loginGate = RouteInterceptor.willOpen { attempt in
            attempt.url.contains("bytedance") && !isLoggedIn() ? .reject("log in first") : .allow
        }
        router.addInterceptor(loginGate)

        router.open("myapp://user?name=phoenix", context: RouteContext(presentation: .present))
        router.open("myapp://user?name=apple&route_no_animation=1")
        router.open("myapp://user?name=google")
        router.open("myapp://user?name=bytedance")
        router.performAction("abc_action")
        router.open("myapp://unregisteredKey?route_fallback_url=myapp%3A%2F%2Fuser%3Fname%3Di_am_fallback")
        router.open("myapp://preference?some_key=redirect")

        #expect(
            shown.values == [
                "user phoenix present", "user apple push no animation", "action executed", "user i_am_fallback push",
                "new preference",
            ])
    }
}
