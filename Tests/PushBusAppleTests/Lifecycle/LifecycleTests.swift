#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import PushBusRouting
import PushBusTestSupport
import Testing

/// The glue and the app's wiring, driven by a simulated UIKit of each generation (`SimulatedUIKit`): what iOS calls,
/// and nothing else. Each lifecycle goes through a cold-start tap, an answer the content extension recorded while the
/// app was away, and what the service extension could not record while the device was locked since boot.
///
/// Serialized with the other tests of the one global installation (`InstallAndDiagnoseGlueTests`).
extension InstallAndDiagnoseGlueTests {
    static let lifecycles: [(SimulatedUIKit.Lifecycle, @MainActor () -> any SimulatedAppWiring)] = [
        (.appDelegate, { ShopAppDelegate() }), (.scenes, { ShopSceneApp() }), (.swiftUI, { ShopSwiftUIApp() }),
    ]

    /// A fresh App Group, a fresh shared center, and the shop's route; returns the group's directory.
    private func prepare() throws -> URL {
        PushBusApp.uninstall()
        Shop.appGroup = "group.com.example.shop.\(UUID().uuidString)"
        try? Shop.router.register("shop://product/:id") { request in Shop.opened.record(request["id"] ?? "?") }
        let directory = try #require(
            FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Shop.appGroup))
        UNUserNotificationCenter.current().removeAllDeliveredNotifications()
        return directory
    }

    /// A remote notification shown just now (the inbox keeps entries for a limited age, measured from their date).
    private static func notification(_ identifier: String, route: String? = nil) -> UNNotification {
        var payload: [AnyHashable: Any] = ["aps": ["alert": ["title": "Order \(identifier)"], "category": "ORDER"]]
        payload["route"] = route
        let content = UNMutableNotificationContent()
        content.title = "Order \(identifier)"
        content.categoryIdentifier = "ORDER"
        content.userInfo = payload
        let request = UNNotificationRequest(
            identifier: identifier, content: content, trigger: UNPushNotificationTrigger(stubbedRepeats: false))
        return UNNotification(stubbedDate: Date(), request: request)
    }

    @Test(arguments: [0, 1, 2])
    func aColdStartTapOpensItsRouteOnceInEveryLifecycle(_ index: Int) async throws {
        let directory = try prepare()
        defer { PushBusApp.uninstall(); try? FileManager.default.removeItem(at: directory) }
        let (lifecycle, make) = Self.lifecycles[index]
        let openedBefore = Shop.opened.count
        let uikit = SimulatedUIKit(lifecycle, wiring: make())

        // When the user taps a product notification while the app is not running
        await uikit.coldStart(tapping: Self.notification("T-\(index)", route: "shop://product/\(index)"))

        // Then the route opened once (whichever callbacks reported the tap), recorded once in the shared ledger, and
        // launch ended on activation
        // (the route opens right after the adapter answered iOS: wait for it, not for the completion handler)
        try await Shop.opened.wait(for: "the route") { $0.count > openedBefore }
        #expect(Shop.opened.values.dropFirst(openedBefore) == ["\(index)"], "\(lifecycle): \(uikit.calls)")
        let ledger = try #require(PushBusApp.setup?.ledger)
        await OwnThread.run { ledger.waitForWrites() }  // the writer records the open on its own thread
        #expect(
            ledger.allRecords.filter { $0.requestIdentifier == "T-\(index)" && $0.event.kind == .opened }.count == 1)
        #expect(PushBusApp.installedDelivery.deliveryDiagnostics.isLaunchOver, "\(lifecycle): \(uikit.calls)")
        if lifecycle != .appDelegate {
            #expect(!uikit.calls.contains("applicationDidBecomeActive(_:)"))
        }
    }

    @Test(arguments: [0, 1, 2])
    func anAnswerTheContentExtensionRecordedReachesTheAppWhenItIsBack(_ index: Int) async throws {
        let directory = try prepare()
        defer { PushBusApp.uninstall(); try? FileManager.default.removeItem(at: directory) }
        let (lifecycle, make) = Self.lifecycles[index]
        let uikit = SimulatedUIKit(lifecycle, wiring: make())
        await uikit.coldStart()
        let answers = Recorder<String>()
        let subscription = PushCenter.shared.subscribe(.tapped) { message in
            if case .custom(let action)? = message.response?.action { answers.record(action) }
        }
        defer { subscription.cancel() }
        uikit.enterBackground()

        // When the user answers in the content extension (its own process, the shared ledger) while the app is away
        let extensionLedger = try DeliveryLedger(appGroup: Shop.appGroup)
        let session = ContentExtensionSession(
            notification: NotificationSnapshot(Self.notification("A-\(index)")), ledger: extensionLedger)
        #expect(session.answer(ContentExtensionAnswer(action: "CONFIRM", disposition: .dismiss)))
        #expect(answers.values.isEmpty)

        // Then the app's subscribers get the answer once, when the app is back
        await uikit.returnToForeground()
        try await answers.wait(for: "the answer") { !$0.isEmpty }
        #expect(answers.values == ["CONFIRM"], "\(lifecycle): \(uikit.calls)")
    }

    @Test(arguments: [0, 1, 2])
    func whatTheExtensionCouldNotRecordWhileLockedIsRecordedAtActivation(_ index: Int) async throws {
        let directory = try prepare()
        defer { PushBusApp.uninstall(); try? FileManager.default.removeItem(at: directory) }
        let (lifecycle, make) = Self.lifecycles[index]
        let uikit = SimulatedUIKit(lifecycle, wiring: make())
        await uikit.coldStart()
        uikit.enterBackground()

        // When Notification Center shows a notification the locked device's service extension could not record
        let shown = Self.notification("L-\(index)")
        UNUserNotificationCenter.current().stubDeliver(shown)
        let ledger = try #require(PushBusApp.setup?.ledger)
        #expect(!ledger.allRecords.contains { $0.requestIdentifier == "L-\(index)" })

        // Then it is in the ledger and the inbox once the app is active again
        await uikit.returnToForeground()
        let inbox = try #require(PushBusApp.setup?.inbox)
        try await TestDeadline.poll("the recovered entry") {
            inbox.entries().contains { $0.requestIdentifier == "L-\(index)" }
        }
        ledger.waitForWrites()
        #expect(ledger.allRecords.contains { $0.requestIdentifier == "L-\(index)" }, "\(lifecycle): \(uikit.calls)")
    }

    /// One setting keeps custom keys: `ledgerConfiguration.keptCustomKeys` in the app, the same keys in the service
    /// extension's ledger; entries either process adds carry those values in `customData`.
    @Test func theLedgersKeptCustomKeysReachTheInboxEntriesOfTheAppAndTheServiceExtension() async throws {
        let directory = try prepare()
        defer { PushBusApp.uninstall(); try? FileManager.default.removeItem(at: directory) }
        let uikit = SimulatedUIKit(.appDelegate, wiring: ShopAppDelegate())
        await uikit.coldStart()
        uikit.enterBackground()

        // When the service extension (its own process, its own ledger with the same keys) adds one push
        var configuration = DeliveryLedger.Configuration()
        configuration.keptCustomKeys = ["order"]
        let extensionLedger = try DeliveryLedger(
            appGroup: Shop.appGroup, role: .serviceExtension, configuration: configuration)
        let fromExtension = PushMessage(
            content: PushContent(payload: ["aps": ["alert": "Order E"], "order": "E-1", "secret": "x"]),
            requestIdentifier: "E")
        try PushInbox(ledger: extensionLedger).add(fromExtension, role: .serviceExtension)
        await OwnThread.run { extensionLedger.waitForWrites() }
        // and Notification Center shows another the app records itself when it is back
        var shown = Self.notification("A")
        let content = UNMutableNotificationContent()
        content.title = "Order A"
        content.userInfo = ["aps": ["alert": ["title": "Order A"]], "order": "A-1", "secret": "y"]
        shown = UNNotification(
            stubbedDate: Date(),
            request: UNNotificationRequest(
                identifier: "A", content: content, trigger: UNPushNotificationTrigger(stubbedRepeats: false)))
        UNUserNotificationCenter.current().stubDeliver(shown)
        await uikit.returnToForeground()

        // Then both entries keep "order" and nothing else
        let inbox = try #require(PushBusApp.setup?.inbox)
        try await TestDeadline.poll("both entries") {
            try? inbox.refresh()
            let ids = Set(inbox.entries().compactMap(\.requestIdentifier))
            return ids.isSuperset(of: ["E", "A"])
        }
        let entries = Dictionary(
            inbox.entries().compactMap { entry in entry.requestIdentifier.map { ($0, entry) } },
            uniquingKeysWith: { first, _ in first })
        #expect(entries["E"]?.customData == ["order": "E-1"])
        #expect(entries["A"]?.customData == ["order": "A-1"])
    }

    /// The wiring the Docs showed before: activation forwarded from `applicationDidBecomeActive(_:)` only. Without
    /// scenes it works; with scenes UIKit never calls it, launch never ends and nothing is recovered.
    @Test func forwardingActivationFromTheAppDelegateAloneMissesEveryActivationOfAScenebasedApp() async throws {
        for lifecycle in [SimulatedUIKit.Lifecycle.appDelegate, .scenes] {
            let directory = try prepare()
            defer { PushBusApp.uninstall(); try? FileManager.default.removeItem(at: directory) }
            let uikit = SimulatedUIKit(lifecycle, wiring: ForwardingOnlyAppDelegate())
            await uikit.coldStart()
            #expect(
                PushBusApp.installedDelivery.deliveryDiagnostics.isLaunchOver == (lifecycle == .appDelegate),
                "\(lifecycle): \(uikit.calls)")
        }
    }
}
#endif
