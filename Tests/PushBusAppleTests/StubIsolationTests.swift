#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBusAppleStubs
import Testing

/// UIKit's stubs are main-actor isolated and UserNotifications' are not, as in Apple's SDK. This file checks it at
/// compile time: UIKit classes must be `Sendable` (which a nonisolated `open` class is not), and the nonisolated
/// functions here use UserNotifications' types. `.ci/steps/41-apple-stub-isolation.sh` adds the member-level check:
/// every UIKit stub member must reject nonisolated access.
@Suite(.timeLimit(.minutes(2))) struct StubIsolationTests {
    nonisolated static func readEverything(_ notification: UNNotification, center: UNUserNotificationCenter) -> String {
        center.removeAllDeliveredNotifications()
        let content = notification.request.content
        return [notification.request.identifier, content.title, content.categoryIdentifier].joined(separator: "|")
    }

    /// Compiles only for `Sendable` types; a UIKit stub class is `Sendable` because it is main-actor isolated.
    static func requireSendable<T: Sendable>(_: T.Type) {}

    /// The class-level half of the isolation check, at compile time: drop `@MainActor` from one of these stubs and
    /// this file no longer compiles (the CI step checks every member).
    @available(*, deprecated, message: "names the iOS 4–10 UIKit classes")
    @Test func uikitStubClassesAreMainActorIsolatedHenceSendable() {
        Self.requireSendable(UIResponder.self)
        Self.requireSendable(UIApplication.self)
        Self.requireSendable(UIScene.self)
        Self.requireSendable(UIScene.ConnectionOptions.self)
        Self.requireSendable(UISceneSession.self)
        Self.requireSendable(UILocalNotification.self)
        Self.requireSendable(UIUserNotificationAction.self)
        Self.requireSendable(UIMutableUserNotificationAction.self)
        Self.requireSendable(UIUserNotificationCategory.self)
        Self.requireSendable(UIMutableUserNotificationCategory.self)
        Self.requireSendable(UIUserNotificationSettings.self)
    }

    @Test func userNotificationsTypesAreUsableFromNonisolatedCode() async throws {
        let center = UNUserNotificationCenter(stubbed: ())
        let content = UNMutableNotificationContent()
        content.title = "Hi"
        content.categoryIdentifier = "CHAT"
        let request = UNNotificationRequest(identifier: "R", content: content, trigger: nil)
        try await center.add(request)

        #expect(
            Self.readEverything(UNNotification(stubbedDate: Date(), request: request), center: center) == "R|Hi|CHAT")
        #expect(await center.pendingNotificationRequests().map(\.identifier) == ["R"])
    }

    @Test func theAsyncFormsAnswerLikeTheCompletionHandlerForms() async throws {
        let center = UNUserNotificationCenter(stubbed: ())
        center.stubbedGrant = false

        let granted = try await center.requestAuthorization(options: [.alert])

        #expect(!granted)
        #expect(await center.notificationSettings().authorizationStatus == .denied)
    }
}
#endif
