// An app whose own types have the names apps give their push and session models (a Mastodon or Web Push client's
// `PushSubscription`, a `Notification` list, `Message`, `Token`, `AppState`, `DeviceToken`, …) beside `import PushBus`:
// PushBus's public types all have other names (`PushCancellable`, `PushMessage`, `PushToken`, `PushAppState`,
// `SystemPushClock`), so nothing here is qualified and nothing is ambiguous. Type-checked as code outside the package
// by .ci/steps/43-example-app.sh; never run. Docs/App.md ("Names an app may have too").
import Foundation
import PushBus

/// The W3C Push API's subscription, as a Mastodon client keeps one per account (`/api/v1/push/subscription`).
struct PushSubscription: Codable, Sendable {
    var endpoint: URL
    var serverKey: String
    var alerts: [String: Bool]
}

/// A paid plan.
struct Subscription: Sendable { var plan: String }

/// An entry of the app's own notification list (Mastodon's `/api/v1/notifications`).
struct Notification: Sendable, Identifiable {
    var id: String
    var title: String
    var isFromTap: Bool
}

/// A chat message.
struct Message: Sendable { var text: String }

/// The account's OAuth token.
struct Token: Sendable { var accessToken: String }

/// The app's session state.
struct AppState: Sendable {
    var isSignedIn = false
    var account: String?
}

/// The device token as the app's server API models it.
struct DeviceToken: Codable, Sendable { var hex: String }

/// The app's clock abstraction.
struct SystemClock: Sendable { var now: Date { Date() } }

/// Subscribes to the hub, keeps the handles, reads each message into the app's own types.
final class PushFeed {
    private var cancellables = Set<PushCancellable>()
    private var observation: PushCancellable?

    func start(
        center: PushCenter, session: AppState, subscription: PushSubscription, token: Token,
        show: @escaping @Sendable (Notification, Message) -> Void,
        register: @escaping @Sendable (DeviceToken, PushSubscription, Token) -> Void
    ) {
        guard session.isSignedIn else { return }
        center.subscribe(.tapped) { message in
            let notification = Notification(
                id: message.id.description, title: message.content.title ?? "",
                isFromTap: message.appState != .active)
            show(notification, Message(text: message.content.body ?? ""))
        }.store(in: &cancellables)
        observation = center.subscribeRegistration { event in
            if case .registered(let pushToken) = event {
                register(DeviceToken(hex: pushToken.hexString), subscription, token)
            }
        }
    }

    func stop() {
        observation?.cancel()
        cancellables.removeAll()
    }
}

/// PushBus's own types beside the app's, each under its own name.
func post(_ userInfo: [AnyHashable: Any], center: PushCenter, plan: Subscription, clock: SystemClock) {
    let state: PushAppState = plan.plan.isEmpty ? .background : .active
    center.post(PushMessage(content: PushContent(userInfo: userInfo), appState: state))
    let token: PushToken? = center.deviceToken
    let pushClock: any PushClock = SystemPushClock()
    _ = (token?.hexString, pushClock.now, clock.now)
}
