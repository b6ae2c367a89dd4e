#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import Testing
import PushBusTestSupport

/// `PushBusApp.register(categories:)` adds to what other SDKs registered, and puts the union back when one of them
/// later replaces the set.
@MainActor @Suite struct CategoryMergeGlueTests {
    let notificationCenter = UNUserNotificationCenter(stubbed: ())

    static func promo(_ identifier: String) -> UNNotificationCategory {
        UNNotificationCategory(
            identifier: identifier, actions: [UNNotificationAction(identifier: "SHOP", title: "Shop")],
            intentIdentifiers: [])
    }

    func registered() -> [String] { notificationCenter.stubbedCategories.map(\.identifier).sorted() }

    @Test func registeringAddsToTheCategoriesAnotherSDKRegisteredFirst() throws {
        notificationCenter.setNotificationCategories([Self.promo("PROMO")])  // another SDK, before PushBus

        let registry = try CategoryRegistry([PushCategory("CHAT") { PushAction.button("LIKE", title: "Like") }])
        PushBusApp.register(categories: registry, center: PushCenter(), notificationCenter: notificationCenter)

        #expect(registered() == ["CHAT", "PROMO"])
        let owners = PushBusApp.categoryOwnership(notificationCenter: notificationCenter).owners
        #expect(owners == ["CHAT": CategoryOwnership.pushBus, "PROMO": CategoryOwnership.unknown])
    }

    @Test func aLaterReplacementIsUndoneAtTheNextNotificationCallback() throws {
        let registry = try CategoryRegistry([PushCategory("CHAT") { PushAction.button("LIKE", title: "Like") }])
        let center = PushCenter()
        PushBusApp.register(categories: registry, center: center, notificationCenter: notificationCenter)
        notificationCenter.setNotificationCategories([Self.promo("PROMO")])  // another SDK replaces the set
        #expect(registered() == ["PROMO"])

        let delegate = PushNotificationDelegate(adapter: UserNotificationAdapter(center: center)) { .active }
        delegate.userNotificationCenter(
            notificationCenter, willPresent: StubNotifications.remote(StubNotifications.chatPayload)
        ) { _ in }

        #expect(registered() == ["CHAT", "PROMO"])
    }

    @Test func reRegisteringReplacesOnlyPushBusOwnCategories() throws {
        let center = PushCenter()
        let first = try CategoryRegistry([PushCategory("OLD") { PushAction.button("A", title: "A") }])
        let second = try CategoryRegistry([PushCategory("NEW") { PushAction.button("B", title: "B") }])
        PushBusApp.register(categories: first, center: center, notificationCenter: notificationCenter)
        notificationCenter.setNotificationCategories(notificationCenter.stubbedCategories.union([Self.promo("PROMO")]))
        PushBusApp.reconcileCategories(notificationCenter: notificationCenter)

        PushBusApp.register(categories: second, center: center, notificationCenter: notificationCenter)

        #expect(registered() == ["NEW", "PROMO"])
    }
}
#endif
