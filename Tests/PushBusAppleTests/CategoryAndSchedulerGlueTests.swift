#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleStubs
import Testing

private func chatRegistry() throws -> CategoryRegistry {
    try CategoryRegistry {
        PushCategory(
            "CHAT", options: [.customDismissAction], intentIdentifiers: ["INSendMessageIntent"],
            hiddenPreviewsBodyPlaceholder: "New message"
        ) {
            PushAction.textInput(
                "REPLY", title: "Reply", options: .authenticationRequired, buttonTitle: "Send",
                placeholder: "Message"
            )
            .icon(.system("arrowshape.turn.up.left"))
            PushAction.button("DELETE", title: "Delete", options: [.destructive])
            PushAction.button("OPEN", title: "Open", options: [.foreground], icon: .template("open-icon"))
        }
    }
}

/// PushCategory / PushAction become the UserNotifications and legacy UIKit objects.
@MainActor @Suite struct CategoryGlueTests {
    @Test func modernCategoriesCarryActionsOptionsAndIcons() throws {
        let category = try #require(try chatRegistry().category("CHAT")).makeNotificationCategory()

        #expect(category.identifier == "CHAT")
        #expect(category.options == .customDismissAction)
        #expect(category.intentIdentifiers == ["INSendMessageIntent"])
        #expect(category.hiddenPreviewsBodyPlaceholder == "New message")
        #expect(category.actions.map(\.identifier) == ["REPLY", "DELETE", "OPEN"])
        let reply = try #require(category.actions[0] as? UNTextInputNotificationAction)
        #expect(reply.textInputButtonTitle == "Send")
        #expect(reply.textInputPlaceholder == "Message")
        #expect(reply.options == .authenticationRequired)
        #expect(reply.icon?.stubbedDescription == "system:arrowshape.turn.up.left")
        #expect(!(category.actions[1] is UNTextInputNotificationAction))
        #expect(category.actions[1].options == .destructive)
        #expect(category.actions[2].icon?.stubbedDescription == "template:open-icon")
    }

    @Test func registeringSetsTheSystemCategoriesAndTheCentersRegistry() throws {
        let center = PushCenter()
        let notificationCenter = UNUserNotificationCenter(stubbed: ())

        PushBusApp.register(categories: try chatRegistry(), center: center, notificationCenter: notificationCenter)

        #expect(notificationCenter.stubbedCategories.map(\.identifier) == ["CHAT"])
        #expect(PushDelivery.shared(for: center).categories?.action("REPLY", inCategory: "CHAT")?.isTextInput == true)
        #expect(PushDelivery.shared(for: center).deliveryDiagnostics.areCategoriesRegistered)
    }

    @available(*, deprecated, message: "exercises the iOS 4–10 UIKit API")
    @Test func legacyCategoriesHaveDefaultAndMinimalContexts() throws {
        let category = try #require(try chatRegistry().category("CHAT")).makeUserNotificationCategory()

        #expect(category.identifier == "CHAT")
        let actions = try #require(category.actions(for: .default))
        #expect(actions.map(\.identifier) == ["REPLY", "DELETE", "OPEN"])
        #expect(category.actions(for: .minimal)?.map(\.identifier) == ["REPLY", "DELETE"])
        #expect(actions[0].behavior == .textInput)
        #expect(actions[0].parameters[UIUserNotificationTextInputActionButtonTitleKey] as? String == "Send")
        #expect(actions[0].activationMode == .background)
        #expect(actions[0].isAuthenticationRequired)
        #expect(actions[1].isDestructive)
        #expect(actions[2].activationMode == .foreground)
    }

    @available(*, deprecated, message: "exercises the iOS 4–10 UIKit API")
    @Test func legacyRegistrationUsesUserNotificationSettings() throws {
        let center = PushCenter()
        let application = UIApplication(stubbed: ())

        PushBusApp.registerLegacy(categories: try chatRegistry(), application: application, center: center)

        #expect(application.stubbedUserNotificationSettings?.types == [.alert, .sound, .badge])
        #expect(application.stubbedUserNotificationSettings?.categories?.count == 1)
        #expect(PushDelivery.shared(for: center).deliveryDiagnostics.areCategoriesRegistered)
    }
}

/// The UNUserNotificationCenter-backed scheduler converts requests both ways.
@Suite(.timeLimit(.minutes(2))) struct SchedulerGlueTests {
    @Test func requestsRoundTripThroughTheCenter() async throws {
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        let scheduler = UserNotificationScheduler(notificationCenter: notificationCenter)
        let reminder = LocalNotificationRequest(
            identifier: "stand-up",
            content: PushContent(
                title: "Stand up", body: "An hour already", badge: 1, sound: .default,
                categoryIdentifier: "REMIND", interruptionLevel: .timeSensitive,
                userInfo: ["route": "myapp://health"]),
            trigger: .timeInterval(3600, repeats: true))
        let morning = LocalNotificationRequest(
            identifier: "morning", content: PushContent(body: "Good morning"),
            trigger: .calendar(DateComponents(hour: 8, minute: 30), repeats: true))
        let home = LocalNotificationRequest(
            identifier: "home", content: PushContent(body: "Welcome home"),
            trigger: .location(
                LocationRegion(identifier: "home", latitude: 52.5, longitude: 13.4, radius: 100),
                repeats: false))

        try await scheduler.add(reminder)
        try await scheduler.add(morning)
        try await scheduler.add(home)
        let pending = await scheduler.pendingRequests()

        #expect(pending == [reminder, morning, home])
        let stored = try #require(notificationCenter.stubbedPendingRequests.first)
        #expect(stored.content.title == "Stand up")
        #expect(stored.content.badge == 1)
        #expect(stored.content.interruptionLevel == .timeSensitive)
        #expect(stored.content.userInfo["route"] as? String == "myapp://health")
        #expect((stored.trigger as? UNTimeIntervalNotificationTrigger)?.timeInterval == 3600)
    }

    @Test func invalidRequestsAreRejectedBeforeReachingTheCenter() async {
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        let scheduler = UserNotificationScheduler(notificationCenter: notificationCenter)

        await #expect(throws: LocalNotificationError.self) {
            try await scheduler.add(
                LocalNotificationRequest(
                    identifier: "too-often", content: PushContent(body: "x"), trigger: .timeInterval(30, repeats: true))
            )
        }
        #expect(notificationCenter.stubbedPendingRequests.isEmpty)
    }

    @Test func removalsReachTheCenterAndDeliveredOnesComeBack() async throws {
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        let scheduler = UserNotificationScheduler(notificationCenter: notificationCenter)
        try await scheduler.add(LocalNotificationRequest(identifier: "a", content: PushContent(body: "A")))
        try await scheduler.add(LocalNotificationRequest(identifier: "b", content: PushContent(body: "B")))
        let content = UNMutableNotificationContent()
        content.userInfo = ["aps": ["alert": "Pushed"]]
        notificationCenter.stubDeliver(
            UNNotification(
                stubbedDate: Date(timeIntervalSince1970: 0),
                request: UNNotificationRequest(
                    identifier: "push", content: content, trigger: UNPushNotificationTrigger(stubbedRepeats: false))))

        await scheduler.removePendingRequests(withIdentifiers: ["a"])
        let delivered = await scheduler.deliveredNotifications()
        let pendingAfterRemoval = await scheduler.pendingRequests()
        await scheduler.removeAllDeliveredNotifications()
        await scheduler.removeAllPendingRequests()

        #expect(pendingAfterRemoval.map(\.identifier) == ["b"])
        #expect(delivered.map(\.identifier) == ["push"])
        #expect(delivered.first?.isRemote == true)
        #expect(delivered.first?.request.content.body == "Pushed")
        #expect(await scheduler.deliveredNotifications().isEmpty)
        #expect(await scheduler.pendingRequests().isEmpty)
    }
}

/// The badge: setBadgeCount on iOS 16+, applicationIconBadgeNumber (with the -1 trick) below.
@MainActor @Suite(.serialized, .timeLimit(.minutes(2))) struct BadgeGlueTests {
    @Test func setAndClearUseSetBadgeCount() async throws {
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        notificationCenter.stubDeliver(
            UNNotification(
                stubbedDate: Date(),
                request: UNNotificationRequest(identifier: "n", content: UNNotificationContent(), trigger: nil)))
        let badge = UserNotificationBadge(notificationCenter: notificationCenter)

        try await badge.setBadge(5)
        #expect(notificationCenter.stubbedBadgeCount == 5)
        try await badge.clearBadge()
        #expect(notificationCenter.stubbedBadgeCount == 0)
        #expect(
            await UserNotificationScheduler(notificationCenter: notificationCenter).deliveredNotifications().count == 1)
        try await badge.clearBadgeAndNotifications()
        #expect(
            await UserNotificationScheduler(notificationCenter: notificationCenter).deliveredNotifications().isEmpty)
    }

    @Test func legacyClearKeepsTheListWithMinusOne() async throws {
        let notificationCenter = UNUserNotificationCenter(stubbed: ())
        let badge = UserNotificationBadge(notificationCenter: notificationCenter, prefersLegacy: true)

        try await badge.setBadge(3)
        #expect(UIApplication.shared.applicationIconBadgeNumber == 3)
        try await badge.clearBadge()
        #expect(UIApplication.shared.applicationIconBadgeNumber == -1)
        try await badge.clearBadgeAndNotifications()
        #expect(UIApplication.shared.applicationIconBadgeNumber == 0)
        #expect(notificationCenter.stubbedBadgeCount == nil)
    }

    @Test func negativeCountsAreRejected() async {
        let badge = UserNotificationBadge(notificationCenter: UNUserNotificationCenter(stubbed: ()))

        await #expect(throws: BadgeError.negativeCount(-2)) { try await badge.setBadge(-2) }
    }
}
#endif
