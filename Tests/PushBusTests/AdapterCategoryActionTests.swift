import Foundation
import PushBus
import PushBusTestSupport
import Testing

/// With the app's categories known, a tapped message carries the registered action the user chose.
@Suite struct AdapterCategoryActionTests {
    static func registry() throws -> CategoryRegistry {
        try CategoryRegistry {
            PushCategory("CHAT", options: .customDismissAction) {
                PushAction.textInput("REPLY", title: "Reply", buttonTitle: "Send", placeholder: "Message")
                PushAction.button("DELETE", title: "Delete", options: .destructive)
            }
            PushCategory("REMIND") {
                PushAction.button("SNOOZE", title: "Snooze")
            }
        }
    }

    @Test func aCustomActionResolvesToTheRegisteredAction() throws {
        let fixture = AdapterFixture()
        let registry = try Self.registry()
        fixture.delivery.categories = registry

        fixture.userNotifications.didReceive(
            ResponseSnapshot(notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "REPLY", userText: "Hi"),
            appState: .background
        ) {}

        let response = try #require(fixture.messages.values.first?.response)
        #expect(response.action == .custom("REPLY"))
        #expect(response.userText == "Hi")
        #expect(response.pushAction == registry.action("REPLY", inCategory: "CHAT"))
        #expect(response.pushAction?.isTextInput == true)
    }

    @Test func coldStartWithACustomActionCarriesTheRegisteredAction() throws {
        let center = PushCenter()
        PushDelivery.shared(for: center).categories = try Self.registry()
        let un = UserNotificationAdapter(center: center)
        let app = AppDelegateAdapter(center: center)
        let messages = Recorder<PushMessage>()
        let subscription = center.subscribe { messages.record($0) }
        defer { subscription.cancel() }

        app.didFinishLaunching(launchOptions: [.remoteNotification: Payloads.chat])
        un.didReceive(
            ResponseSnapshot(notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "DELETE"),
            appState: .inactive
        ) {}
        app.applicationDidBecomeActive()

        #expect(messages.count == 1)
        #expect(messages.values.first?.kind == .remoteTapped)
        #expect(messages.values.first?.response?.pushAction?.isDestructive == true)
    }

    @Test func legacyActionsResolveToo() throws {
        let fixture = AdapterFixture(mode: .legacy)
        fixture.delivery.categories = try Self.registry()

        fixture.appDelegate.handleAction(withIdentifier: "SNOOZE", for: Payloads.legacyLocal) {}
        fixture.appDelegate.handleAction(
            withIdentifier: "REPLY", forRemoteNotification: Payloads.chat,
            withResponseInfo: [AppDelegateAdapter.typedTextKey: "ok"]
        ) {}

        #expect(fixture.messages.values.map { $0.response?.pushAction?.identifier } == ["SNOOZE", "REPLY"])
    }

    @Test func systemActionsAndUnknownActionsHaveNoPushAction() throws {
        let fixture = AdapterFixture()
        fixture.delivery.categories = try Self.registry()

        for identifier in [
            PushResponse.Action.defaultActionIdentifier, PushResponse.Action.dismissActionIdentifier, "NOPE",
        ] {
            fixture.userNotifications.didReceive(
                ResponseSnapshot(notification: Payloads.snapshot(Payloads.chat), actionIdentifier: identifier),
                appState: .background
            ) {}
        }

        #expect(fixture.messages.count == 3)
        #expect(fixture.messages.values.allSatisfy { $0.response?.pushAction == nil })
    }

    @Test func withoutCategoriesThereIsNoPushAction() throws {
        let fixture = AdapterFixture()

        fixture.userNotifications.didReceive(
            ResponseSnapshot(notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "REPLY"),
            appState: .background
        ) {}

        #expect(fixture.messages.values.first?.response?.pushAction == nil)
        #expect(fixture.messages.values.first?.response?.action == .custom("REPLY"))
    }
}
