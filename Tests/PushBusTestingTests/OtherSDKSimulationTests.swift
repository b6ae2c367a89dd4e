import Foundation
import PushBus
import PushBusTesting
import Testing

/// A simulated app with two other push SDKs beside PushBus: each SDK's delegate hears only its own pushes, and iOS
/// is answered once per callback even when an SDK answers twice or never.
@Suite(.timeLimit(.minutes(1))) struct OtherSDKSimulationTests {
    static var brazePush: [String: Any] { ["aps": ["alert": "Sale"], "ab": ["c": "campaign-1"]] }
    static var oneSignalPush: [String: Any] { ["aps": ["alert": "Hello"], "custom": ["i": "os-1"]] }
    static var plainPush: [String: Any] { ["aps": ["alert": "From our server"]] }

    @Test func eachSDKGetsOnlyItsOwnPushesAndBothGetUnclaimedOnes() async throws {
        let device = SimulatedDevice()
        let braze = SimulatedSDK(name: "braze", providers: [.braze], answers: .twice)
        let oneSignal = SimulatedSDK(name: "onesignal", providers: [.oneSignal], answers: .never)
        device.otherSDKs.install(braze)
        device.otherSDKs.install(oneSignal)
        device.launch()

        let sale = device.deliver(remote: Self.brazePush)
        let hello = device.deliver(remote: Self.oneSignalPush)
        device.advanceTime(by: 1)  // onesignal never answers willPresent: PushBus answers at the 1 s deadline
        let plain = device.deliver(remote: Self.plainPush)
        device.advanceTime(by: 1)
        try device.tap(hello)
        device.advanceTime(by: 5)  // onesignal never answers didReceive either: the response deadline
        await device.settle()

        #expect(braze.callbacks.map(\.notification) == [sale, plain])
        #expect(oneSignal.callbacks.map(\.notification) == [hello, plain, hello])
        #expect(oneSignal.callbacks.last?.name == "didReceive")
        #expect(device.completions.of(.willPresent).count == 3)
        #expect(device.completions.of(.didReceiveResponse).count == 1)
        #expect(device.completions.allCalledOnce)
        #expect(device.messages.map(\.kind) == [.remote, .remote, .remote, .remoteTapped])
    }

    @Test func aForwardeeThatNeverAnswersHoldsIOSUntilTheDeadlineOnly() async throws {
        let device = SimulatedDevice()
        device.otherSDKs.install(SimulatedSDK(name: "stuck", answers: .never))
        device.launch()

        device.deliver(remote: Self.plainPush)
        #expect(device.completions.of(.willPresent).map(\.callCount) == [0])
        device.advanceTime(by: 1)

        #expect(device.completions.of(.willPresent).map(\.callCount) == [1])
    }

    @Test func aLateForwardeeIsWaitedForAndItsOptionsJoinTheUnion() async throws {
        let device = SimulatedDevice()
        device.delivery.presentationPolicy = .hidden
        device.otherSDKs.install(SimulatedSDK(name: "late", presentation: [.banner, .list], answers: .late(0.5)))
        device.launch()

        let push = device.deliver(remote: Self.plainPush)
        device.advanceTime(by: 0.5)

        #expect(device.completions.values(of: .willPresent) == ["[banner, list]"])
        #expect(device.deliveredNotifications.map(\.identifier) == [push])
    }

    @Test func openSettingsReachesTheSDKsToo() throws {
        let device = SimulatedDevice()
        let sdk = SimulatedSDK(name: "support")
        device.otherSDKs.install(sdk)
        device.launch()

        try device.settings.openAppSettings()

        #expect(sdk.callbacks.map(\.name) == ["openSettingsFor"])
    }

    @Test func anSDKReplacingTheCategoriesGetsTheUnionPutBackAndBothButtonsWork() async throws {
        let chat = PushCategory("CHAT") { PushAction.button("LIKE", title: "Like") }
        let promo = PushCategory("PROMO") { PushAction.button("SHOP", title: "Shop now", options: .foreground) }
        let device = SimulatedDevice(configuration: .init(categories: try CategoryRegistry([chat])))
        let braze = SimulatedSDK(name: "braze", providers: [.braze], categories: [promo])

        device.otherSDKs.install(braze)  // Braze calls setNotificationCategories([PROMO]): CHAT is gone for now
        #expect(device.categories.categories.map(\.identifier) == ["PROMO"])
        device.launch()  // PushBus notices at the next callback and registers the union

        #expect(Set(device.categories.categories.map(\.identifier)) == ["CHAT", "PROMO"])
        #expect(device.categoryOwnership.owners == ["CHAT": CategoryOwnership.pushBus, "PROMO": "braze"])
        device.moveToBackground()
        let sale = device.deliver(remote: ["aps": ["alert": "Sale", "category": "PROMO"], "ab": ["c": "1"]])
        let chatPush = device.deliver(remote: ["aps": ["alert": "Hi", "category": "CHAT"]])
        try device.tap(sale, action: "SHOP")
        try device.tap(chatPush, action: "LIKE")
        await device.settle()

        #expect(braze.callbacks.filter { $0.name == "didReceive" }.map(\.action) == ["SHOP", "LIKE"])
        #expect(device.messages.compactMap(\.response?.action) == [.custom("SHOP"), .custom("LIKE")])
    }

    @Test func theAppRegisteringItsCategoriesAddsThemToTheSDKs() throws {
        let promo = PushCategory("PROMO") { PushAction.button("SHOP", title: "Shop now") }
        let device = SimulatedDevice()
        device.otherSDKs.install(SimulatedSDK(name: "braze", categories: [promo]))
        device.launch()

        device.categories = try CategoryRegistry([PushCategory("CHAT") { PushAction.button("LIKE", title: "Like") }])

        #expect(device.categoryOwnership.categories(of: "braze") == ["PROMO"])
        #expect(device.categoryOwnership.categories(of: CategoryOwnership.pushBus) == ["CHAT"])
    }

    @Test func everySDKGetsTheDeviceTokenAlsoAfterARelaunch() {
        let device = SimulatedDevice()
        let braze = SimulatedSDK(name: "braze", providers: [.braze])
        let support = SimulatedSDK(name: "support")
        device.otherSDKs.install(braze)
        device.launch()

        device.registerForRemoteNotifications(deviceToken: Data([0xAB, 0xCD]))
        device.otherSDKs.install(support)  // set up after registration finished: still gets the latest token
        device.terminate()
        device.launch()
        device.registerForRemoteNotifications(deviceToken: Data([0x01]))

        #expect(braze.deviceTokens.map(\.hexString) == ["abcd", "01"])
        #expect(support.deviceTokens.map(\.hexString) == ["abcd", "01"])
    }
}
